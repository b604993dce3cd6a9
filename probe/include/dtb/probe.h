/* dtb probe: the C interface to draughts endgame tablebases.
 *
 * A directory holds the tables of one variant (as `dtb gen` writes them, with manifest.json
 * naming the variant). dtb_open() reads nothing but the manifest: tables are found, mapped
 * and checked the first time a probe needs them, and decoded blocks are kept in a cache
 * whose size is fixed at open. A handle may be used by many threads at once.
 *
 * Every answer is right for every legal position: a position in which the side to move must
 * capture is resolved by a search over the captures, one in which it faces a capture threat
 * that no move answers with another by a search one move deep (the tables leave both out),
 * Black to move through the colour flip, and a position outside the installed tables gets
 * DTB_ERR_NOT_AVAILABLE - never a guess.
 * Errors are returned, never raised; dtb_error_message() says what went wrong in words.
 *
 * Values are for the side to move: WDL (win, draw, loss; a repetition is a draw, draw
 * counters are not applied), DTW (plies to the end of the game, the winner hurrying and the
 * loser delaying) and DTC (plies to the next capture or man move after which the win still
 * holds). DTW and DTC are 0 for a draw and for a side to move without a move.
 *
 * C99; link with -ldtb_probe (pkg-config: dtb). */
#ifndef DTB_PROBE_H
#define DTB_PROBE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dtb_tb dtb_tb;

typedef enum dtb_status {
    DTB_OK = 0,
    DTB_ERR_ARGUMENT = 1,      /* a null pointer, an unknown flag */
    DTB_ERR_DIRECTORY = 2,     /* no such directory, or no readable manifest.json in it */
    DTB_ERR_VARIANT = 3,       /* the variant is unknown, or has no tables (frisian) */
    DTB_ERR_FEN = 4,           /* a malformed FEN, or a move text that names no legal move */
    DTB_ERR_POSITION = 5,      /* not a position: pieces overlap, a man on its promotion row,
                                  a square off the board, the side not to move has no piece */
    DTB_ERR_NOT_AVAILABLE = 6, /* the position (or a capture from it) needs a table that is not
                                  installed, or the value kind asked for is not installed */
    DTB_ERR_IO = 7,            /* a table file could not be read */
    DTB_ERR_CORRUPT = 8,       /* a table file is truncated, corrupted or does not match */
    DTB_ERR_MEMORY = 9,        /* out of memory */
    DTB_ERR_BUFFER = 10,       /* an output array is too small (the count needed is set) */
    DTB_ERR_COUNTERS = 11      /* draw counters the position cannot have (a count beyond its
                                  limit, for a rule out of scope, ...) */
} dtb_status;

/* The game value for the side to move (the same codes as the table files). */
typedef enum dtb_wdl { DTB_WIN = 1, DTB_DRAW = 2, DTB_LOSS = 3 } dtb_wdl;

/* What to compute, for dtb_probe_position() and dtb_probe_fen(): WDL always; the distances
 * on request (each costs a lookup in another table). */
enum { DTB_WANT_WDL = 0, DTB_WANT_DTW = 1, DTB_WANT_DTC = 2 };

typedef struct dtb_value {
    int wdl; /* dtb_wdl */
    int dtw; /* plies, when asked for (DTB_WANT_DTW), else -1 */
    int dtc; /* plies, when asked for (DTB_WANT_DTC), else -1 */
} dtb_value;

/* A position for engines: bit n-1 of a mask is square n in the variant's PDN numbering
 * (e.g. 1..32 on 8x8, 1..50 on 10x10, 1..72 in canadian); word 0 holds squares 1..64, word 1
 * squares 65..128. Variants written only in algebraic notation (turkish, armenian) number
 * a1 = 1, b1 = 2, ..., h1 = 8, a2 = 9, ..., h8 = 64. Kings are also in white or black.
 * Frisian: a dtb_position has no king-move streak (no king has made a run of moves); a
 * position with one is given as a FEN with its ":R" field (e.g. ":RW28/2"). */
typedef struct dtb_position {
    int side_to_move; /* 0 White, 1 Black */
    uint64_t white[2];
    uint64_t black[2];
    uint64_t kings[2];
} dtb_position;

/* A legal move with the value of the position after it, for the side to move there (as in
 * `dtb probe --json`): a move to a lost position wins. */
typedef struct dtb_move {
    char text[64]; /* PDN move text, e.g. "c3-d4", "e3:g5", "26x37x48" */
    dtb_value after;
} dtb_move;

