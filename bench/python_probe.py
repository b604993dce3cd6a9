#!/usr/bin/env python3
"""Probes per second from Python (the dtb package), warm, one and two threads, against the C
API's BM_ProbeWarmFenC of bench/probe_bench.cpp (a FEN, WDL): the package's overhead.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_probe.py DIR [--seconds 2]

DIR: russian tables up to 4 pieces (as the C++ benchmark's $DTB_BENCH_TABLES). Positions are
random placements of 2 to 4 pieces, as the C++ benchmark's "any" positions; the cache is
warmed by a first pass. Prints JSON.
"""

import argparse
import json
import random
import threading
import time

import dtb

DARK = [c + str(r) for c in "abcdefgh" for r in range(1, 9) if (ord(c) - ord("a") + r) % 2 == 1]


def positions(tb, count, seed=1):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.randint(2, 4)
        cells = rng.sample(DARK, n)
        white = rng.randint(1, n - 1)
        sides = {"W": [], "B": []}
        for i, sq in enumerate(cells):
            color = "W" if i < white else "B"
            man_ok = sq[1] != ("8" if color == "W" else "1")
            sides[color].append(("" if man_ok and rng.random() < 0.5 else "K") + sq)
        fen = f"{rng.choice('WB')}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"
        if tb.get_wdl(fen, default=None) is not None:
            out.append(fen)
    return out


def rate(fn, fens, seconds, threads):
    stop = time.perf_counter() + seconds
    counts = [0] * threads

    def work(t):
        i, n = t * 4099, 0
        while time.perf_counter() < stop:
            for _ in range(256):
                fn(fens[i % len(fens)])
                i += 1
            n += 256
        counts[t] = n

    workers = [threading.Thread(target=work, args=(t,)) for t in range(threads)]
    start = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return sum(counts) / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    with dtb.open_tablebase(args.directory) as tb:
        fens = positions(tb, 1024)
        for f in fens:
            tb.probe(f)  # warm
        result = {}
        for name, fn in (("probe_wdl", tb.probe_wdl), ("probe", tb.probe)):
            for threads in (1, 2):
                per_s = rate(fn, fens, args.seconds, threads)
                result[f"{name}/threads:{threads}"] = {
                    "probes_per_second": round(per_s),
                    "ns_per_probe": round(1e9 / per_s * threads),
                }
        print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
