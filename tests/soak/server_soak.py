#!/usr/bin/env python3
"""A soak of dtb serve: mixed requests for a given time, its memory and latency every second.

Clients on several threads send what a server meets in the open: probes and best lines of
random positions (with counters and moves), malformed FENs, counters and moves, unknown
paths, queries of many kilobytes, clients that send their request a few bytes at a time, and
clients that hang up in the middle of an answer. Every second a sampler reads the server's
resident memory, threads and open files, and times a probe and the page. At the end it writes
samples.csv, summary.json (requests by kind and status, memory and latency) and, when
matplotlib is there, soak.png; it exits 1 when a request got a status its kind must not get,
the server died, or its memory grew through the second half of the run.

    tests/soak/server_soak.py --dtb build/cli/dtb --tables tables/russian --seconds 3600 \
        --out soak-out
"""

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

# The statuses each kind of request may get; anything else is a failure.
EXPECTED = {
    "probe": {200},
    "line": {200},
    "counters": {200},
    "page": {200},
    "variants": {200},
    "bad_fen": {400},
    "bad_counters": {400},
    "bad_moves": {400},
    "unknown_path": {404},
    "huge_query": {414, 400},
    "slow_client": {200},
    "hang_up": {None},  # no status: the client left
}
WEIGHTS = {
    "probe": 30, "line": 15, "counters": 10, "page": 3, "variants": 2, "bad_fen": 8,
    "bad_counters": 5, "bad_moves": 5, "unknown_path": 4, "huge_query": 3, "slow_client": 2,
    "hang_up": 6,
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def random_fen(rng: random.Random) -> str:
    """A legal russian position of 2 to 4 pieces: kings anywhere, men off the crowning rows."""
    n = rng.randint(2, 4)
    squares = rng.sample(range(1, 33), n)
    pieces = []
    for i, sq in enumerate(squares):
        white = i == 0 or (i != 1 and rng.random() < 0.5)
        king = not 5 <= sq <= 28 or rng.random() < 0.6
        pieces.append((white, ("K" if king else "") + str(sq)))
    w = ",".join(p for white, p in pieces if white)
    b = ",".join(p for white, p in pieces if not white)
    if not b:
        return random_fen(rng)
    return f"{rng.choice('WB')}:W{w}:B{b}"


class Soak:
    def __init__(self, args):
        self.args = args
        self.port = free_port()
        self.counts = {}  # (kind, status) -> n
        self.failures = []  # the first unexpected answers
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.samples = []
        self.proc = None

    # The server, started and awaited.
    def start(self):
        self.proc = subprocess.Popen(
            [self.args.dtb, "serve", *self.args.tables, "--port", str(self.port),
             "--threads", str(self.args.server_threads)],
            stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                if self.request("/api/variants")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("dtb serve did not answer within 30 s")

    def request(self, path: str, timeout: float = 30):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            return resp.status, body
        finally:
            conn.close()

    def count(self, kind: str, status, detail: str = ""):
        with self.lock:
            self.counts[(kind, status)] = self.counts.get((kind, status), 0) + 1
            if status not in EXPECTED[kind] and len(self.failures) < 50:
                self.failures.append({"kind": kind, "status": status, "detail": detail[:300]})

    # One request of `kind`, counted by the status it got.
    def one(self, kind: str, rng: random.Random):
        fen = urllib.parse.quote(random_fen(rng))
        v = "variant=russian"
        path = {
            "probe": f"/api/probe?{v}&fen={fen}",
            "line": f"/api/line?{v}&fen={fen}",
            "page": "/",
            "variants": "/api/variants",
            "bad_fen": f"/api/probe?{v}&fen=" + urllib.parse.quote(
                rng.choice(["W:WK99:B1", "X:W1:B2", "W:W1", "", "W:WK1,K1:BK2", "\x01\x02"])),
            "bad_counters": f"/api/probe?{v}&fen={fen}&counters=" + urllib.parse.quote(
                rng.choice(["kings-only=-3", "nosuch=1", "kings-only=x", "=", "kings-only=99999"])),
            "bad_moves": f"/api/probe?{v}&fen=" + urllib.parse.quote("W:WK1:BK32") + "&moves=" +
                         urllib.parse.quote(rng.choice(["1-32", "zz", "1x5x9", "1-5 1-5"])),
            "unknown_path": rng.choice(["/../../etc/passwd", "/api/nothing", "/x.js"]),
            "huge_query": f"/api/probe?{v}&fen=W:W" + ",".join(["K1"] * 5000) + ":BK2",
        }.get(kind)
        try:
            if kind == "slow_client":
                return self.slow_client(rng)
            if kind == "hang_up":
                return self.hang_up(rng)
            if kind == "counters":
                return self.after_moves(rng)
            status, body = self.request(path)
            self.count(kind, status, path[:120] + " -> " + body[:150].decode(errors="replace"))
        except (OSError, http.client.HTTPException) as e:
            self.count(kind, "error:" + type(e).__name__, path[:120] + " " + str(e))

    # A probe at the counters a played move leaves: a move of the position's answer, played.
    def after_moves(self, rng: random.Random):
        fen = urllib.parse.quote(random_fen(rng))
        status, body = self.request(f"/api/probe?variant=russian&fen={fen}")
        moves = []

        def collect(j):
            if isinstance(j, dict):
                if isinstance(j.get("move"), str):
                    moves.append(j["move"])
                for x in j.values():
                    collect(x)
            elif isinstance(j, list):
                for x in j:
                    collect(x)
        if status == 200:
            collect(json.loads(body))
        if not moves:
            return self.count("counters", 200)  # a position without moves: nothing to play
        path = (f"/api/probe?variant=russian&fen={fen}&moves=" +
                urllib.parse.quote(rng.choice(moves)))
        status, body = self.request(path)
        self.count("counters", status, path[:120] + " -> " + body[:150].decode(errors="replace"))

    # A client that sends its request a few bytes at a time.
    def slow_client(self, rng: random.Random):
        req = (f"GET /api/probe?variant=russian&fen={urllib.parse.quote(random_fen(rng))} "
               "HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").encode()
        with socket.create_connection(("127.0.0.1", self.port), timeout=30) as s:
            for i in range(0, len(req), 16):
                s.sendall(req[i:i + 16])
                time.sleep(0.05)
            data = b""
            while chunk := s.recv(65536):
                data += chunk
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else None
        self.count("slow_client", status, data[:150].decode(errors="replace"))

    # A client that asks for a best line and leaves after the first bytes of the answer.
    def hang_up(self, rng: random.Random):
        req = (f"GET /api/line?variant=russian&fen={urllib.parse.quote(random_fen(rng))} "
               "HTTP/1.1\r\nHost: x\r\n\r\n").encode()
        s = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        s.sendall(req)
        if rng.random() < 0.5:
            s.recv(rng.randint(1, 64))
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()  # a reset, not an orderly close
        self.count("hang_up", None)

    def client(self, seed: int):
        rng = random.Random(seed)
        kinds, weights = zip(*WEIGHTS.items())
        while not self.stop.is_set():
            self.one(rng.choices(kinds, weights)[0], rng)
            if self.args.pause_ms:
                time.sleep(self.args.pause_ms / 1000)

    def proc_status(self) -> dict:
        out = {}
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "Threads"):
                    out[key] = int(value.split()[0])
        out["fds"] = len(os.listdir(f"/proc/{self.proc.pid}/fd"))
        return out

    def timed(self, path: str):
        t0 = time.perf_counter()
        try:
            status, _ = self.request(path, timeout=10)
        except (OSError, http.client.HTTPException):
            status = None
        return (time.perf_counter() - t0) * 1000, status

    def sampler(self, t_start: float):
        rng = random.Random(7)
        while not self.stop.wait(1.0):
            if self.proc.poll() is not None:
                self.samples.append({"t": time.time() - t_start, "dead": True})
                self.stop.set()
                return
            st = self.proc_status()
            fen = urllib.parse.quote(random_fen(rng))
            probe_ms, probe_status = self.timed(f"/api/probe?variant=russian&fen={fen}")
            page_ms, page_status = self.timed("/")
            with self.lock:
                total = sum(self.counts.values())
            self.samples.append({
                "t": round(time.time() - t_start, 2), "rss_kb": st["VmRSS"],
                "threads": st["Threads"], "fds": st["fds"], "probe_ms": round(probe_ms, 3),
                "probe_status": probe_status, "page_ms": round(page_ms, 3),
                "page_status": page_status, "requests": total})

    def run(self) -> int:
        self.start()
        t_start = time.time()
        clients = [threading.Thread(target=self.client, args=(i,), daemon=True)
                   for i in range(self.args.clients)]
        sampler = threading.Thread(target=self.sampler, args=(t_start,), daemon=True)
        for t in clients + [sampler]:
            t.start()
        try:
            while not self.stop.wait(min(60, self.args.seconds)):
                if time.time() - t_start >= self.args.seconds:
                    break
                if self.args.progress:
                    s = self.samples[-1] if self.samples else {}
                    print(f"{time.time() - t_start:7.0f} s: {s.get('requests', 0)} requests, "
                          f"RSS {s.get('rss_kb', 0) / 1024:.1f} MiB", file=sys.stderr, flush=True)
        finally:
            self.stop.set()
            for t in clients + [sampler]:
                t.join(timeout=60)
            alive = self.proc.poll() is None
            self.proc.terminate()
            self.proc.wait(timeout=30)
        return self.report(alive)

    def report(self, alive: bool) -> int:
        out = self.args.out
        os.makedirs(out, exist_ok=True)
        live = [s for s in self.samples if not s.get("dead")]
        keys = ["t", "rss_kb", "threads", "fds", "probe_ms", "probe_status", "page_ms",
                "page_status", "requests"]
        with open(os.path.join(out, "samples.csv"), "w") as f:
            f.write(",".join(keys) + "\n")
            for s in live:
                f.write(",".join(str(s[k]) for k in keys) + "\n")
        # Growth: the last tenth against the tenth at mid-run, after the caches have filled.
        rss = [s["rss_kb"] for s in live]
        tenth = max(1, len(rss) // 10)
        mid = statistics.median(rss[len(rss) // 2 - tenth // 2:][:tenth]) if rss else 0
        end = statistics.median(rss[-tenth:]) if rss else 0
        growth = (end - mid) / mid if mid else 0.0
        lat = sorted(s["probe_ms"] for s in live)
        pct = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] if lat else None
        unexpected = sum(n for (k, st), n in self.counts.items() if st not in EXPECTED[k])
        canary_bad = sum(1 for s in live if s["probe_status"] != 200 or s["page_status"] != 200)
        summary = {
            "seconds": self.args.seconds, "clients": self.args.clients,
            "server_threads": self.args.server_threads, "samples": len(live),
            "requests": sum(self.counts.values()),
            "by_kind_and_status": {f"{k} {st}": n for (k, st), n in sorted(
                self.counts.items(), key=lambda x: (x[0][0], str(x[0][1])))},
            "unexpected": unexpected, "failures": self.failures,
            "rss_mib": {"first": rss[0] / 1024 if rss else None, "mid": mid / 1024,
                        "end": end / 1024, "max": max(rss) / 1024 if rss else None},
            "rss_growth_second_half": round(growth, 4),
            "probe_ms": {"p50": pct(0.5), "p99": pct(0.99), "max": lat[-1] if lat else None},
            "canary_failures": canary_bad, "server_alive": alive,
        }
        with open(os.path.join(out, "summary.json"), "w") as f:
            json.dump(summary, f, indent=2)
        self.plot(live, os.path.join(out, "soak.png"))
        # Growth within the noise floor passes: a short run's medians are of two samples.
        grown = growth <= self.args.max_growth or (end - mid) / 1024 <= self.args.growth_floor_mib
        ok = alive and unexpected == 0 and canary_bad == 0 and grown
        print(json.dumps({k: summary[k] for k in ("requests", "unexpected", "rss_mib",
                                                    "rss_growth_second_half", "probe_ms",
                                                    "canary_failures", "server_alive")}))
        if not ok:
            print("soak FAILED", file=sys.stderr)
        return 0 if ok else 1

    def plot(self, live, path):
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("no matplotlib: soak.png not drawn", file=sys.stderr)
            return
        t = [s["t"] / 60 for s in live]
        fig, (a, b) = plt.subplots(2, 1, figsize=(9, 6), sharex=True)
        a.plot(t, [s["rss_kb"] / 1024 for s in live], lw=1)
        a.set_ylabel("resident memory (MiB)")
        a.set_ylim(bottom=0)
        a.set_title(f"dtb serve under mixed load: {self.args.clients} clients, "
                    f"{sum(self.counts.values())} requests")
        b.plot(t, [s["probe_ms"] for s in live], lw=0.6, label="probe")
        b.plot(t, [s["page_ms"] for s in live], lw=0.6, label="page")
        b.set_yscale("log")
        b.set_ylabel("latency under load (ms)")
        b.set_xlabel("minutes")
        b.legend()
        fig.tight_layout()
        fig.savefig(path, dpi=90)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--dtb", required=True, help="the dtb executable")
    p.add_argument("--tables", nargs="+", required=True,
                   help="table directories to serve (russian among them)")
    p.add_argument("--seconds", type=float, default=3600)
    p.add_argument("--clients", type=int, default=6)
    p.add_argument("--pause-ms", type=float, default=0,
                   help="each client's pause between two requests")
    p.add_argument("--server-threads", type=int, default=8)
    p.add_argument("--max-growth", type=float, default=0.10,
                   help="the resident memory the second half may add, as a fraction")
    p.add_argument("--growth-floor-mib", type=float, default=0,
                   help="growth up to this many MiB passes whatever its fraction (a short "
                        "run's noise)")
    p.add_argument("--out", default="soak-out")
    p.add_argument("--progress", action="store_true", help="a line a minute on stderr")
    return Soak(p.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
