#!/usr/bin/env python3
"""Kills dtb gen (alone, and as two MPI ranks) and dtb pack at random moments of every phase,
and checks what a crash may leave (docs/file-format.md#durability, docs/testing.md):

  - a killed directory that `dtb verify` passes holds only tables byte-identical to a clean
    run's, and manifest entries equal to its (for pack: to those of the states a clean pack
    passes through); else "verify passed but wrong";
  - the same command run again ends with exit 0 and a directory identical to the clean
    run's, file for file and byte for byte (hidden files, leftovers and scratch included).

Each configuration (CONFIGS) is run once cleanly as the reference, with DTB_KILL_COUNT
(compress/kill_point.hpp) recording how often each kill point is passed. Then, for each
phase, --kills times: a point of the phase and a pass in the range the reference saw
(under MPI, and a rank that passed it) is killed at with DTB_KILL_AT; and --kills times the
whole run is killed after a random time instead (under MPI: the launcher alone, or the
launcher and every rank at once). Python 3 standard library only.

  kill_harness.py --dtb build/cli/dtb --work /tmp/kills --kills 100 --json kills.json
"""

import argparse
import collections
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

# Which phase a kill point belongs to, by the start of its name.
PHASES = [
    ("gen.written", "tables"), ("gen.twin_written", "tables"), ("table.", "tables"),
    ("pack.", "tables"), ("gen.", "solve"), ("counters.", "counters"),
    ("manifest.", "manifest"), ("scratch.", "scratch"), ("ranks.", "ranks"),
]


def phase_of(point):
    for prefix, phase in PHASES:
        if point.startswith(prefix):
            return phase
    return "other"


@dataclass
class Config:
    name: str
    args: list            # the dtb command after the binary; OUT stands for the directory
    mpi: bool = False
    base_args: list = None  # for pack: the gen command that makes the directory it packs
    # For pack: commands whose directories are states a killed run may leave a material in
    # (besides the base's and the reference's), run on a copy of the base.
    state_args: list = field(default_factory=list)

    def argv(self, h, out):
        cmd = [h.dtb] + [out if a == "OUT" else a for a in self.args]
        if self.mpi:
            # The ranks, started on this machine, inherit the DTB_KILL_* variables.
            cmd = [h.mpiexec, "-np", "2", "--oversubscribe", "--bind-to", "none",
                   "--allow-run-as-root"] + cmd
        return cmd


GEN3 = ["gen", "russian", "--pieces", "3", "--out", "OUT"]
CONFIGS = {
    # pure and counters' tables, twins, the manifest after every material
    "plain": Config("plain", GEN3 + ["--threads", "2"]),
    # slices spilled to scratch files, solved in scratch files, taken over when resumed
    "scratch": Config("scratch", GEN3 + ["--threads", "2", "--memory", "1M", "--force"]),
    # four pieces: the counters' steps tables, larger files
    "wide": Config("wide", ["gen", "russian", "--pieces", "4", "--out", "OUT", "--threads", "2"]),
    # two ranks: announcements, rank 0 writing the others' entries, a rank or the launcher killed
    "mpi": Config("mpi", GEN3 + ["--threads", "1"], mpi=True),
    # both: each rank's scratch directory, removed by rank 0 when the job starts again
    "mpi_scratch": Config("mpi_scratch", GEN3 + ["--threads", "1", "--memory", "1M", "--force"],
                          mpi=True),
    # dtb pack of fast tables to small ones, a WDL table of each pair in one-ply form
    "pack": Config("pack", ["pack", "OUT", "--wdl-sides", "one", "--threads", "2"],
                   base_args=GEN3 + ["--threads", "2", "--compression", "fast"],
                   state_args=[["pack", "OUT", "--threads", "2"]]),
}


@dataclass
class Trial:
    config: str
    phase: str
    how: str                # "POINT:PASS[:RANK]", or "time:SECONDS[:launcher|job]"
    killed: bool = False    # the run ended by the kill (not finished before it)
    sure: bool = False      # a kill that must happen: a point one process passes as counted
    verified: bool = False  # dtb verify passed the killed directory
    wrong: list = field(default_factory=list)    # what a verified directory got wrong
    resumed: bool = False   # the run again exited 0
    differs: list = field(default_factory=list)  # how the resumed directory differs
    seconds: float = 0.0

    def failed(self):
        return (self.sure and not self.killed) or bool(self.wrong) or not self.resumed or \
            bool(self.differs)


