#!/usr/bin/env python3
"""A report on a collection of played games against a set of tables.

Runs `dtb annotate TABLES FILE --json` on every PDN file given (folders are searched for
*.pdn), then gathers what the files say together: the games that reach the tables, the
recorded results against the tables' value where each game first reaches them, and the
moves that threw a result away, counted by material. Prints Markdown; --json writes the
same figures for scripts. docs/annotate.md shows a report made with it.

  scripts/games_report.py tables/international games/international --under pure
"""

import argparse
import collections
import concurrent.futures
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

# The counts of dtb annotate's summary that a file's row shows; the totals add result_unknown.
FILE_COUNTS = ("games", "replayed", "refused", "without_moves", "reached_tables", "agree",
               "differ", "thrown")

# What a thrown move did, from the value before it to the value after it.
KINDS = {("win", "draw"): "win → draw", ("win", "loss"): "win → loss",
         ("draw", "loss"): "draw → loss"}


def pdn_files(paths):
    """The PDN files named, and those under the folders named, in a stable order."""
    out = []
    for p in map(pathlib.Path, paths):
        if p.is_dir():
            out += sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() == ".pdn")
        else:
            out.append(p)
    return out


def material(fen, first):
    """The material of a position written by dtb, the side `first` ("W" or "B") first:
    kings then men, as dtb names tables ("KKMvKM")."""
    counts = {}
    for part in fen.split(":")[1:]:
        colour, squares = part[0], part[1:]
        pieces = [s for s in squares.split(",") if s]
        kings = sum(1 for s in pieces if s.startswith("K"))
        counts[colour] = "K" * kings + "M" * (len(pieces) - kings)
    other = "B" if first == "W" else "W"
    return counts.get(first, "") + "v" + counts.get(other, "")


def annotate(dtb, tables, path, under, variant):
    """dtb annotate's JSON of one file and its wall time; a failure is returned as its
    reason, so that one file does not stop the others."""
    cmd = [dtb, "annotate", str(tables), str(path), "--json", "--under", under]
    if variant:
        cmd += ["--variant", variant]
    start = time.monotonic()
    run = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if run.returncode != 0:
        return None, seconds, (run.stdout + run.stderr).strip().splitlines()[-1:]
    return json.loads(run.stdout), seconds, None


def gather(results):
    """The figures of the report from each file's annotation."""
    totals = collections.Counter()
    kinds = collections.Counter()
    by_material = collections.Counter()
    differ, thrown, failed, files = [], [], [], []
    for path, data, seconds, error in results:
        if data is None:
            failed.append({"file": str(path), "error": " ".join(error)})
            continue
        s = data["summary"]
        files.append({"file": str(path), "seconds": round(seconds, 3),
                      **{k: s[k] for k in FILE_COUNTS}})
        for k in FILE_COUNTS + ("result_unknown",):
            totals[k] += s[k]
        totals["seconds"] += seconds
        for g in data["games"]:
            first = g["first_in_tables"]
            where = {"file": str(path), "game": g["index"], "white": g["white"],
                     "black": g["black"], "event": g.get("event", ""),
                     "date": g.get("date", ""), "result": g["result"]}
            if first and first["agrees"] is False:
                differ.append({**where, "ply": first["ply"], "fen": first["fen"],
                               "value": first["value"], "outcome": first["outcome"]})
            fens = {p["ply"]: p["fen"] for p in g["positions"]}
            for t in g["thrown"]:
                fen = fens.get(t["ply"] - 1, "")
                kind = KINDS.get((t["before"], t["after"]), t["before"] + " → " + t["after"])
                mat = material(fen, "W" if t["side"] == "white" else "B") if fen else "?"
                kinds[kind] += 1
                by_material[(mat, kind)] += 1
                thrown.append({**where, "ply": t["ply"], "fen": fen, "material": mat,
                               "player": t["player"], "played": t["played"], "kind": kind,
                               "best": t["best"], "best_value": t["best_value"]})
    return {"totals": dict(totals), "kinds": dict(kinds),
            "by_material": [{"material": m, "kind": k, "count": n}
                            for (m, k), n in sorted(by_material.items(),
                                                    key=lambda e: (-e[1], e[0]))],
            "differ": differ, "thrown": thrown, "failed": failed, "files": files}