/* Opens the tables in `dir`; the variant is read from dir/manifest.json. `dir` may be a
 * search path, "DIR1:DIR2:..." (as PATH): a table is taken from the first directory that has
 * it; every directory's manifest must name the same variant (and the same counter set for its
 * counters' tables), else DTB_ERR_VARIANT. cache_bytes bounds the memory of decoded blocks (0:
 * no cache, every probe decodes; 64 << 20 is a good start). On success *out is a handle to
 * close with dtb_close(). */
dtb_status dtb_open(const char* dir, size_t cache_bytes, dtb_tb** out);
/* The same, with the variant named (e.g. "russian"), for directories without a manifest (one
 * that has a manifest naming another variant is refused). */
dtb_status dtb_open_variant(const char* dir, const char* variant, size_t cache_bytes, dtb_tb** out);
void dtb_close(dtb_tb* tb);

/* The variant's name, e.g. "russian". */
const char* dtb_variant(const dtb_tb* tb);

/* What is installed, as found when the handle was opened: the materials with a WDL table in
 * one of the directories (e.g. "KKMvK": White's kings K and men M, "v", Black's), fewest
 * pieces first; material i's name ("" beyond the last) and the tables it has (DTB_HAS_*
 * flags); and the largest number of pieces of an installed material (0: none), as Fathom's
 * TB_LARGEST. A position with more pieces needs no probe: it gets DTB_ERR_NOT_AVAILABLE. */
enum { DTB_HAS_WDL = 1, DTB_HAS_DTW = 2, DTB_HAS_DTC = 4, DTB_HAS_COUNTERS = 8 };
int dtb_material_count(const dtb_tb* tb);
const char* dtb_material_name(const dtb_tb* tb, int i);
int dtb_material_tables(const dtb_tb* tb, int i);
int dtb_largest(const dtb_tb* tb);

/* The value of a position given as PDN FEN ("W:Wc3,Kh2:Bf6"). */
dtb_status dtb_probe_wdl(dtb_tb* tb, const char* fen, int* wdl);
dtb_status dtb_probe_dtw(dtb_tb* tb, const char* fen, int* wdl, int* dtw);
dtb_status dtb_probe_dtc(dtb_tb* tb, const char* fen, int* wdl, int* dtc);
/* want: DTB_WANT_WDL or a combination of DTB_WANT_DTW and DTB_WANT_DTC. */
dtb_status dtb_probe_fen(dtb_tb* tb, const char* fen, int want, dtb_value* out);
dtb_status dtb_probe_position(dtb_tb* tb, const dtb_position* p, int want, dtb_value* out);

/* Every legal move with its value, best first (the fastest win, then draws, then the
 * slowest loss). Writes min(count, capacity) moves and sets *count to the number of legal
 * moves; returns DTB_ERR_BUFFER when capacity is smaller. */
dtb_status dtb_best_moves(dtb_tb* tb, const char* fen, dtb_move* moves, size_t capacity,
                          size_t* count);

/* The principal variation from a won or lost position: best moves (the winner's fastest,
 * the loser's slowest) to the end of the game, each with the value after it; none for a
 * draw. Writes min(count, capacity) moves and sets *count to the line's length; returns
 * DTB_ERR_BUFFER when capacity is smaller. Needs the DTW tables. */
dtb_status dtb_best_line(dtb_tb* tb, const char* fen, dtb_move* moves, size_t capacity,
                         size_t* count);

/* ---- Under the draw counters (docs/variants.md#draw-counters) ----
 *
 * The tables of `dtb gen` also hold the values under the variant's force and move-count
 * rules, for one counter set (dtb_counter_set(); e.g. russian "fmjd64"). The counters of a position
 * are one count per rule of that set, in plies since the count started, or -1 where the rule
 * is not counting (out of its scope, or waiting: russian 7.2.7 when the lone king stood off
 * the long diagonal, the portuguese count before the river). A win the counters turn into a
 * draw is a cursed win, a loss they save a blessed loss. */
#define DTB_MAX_COUNTERS 6

typedef struct dtb_counters {
    int plies[DTB_MAX_COUNTERS]; /* index i: the counter set's rule i (dtb_counter_name) */
} dtb_counters;

typedef enum dtb_counters_class {
    DTB_CLASS_WIN = 1,
    DTB_CLASS_CURSED_WIN = 2, /* won with counters ignored, drawn under them */
    DTB_CLASS_DRAW = 3,
    DTB_CLASS_BLESSED_LOSS = 4, /* lost with counters ignored, drawn under them */
    DTB_CLASS_LOSS = 5
} dtb_counters_class;