class Harness:
    def __init__(self, args):
        self.dtb = os.path.abspath(args.dtb)
        self.mpiexec = args.mpiexec
        self.work = os.path.abspath(args.work)
        self.rng = random.Random(args.seed)
        self.kills = args.kills
        self.phases = args.phases.split(",") if args.phases else None
        self.keep = args.keep_failures
        self.kept = 0

    # --- running dtb ---

    def env(self, kill_at=None, count_file=None):
        env = {k: v for k, v in os.environ.items() if not k.startswith("DTB_KILL")}
        if kill_at:
            env["DTB_KILL_AT"] = kill_at
        if count_file:
            env["DTB_KILL_COUNT"] = count_file
        return env

    def run(self, cmd, env, timeout=120):
        """cmd's exit code and output; a run past timeout seconds is killed and fails."""
        try:
            return subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return subprocess.CompletedProcess(cmd, None, f"timed out after {timeout} s")

    def stray(self, out):
        """The processes whose command line names the directory out (a killed launcher's ranks)."""
        pids, needle = [], out.encode()
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if needle in f.read().split(b"\0"):
                        pids.append(int(pid))
            except OSError:
                pass
        return pids

    def end_strays(self, out, grace):
        """Waits up to grace seconds for the killed job's processes to end, then kills them."""
        deadline = time.time() + grace
        while self.stray(out) and time.time() < deadline:
            time.sleep(0.05)
        for pid in self.stray(out):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        while self.stray(out):
            time.sleep(0.05)

    # --- the reference ---

    def prepare(self, config, out):
        """A fresh directory for config to run in: empty, or the fast tables dtb pack packs."""
        shutil.rmtree(out, ignore_errors=True)
        if config.base_args:
            shutil.copytree(self.base(config), out)

    def base(self, config):
        path = os.path.join(self.work, config.name + "-base")
        if not os.path.isdir(path):
            cmd = [self.dtb] + [path if a == "OUT" else a for a in config.base_args]
            self.check(self.run(cmd, self.env(), 600), "the directory to pack")
        return path

    def states(self, config, ref):
        """The directories whose tables and entries a killed directory may hold: the clean
        run's, and for pack the base's and those of the states on the way."""
        dirs = [ref] + ([self.base(config)] if config.base_args else [])
        for k, args in enumerate(config.state_args):
            out = os.path.join(self.work, f"{config.name}-state{k}")
            self.prepare(config, out)
            cmd = [self.dtb] + [out if a == "OUT" else a for a in args]
            self.check(self.run(cmd, self.env(), 600), f"the {config.name} state {k}")
            dirs.append(out)
        return dirs

    def check(self, proc, what):
        if proc.returncode != 0:
            sys.exit(f"kill_harness: {what} failed ({proc.returncode}):\n{proc.stdout}")

    def reference(self, config):
        """The clean run's directory, its time, and the passes of each (rank, point)."""
        out = os.path.join(self.work, config.name + "-reference")
        counts = out + ".counts"
        self.prepare(config, out)
        if os.path.exists(counts):
            os.remove(counts)
        t0 = time.time()
        self.check(self.run(config.argv(self, out), self.env(count_file=counts), 600),
                   f"the {config.name} reference run")
        seconds = time.time() - t0
        self.check(self.run([self.dtb, "verify", out], self.env(), 600),
                   f"dtb verify of the {config.name} reference")
        passes = collections.Counter()
        with open(counts) as f:
            for line in f:
                rank, point = line.split()
                passes[(int(rank), point)] += 1
        return out, seconds, passes

    # --- one kill ---

    def kill_at_point(self, config, out, point, n, rank):
        value = f"{point}:{n}" + (f":{rank}" if config.mpi else "")
        proc = self.run(config.argv(self, out), self.env(kill_at=value))
        if config.mpi:
            self.end_strays(out, 10)
            return proc.returncode not in (0, None)
        return proc.returncode == -signal.SIGKILL

    def kill_after(self, config, out, delay, target):
        p = subprocess.Popen(config.argv(self, out), env=self.env(), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            p.wait(timeout=delay)
            return False  # finished first
        except subprocess.TimeoutExpired:
            pass
        victims = [p.pid] + (self.stray(out) if target == "job" else [])
        for pid in victims:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        p.wait()
        if config.mpi:
            self.end_strays(out, 10)
        return True

    # --- what the kill left ---

    def verified_but_wrong(self, out, states):
        """Whether dtb verify passes out; if so, which of its tables and manifest entries are
        none of the states' (the clean run's, for gen)."""
        if self.run([self.dtb, "verify", out], self.env()).returncode != 0:
            return False, []
        wrong = []
        for name in sorted(os.listdir(out)):
            if name.endswith(".dtb") and not any(
                    same_file(os.path.join(out, name), os.path.join(d, name)) for d in states):
                wrong.append(f"{name}: not the clean run's bytes")
        entries = [manifest_entries(d) for d in states]
        for material, entry in manifest_entries(out).items():
            if not any(e.get(material) == entry for e in entries):
                wrong.append(f"manifest.json: the entry of {material} differs")
        return True, wrong

    def trial(self, config, ref, states, phase, kill, then=None):
        """Kills a run as kill says (then, with `then`, the run started again after a random
        time), checks the directory left, runs the command again and compares."""
        out = os.path.join(self.work, f"{config.name}-trial")
        self.prepare(config, out)
        t0 = time.time()
        if kill[0] == "point":
            _, point, n, rank = kill
            t = Trial(config.name, phase, f"{point}:{n}" + (f":{rank}" if config.mpi else ""))
            t.killed = self.kill_at_point(config, out, point, n, rank)
            t.sure = not config.mpi  # the ranks' passes depend on when messages come
        else:
            _, delay, target = kill
            t = Trial(config.name, phase, f"time:{delay:.3f}" + (f":{target}" if config.mpi else ""))
            t.killed = self.kill_after(config, out, delay, target)
        if then:  # killed again while it takes up what the first kill left
            _, delay, target = then
            self.kill_after(config, out, delay, target)
            t.how += f" then time:{delay:.3f}"
        killed_copy = out + "-killed"
        shutil.rmtree(killed_copy, ignore_errors=True)
        if os.path.isdir(out):  # else killed before it made the directory
            shutil.copytree(out, killed_copy, symlinks=True)
        t.verified, t.wrong = self.verified_but_wrong(out, states)
        again = self.run(config.argv(self, out), self.env())
        t.resumed = again.returncode == 0
        t.differs = tree_differences(ref, out) if t.resumed else [again.stdout[-2000:]]
        t.seconds = time.time() - t0
        if t.failed() and self.keep:
            self.kept += 1
            kept = os.path.join(self.work, "failures", f"{config.name}-{self.kept}")
            if os.path.isdir(killed_copy):
                shutil.copytree(killed_copy, kept + "-killed", symlinks=True)
            shutil.copytree(out, kept + "-resumed", symlinks=True)
        shutil.rmtree(killed_copy, ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)
        return t

    def config_trials(self, config, report):
        ref, seconds, passes = self.reference(config)
        states = self.states(config, ref)
        by_phase = collections.defaultdict(list)
        for (rank, point), n in sorted(passes.items()):
            by_phase[phase_of(point)].append((point, n, rank))
        trials = []
        def random_time():
            target = self.rng.choice(["launcher", "job"]) if config.mpi else "process"
            return ("time", self.rng.uniform(0, seconds), target)

        everywhere = [p for points in by_phase.values() for p in points]
        for phase in self.phases or sorted(by_phase) + ["random time", "twice"]:
            for _ in range(self.kills):
                if phase == "random time":
                    trials.append(self.trial(config, ref, states, phase, random_time()))
                    report(trials[-1])
                    continue
                # "twice": at any point, then again while the run takes up what it left
                point, n, rank = self.rng.choice(by_phase[phase] if phase != "twice"
                                                 else everywhere)
                kill = ("point", point, self.rng.randint(1, n), rank)
                trials.append(self.trial(config, ref, states, phase, kill,
                                         random_time() if phase == "twice" else None))
                report(trials[-1])
        return trials, seconds, passes


def same_file(a, b):
    try:
        with open(a, "rb") as x, open(b, "rb") as y:
            return x.read() == y.read()
    except OSError:
        return False


def manifest_entries(d):
    try:
        with open(os.path.join(d, "manifest.json")) as f:
            return {s["material"]: s for s in json.load(f)["slices"]}
    except (OSError, ValueError, KeyError):
        return {}


def tree_differences(a, b):
    """How directory b differs from a: files only in one, or with other bytes (as diff -r)."""
    def files(d):
        out = set()
        for root, dirs, names in os.walk(d):
            for n in dirs + names:
                out.add(os.path.relpath(os.path.join(root, n), d))
        return out
    fa, fb = files(a), files(b)
    diffs = [f"only in the reference: {f}" for f in sorted(fa - fb)]
    diffs += [f"left over: {f}" for f in sorted(fb - fa)]
    for f in sorted(fa & fb):
        pa, pb = os.path.join(a, f), os.path.join(b, f)
        if os.path.isfile(pa) and not same_file(pa, pb):
            diffs.append(f"differs: {f}")
    return diffs


def summary(runs):
    lines, failures = [], 0
    for name, (trials, seconds, passes) in runs.items():
        points = sorted({p for _, p in passes})
        lines.append(f"{name}: reference {seconds:.2f} s, {len(points)} kill points, "
                     f"{sum(passes.values())} passes")
        by_phase = collections.defaultdict(list)
        for t in trials:
            by_phase[t.phase].append(t)
        for phase, ts in sorted(by_phase.items()):
            lines.append(
                f"  {phase:12} kills {len(ts):4}  killed {sum(t.killed for t in ts):4}  "
                f"verify passed {sum(t.verified for t in ts):4}  "
                f"verify passed but wrong {sum(bool(t.wrong) for t in ts):3}  "
                f"resumed identical {sum(t.resumed and not t.differs for t in ts):4}")
        per_point = collections.Counter(t.how.split(":")[0] for t in trials
                                        if not t.how.startswith("time"))
        lines.append("  kills per point: " + ", ".join(f"{p} {n}" for p, n in
                                                       sorted(per_point.items())))
        for t in trials:
            if t.failed():
                failures += 1
                why = t.wrong + t.differs or ["not killed" if not t.killed else "run again: failed"]
                lines.append(f"  FAILED {t.phase} {t.how}: " + "; ".join(why[:5]))
    return lines, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dtb", required=True, help="the dtb binary")
    ap.add_argument("--work", required=True, help="a directory for the runs (emptied)")
    ap.add_argument("--configs", default="plain,scratch,pack",
                    help="comma-separated, of: " + ", ".join(CONFIGS))
    ap.add_argument("--kills", type=int, default=100, help="kills per phase (default 100)")
    ap.add_argument("--phases", help="comma-separated phases to kill in (default: all, then "
                    "'random time' and 'twice')")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mpiexec", default="mpiexec", help="the MPI launcher (config mpi)")
    ap.add_argument("--json", help="write the summary and every trial to this file")
    ap.add_argument("--keep-failures", action="store_true",
                    help="keep each failed trial's directories in WORK/failures")
    args = ap.parse_args()
    h = Harness(args)
    shutil.rmtree(h.work, ignore_errors=True)
    os.makedirs(h.work)
    t0 = time.time()
    runs, done = {}, collections.Counter()
    for name in args.configs.split(","):
        def report(t):
            done[t.failed()] += 1
            if t.failed():
                print(f"FAILED {t.config} {t.phase} {t.how}", flush=True)
            if sum(done.values()) % 50 == 0:
                print(f"{sum(done.values())} kills, {done[True]} failed, "
                      f"{time.time() - t0:.0f} s", flush=True)
        runs[name] = h.config_trials(CONFIGS[name], report)
    lines, failures = summary(runs)
    kills = sum(len(r[0]) for r in runs.values())
    lines.append(f"{kills} kills in {time.time() - t0:.0f} s, {failures} failed")
    print("\n".join(lines))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seed": args.seed, "kills_per_phase": args.kills,
                       "seconds": round(time.time() - t0, 1), "failures": failures,
                       "summary": lines,
                       "trials": [t.__dict__ for r in runs.values() for t in r[0]]}, f, indent=1)
    if not args.keep_failures:
        shutil.rmtree(h.work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
