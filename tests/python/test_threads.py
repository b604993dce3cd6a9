"""One Tablebase probed from several threads at once gives each thread the answers it gets
alone."""

import random
from concurrent.futures import ThreadPoolExecutor

import dtb


def _positions(count, seed):
    """Two white kings against a black king and a black man (never on row 1, where it would
    have been crowned), either side to move."""
    rng = random.Random(seed)
    dark = [c + str(r) for c in "abcdefgh" for r in range(1, 9) if (ord(c) - ord("a") + r) % 2 == 1]
    out = []
    while len(out) < count:
        a, b, c, d = rng.sample(dark, 4)
        if d.endswith("1"):
            continue
        out.append(f"{rng.choice('WB')}:WK{a},K{b}:BK{c},{d}")
    return out


def test_threads_agree_with_one_thread(russian_dir):
    positions = _positions(2000, 7)
    with dtb.open_tablebase(russian_dir, cache_bytes=1 << 20) as tb:
        alone = [tb.get_probe(p) for p in positions]
        alone = [(r.wdl, r.dtw, r.dtc, r.counters.wdl) if r else None for r in alone]

        def work(chunk):
            out = []
            for p in chunk:
                r = tb.get_probe(p)
                out.append((r.wdl, r.dtw, r.dtc, r.counters.wdl) if r else None)
            return out

        chunks = [positions[i::4] for i in range(4)]
        with ThreadPoolExecutor(max_workers=4) as pool:
            results = list(pool.map(work, chunks))
        together = [None] * len(positions)
        for i, chunk in enumerate(results):
            together[i::4] = chunk
        assert together == alone
        assert sum(1 for r in alone if r) > 1000