typedef struct dtb_counters_value {
    int wdl;        /* dtb_wdl under the counters */
    int klass;      /* dtb_counters_class */
    int budget;     /* plies the binding counter must leave for the position's win or loss
                       (also for a cursed win or blessed loss: what it would need); -1 if none */
    dtb_value pure; /* the value with counters ignored: WDL, DTW and DTC */
} dtb_counters_value;

/* A legal move, the counters after it and the value after it under them (for the side to
 * move then). */
typedef struct dtb_counters_move {
    char text[64];
    dtb_counters counters;
    dtb_counters_value after;
} dtb_counters_move;

/* The counter set the tables follow, its number of counters and the name of counter i
 * (e.g. "three-kings"); "" beyond the last. */
const char* dtb_counter_set(const dtb_tb* tb);
int dtb_counter_count(const dtb_tb* tb);
const char* dtb_counter_name(const dtb_tb* tb, int i);

/* The counters after `moves` (PDN move texts separated by spaces, NULL or "" for none) are
 * played from `fen` with fresh counters; the position reached is written to fen_out when it
 * is not NULL (fen_capacity bytes, NUL included). */
dtb_status dtb_counters_after(dtb_tb* tb, const char* fen, const char* moves, dtb_counters* out,
                              char* fen_out, size_t fen_capacity);

/* The value of `fen` under the counters at `counters` (NULL: fresh, as when the position has
 * just arisen by a capture), with the pure value beside it. */
dtb_status dtb_probe_counters(dtb_tb* tb, const char* fen, const dtb_counters* counters,
                              dtb_counters_value* out);

/* Every legal move under the counters, best first: the moves that win within the counters
 * (least budget first), then those that keep a draw, then losses (most budget first).
 * Buffer conventions as dtb_best_moves. */
dtb_status dtb_best_moves_counters(dtb_tb* tb, const char* fen, const dtb_counters* counters,
                                   dtb_counters_move* moves, size_t capacity, size_t* count);

/* The line under the counters from a position won or lost under them, to the end of the game:
 * the winner's moves end the game soonest under the counters, the loser's delay it most (its
 * length is the distance under the counters, docs/counters.md). None for a draw under the
 * counters. Needs the DTW tables; Status DTB_ERR_NOT_AVAILABLE past the distance search's
 * bound. Buffer conventions as dtb_best_line. */
dtb_status dtb_best_line_counters(dtb_tb* tb, const char* fen, const dtb_counters* counters,
                                  dtb_counters_move* moves, size_t capacity, size_t* count);

/* ---- The root probe, for engines (as Fathom's tb_probe_root) ----
 *
 * Every legal move of a position, identified as an engine's move generator identifies it,
 * with its value and its rank, best first. Without counters (NULL) the moves are ranked by
 * the pure value, as dtb_best_moves ranks them (where only WDL tables are installed, by WDL
 * alone, with dtw and dtc -1); with counters, by the value under them, as
 * dtb_best_moves_counters ranks them (the counters' tables are needed). */
typedef struct dtb_root_move {
    char text[64];         /* PDN move text, e.g. "c3-d4", "26x37x48" */
    int from, to;          /* square numbers, as dtb_position numbers them */
    uint64_t captured[2];  /* the squares of the pieces the move takes, as dtb_position's masks */
    dtb_value after;       /* the pure value after the move, for the side to move then */
    int rank;              /* 0 for the best moves, then 1, 2, ...: moves of one rank have the
                              same value after them (pure: WDL, DTW, DTC; under counters: WDL
                              and budget under them, pure DTW) */
    int has_counters;      /* 1 when counters were given: the two fields below are set */
    dtb_counters counters; /* the counters after the move */
    dtb_counters_value counted; /* the value under them after the move */
} dtb_root_move;

/* counters: NULL to rank by the pure value; else the counters of `pos` (-1: not counting;
 * dtb_counters_after gives fresh ones). Buffer conventions as dtb_best_moves. */
dtb_status dtb_probe_root(dtb_tb* tb, const dtb_position* pos, const dtb_counters* counters,
                          dtb_root_move* moves, size_t capacity, size_t* count);

/* A fixed sentence for a status code. */
const char* dtb_status_string(dtb_status status);
/* What the last failing call of this thread was about (the file, the square, ...), like
 * errno: valid until the thread's next call into this library. */
const char* dtb_error_message(void);

#ifdef __cplusplus
}
#endif

#endif /* DTB_PROBE_H */
