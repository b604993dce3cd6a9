/* A C program probing dtb tables: the value of each FEN given, and its best moves.
 *   probe_example DIR FEN...
 * Build against an installed dtb:  cc probe_example.c $(pkg-config --cflags --libs dtb) */
#include <dtb/probe.h>
#include <stdio.h>

static const char* wdl_name(int wdl) {
    return wdl == DTB_WIN ? "win" : wdl == DTB_DRAW ? "draw" : "loss";
}

int main(int argc, char** argv) {
    dtb_tb* tb = NULL;
    dtb_status s;
    int i, failed = 0;
    if (argc < 3) {
        fprintf(stderr, "usage: %s DIR FEN...\n", argv[0]);
        return 2;
    }
    s = dtb_open(argv[1], (size_t)16 << 20, &tb);
    if (s != DTB_OK) {
        fprintf(stderr, "%s: %s (%s)\n", argv[1], dtb_status_string(s), dtb_error_message());
        return 1;
    }
    printf("%s tables in %s\n", dtb_variant(tb), argv[1]);
    for (i = 2; i < argc; ++i) {
        dtb_value v;
        dtb_move moves[8];
        size_t n = 0, k;
        s = dtb_probe_fen(tb, argv[i], DTB_WANT_DTW | DTB_WANT_DTC, &v);
        if (s != DTB_OK) {
            printf("%s: %s (%s)\n", argv[i], dtb_status_string(s), dtb_error_message());
            failed = 1;
            continue;
        }
        printf("%s: %s, dtw %d, dtc %d\n", argv[i], wdl_name(v.wdl), v.dtw, v.dtc);
        /* Only the first 8 moves are wanted: DTB_ERR_BUFFER just says there are more. */
        s = dtb_best_moves(tb, argv[i], moves, 8, &n);
        if (s != DTB_OK && s != DTB_ERR_BUFFER) {
            printf("  moves: %s\n", dtb_status_string(s));
            failed = 1;
            continue;
        }
        for (k = 0; k < n && k < 8; ++k)
            printf("  %-10s -> %s for the opponent, dtw %d\n", moves[k].text,
                   wdl_name(moves[k].after.wdl), moves[k].after.dtw);
    }
    dtb_close(tb);
    return failed;
}