def markdown(report, tables, under, top):
    t = report["totals"]
    games_with_moves = t.get("games", 0) - t.get("without_moves", 0)
    lines = [f"Tables: `{tables}`, judged by the {'pure values' if under == 'pure' else 'values under the counters'}.", ""]
    lines += ["| files | games | with moves | replayed | reach the tables | recorded result agrees | differs | no result | thrown moves | seconds |",
              "|---|---|---|---|---|---|---|---|---|---|",
              f"| {len(report['files'])} | {t.get('games', 0)} | {games_with_moves} | {t.get('replayed', 0)} "
              f"| {t.get('reached_tables', 0)} | {t.get('agree', 0)} | {t.get('differ', 0)} "
              f"| {t.get('result_unknown', 0)} | {t.get('thrown', 0)} | {t.get('seconds', 0):.1f} |", ""]
    if report["failed"]:
        lines += ["Files dtb annotate refused:", ""]
        lines += [f"- `{f['file']}`: {f['error']}" for f in report["failed"]] + [""]
    if report["kinds"]:
        lines += ["Thrown moves by what they threw: " + ", ".join(
            f"{k} {n}" for k, n in sorted(report["kinds"].items())) + ".", ""]
        lines += ["| material (the thrower's first) | thrown | moves |", "|---|---|---|"]
        lines += [f"| {r['material']} | {r['kind']} | {r['count']} |"
                  for r in report["by_material"][:top]] + [""]
    if report["differ"]:
        lines += ["Recorded results that differ from the tables' value where the game first reaches them:", "",
                  "| file | game | White – Black | result | first position in the tables | its value (side to move) |",
                  "|---|---|---|---|---|---|"]
        lines += [f"| {pathlib.Path(d['file']).name} | {d['game']} | {d['white']} – {d['black']} "
                  f"| {d['result']} | `{d['fen']}` (ply {d['ply']}) | {d['value']} |"
                  for d in report["differ"][:top]] + [""]
    wins = [m for m in report["thrown"] if m["kind"].startswith("win")]
    if wins:
        lines += ["Wins thrown away:", "",
                  "| file | game | player | ply | position | played | kind | kept by |",
                  "|---|---|---|---|---|---|---|---|"]
        lines += [f"| {pathlib.Path(m['file']).name} | {m['game']} | {m['player']} | {m['ply']} "
                  f"| `{m['fen']}` | {m['played']} | {m['kind']} | {m['best']} |"
                  for m in wins[:top]] + [""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tables", help="table directory (dtb gen --out)")
    parser.add_argument("pdn", nargs="+", help="PDN files or folders of them")
    parser.add_argument("--dtb", default=shutil.which("dtb") or "dtb",
                        help="the dtb program (default: dtb in PATH)")
    parser.add_argument("--under", choices=("pure", "counters"), default="counters",
                        help="judge by the pure values or those under the counters (default)")
    parser.add_argument("--variant", help="the games' variant, where their GameType does not say")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="files annotated at once (default: the cores)")
    parser.add_argument("--top", type=int, default=20, help="rows of each list (default 20)")
    parser.add_argument("--json", metavar="OUT", help="also write the figures as JSON here")
    args = parser.parse_args()

    files = pdn_files(args.pdn)
    if not files:
        parser.error("no PDN file in " + " ".join(args.pdn))
    if not pathlib.Path(args.tables).is_dir():
        parser.error(f"{args.tables}: not a table directory")
    if not shutil.which(args.dtb):
        parser.error(f"{args.dtb}: no such program (give --dtb, or put dtb in PATH)")
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(annotate, args.dtb, args.tables, f, args.under, args.variant): f
                   for f in files}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            results.append((futures[future], *future.result()))
            print(f"games_report: {done} of {len(files)} files", file=sys.stderr)
    results.sort(key=lambda r: str(r[0]))
    report = gather(results)
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(report, indent=1, ensure_ascii=False))
    print(markdown(report, args.tables, args.under, args.top))
    return 1 if report["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
