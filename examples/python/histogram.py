#!/usr/bin/env python3
"""A material's distance histogram, pure and under the draw counters, as a PNG.

Positions by the number of moves the winner needs (White and Black to move together),
drawn with matplotlib (Debian's python3-matplotlib), no notebook needed.

    python3 examples/python/histogram.py tables/russian KKKvK kkkvk.png
"""

import argparse
import sys

import dtb


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("material")
    parser.add_argument("output", help="the PNG to write")
    args = parser.parse_args()
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("histogram.py: needs matplotlib (apt install python3-matplotlib)", file=sys.stderr)
        return 1
    try:
        with dtb.open_tablebase(args.directory) as tb:
            rows = tb.counters_report(args.material)
            variant = tb.variant
    except dtb.Error as e:
        print(f"histogram.py: {e}", file=sys.stderr)
        return 1
    size = max(max(len(r["histogram_pure"]), len(r["histogram_counters"])) for r in rows)
    pure, rules = [0] * size, [0] * size
    for r in rows:
        for k, n in enumerate(r["histogram_pure"]):
            pure[k] += n
        for k, n in enumerate(r["histogram_counters"]):
            rules[k] += n
    xs = list(range(size))
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar([x - 0.2 for x in xs], pure, width=0.4, color="grey", label="pure")
    ax.bar([x + 0.2 for x in xs], rules, width=0.4, color="tab:blue", label="under the counters")
    ax.set_xlabel("moves of the winner")
    ax.set_ylabel("positions")
    ax.set_title(f"{variant} {args.material}: won and lost positions by the winner's moves")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.output)
    print(f"{args.output}: {sum(pure)} decided positions pure, {sum(rules)} under the counters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
