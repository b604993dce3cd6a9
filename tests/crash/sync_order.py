#!/usr/bin/env python3
"""Shows by strace that dtb gen and dtb pack put every table and manifest.json in place in the
order docs/file-format.md#durability gives: the `.tmp` flushed (fsync) after it was written,
renamed, and the directory flushed before any other file of the directory is begun or renamed.
What a process kill cannot show (a machine stopping) rests on this order.

  sync_order.py --dtb build/cli/dtb --work /tmp/sync [--strace strace]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

CALL = re.compile(r'^(\d+)\s+(\w+)\((.*)\)\s+=\s+(-?\d+)')
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def trace(strace, cmd, log):
    subprocess.run([strace, "-f", "-qq", "-e", "trace=openat,fsync,rename,renameat,renameat2",
                    "-o", log] + cmd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(log) as f:
        for line in f:
            m = CALL.match(line)
            if m and int(m.group(4)) >= 0:
                yield m.group(2), m.group(3), int(m.group(4))


def check(events, directory):
    """The violations of the order among the files put in place in directory; their count."""
    directory = os.path.normpath(directory)
    fd_path = {}        # open descriptors: their paths
    written = set()     # files opened for writing and not flushed since
    dir_pending = None  # a rename whose directory is not flushed yet
    problems, placed = [], 0

    def in_dir(path):
        return os.path.dirname(os.path.normpath(path)) == directory

    for call, args, ret in events:
        paths = STRING.findall(args)
        if call == "openat":
            path = os.path.normpath(paths[0])
            fd_path[ret] = path
            if in_dir(path) and ("O_WRONLY" in args or "O_RDWR" in args):
                if dir_pending:
                    problems.append(f"{path} begun before the rename to {dir_pending} was "
                                    "flushed (fsync of the directory)")
                    dir_pending = None
                written.add(path)
        elif call == "fsync":
            path = fd_path.get(int(args))
            if path == directory:
                dir_pending = None
            written.discard(path)
        elif call.startswith("rename") and len(paths) == 2:
            src, dst = map(os.path.normpath, paths)
            if not in_dir(dst):
                continue  # the scratch files, below DIR: checked whole when taken over
            if dir_pending:
                problems.append(f"{dst} renamed before the rename to {dir_pending} was flushed")
            if src in written:
                problems.append(f"{src} renamed to {dst} without being flushed (fsync)")
            dir_pending = dst
            placed += 1
    if dir_pending:
        problems.append(f"the rename to {dir_pending} never flushed")
    return problems, placed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dtb", required=True)
    ap.add_argument("--work", required=True, help="a directory for the runs (emptied)")
    ap.add_argument("--strace", default="strace")
    args = ap.parse_args()
    dtb, work = os.path.abspath(args.dtb), os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    gen_dir, pack_dir = os.path.join(work, "gen"), os.path.join(work, "pack")
    subprocess.run([dtb, "gen", "russian", "--pieces", "3", "--out", pack_dir, "--compression",
                    "fast"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    runs = [("dtb gen", [dtb, "gen", "russian", "--pieces", "3", "--out", gen_dir,
                         "--memory", "1M", "--force"], gen_dir),
            ("dtb pack", [dtb, "pack", pack_dir, "--wdl-sides", "one"], pack_dir)]
    failed = False
    for name, cmd, directory in runs:
        problems, placed = check(trace(args.strace, cmd, os.path.join(work, "strace.log")),
                                 directory)
        print(f"{name}: {placed} files put in place, {len(problems)} out of order")
        for p in problems[:20]:
            print("  " + p)
        failed |= bool(problems) or placed == 0
    shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
