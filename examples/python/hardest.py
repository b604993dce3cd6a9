#!/usr/bin/env python3
"""The hardest position of a material and its best line.

Opens a table directory, finds the position of MATERIAL (white to move) whose win takes the
most moves under the draw counters (or pure, with --pure), and prints it with its best line.

    python3 examples/python/hardest.py tables/russian KKKvK
    python3 examples/python/hardest.py tables/russian KKMvK --pure
"""

import argparse
import sys

import dtb


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", help="table directory written by dtb gen")
    parser.add_argument("material", help="material such as KKKvK (White's pieces v Black's)")
    parser.add_argument("--pure", action="store_true", help="ignore the draw counters")
    args = parser.parse_args()
    try:
        with dtb.open_tablebase(args.directory) as tb:
            rows = tb.counters_report(args.material, distances=not args.pure)
            white = next(r for r in rows if r["side_to_move"] == "white")
            kind = "pure" if args.pure else "counters"
            fen = white[f"hardest_fen_{kind}"]
            if not fen:
                print(f"{args.material}: no win for White to move ({kind})")
                return 0
            moves = white[f"max_winner_moves_{kind}"]
            print(f"{tb.variant} {args.material}: {white['positions']} positions with White to move")
            print(f"hardest ({kind}): {fen}, {moves} moves of the winner")
            line = tb.best_line(fen, pure=args.pure)
            for ply, m in enumerate(line, start=1):
                side = "White" if ply % 2 else "Black"
                budget = "" if args.pure else f"  budget {m.counters.budget}"
                print(f"{ply:3}. {side:5} {m.move:10}{budget}")
    except dtb.Error as e:
        print(f"hardest.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
