"""The package's answers equal `dtb probe --json`'s on random positions of every russian
material up to 4 pieces (fresh counters, and counters run up or set), and of portuguese."""

import json
import random
import subprocess

import pytest

import dtb

DARK = [c + str(r) for c in "abcdefgh" for r in range(1, 9) if (ord(c) - ord("a") + r) % 2 == 1]
NUMBERS = list(range(1, 33))


def _russian_man_ok(color, sq):
    """Whether a man of that colour may stand there: not on its promotion row."""
    return sq[1] != ("8" if color == "W" else "1")


def _portuguese_man_ok(color, sq):
    return not (sq >= 29 if color == "W" else sq <= 4)


def _random_fen(rng, squares, man_ok):
    """A position of 2 to 4 pieces, each side at least one, either side to move."""
    n = rng.randint(2, 4)
    cells = rng.sample(squares, n)
    white_count = rng.randint(1, n - 1)
    sides = {"W": [], "B": []}
    for i, sq in enumerate(cells):
        color = "W" if i < white_count else "B"
        king = rng.random() < 0.5 or not man_ok(color, sq)
        sides[color].append(("K" if king else "") + str(sq))
    return f"{rng.choice('WB')}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"


def _cli(exe, directory, fen, extra=()):
    out = subprocess.run([exe, "probe", directory, fen, "--json", *extra],
                         capture_output=True, text=True, check=False)
    return out.returncode, json.loads(out.stdout) if out.stdout.strip() else None


def _agree(tb, exe, directory, fen, counters=None, moves=None):
    extra = []
    if counters:
        extra += ["--counters", counters]
    if moves:
        extra += ["--moves", moves]
    code, cli = _cli(exe, directory, fen, extra)
    if code != 0:
        expected = {"fen": dtb.FenError, "position": dtb.FenError, "counters": dtb.CountersError,
                    "not_available": dtb.NotAvailable}[cli["error"]["code"]]
        with pytest.raises(expected):
            tb.probe(fen, counters=counters, moves=moves)
        return 0
    r = tb.probe(fen, counters=counters, moves=moves)
    assert (r.variant, r.fen, r.wdl) == (cli["variant"], cli["fen"], cli["wdl"])
    assert (r.dtw, r.dtc) == (cli.get("dtw"), cli.get("dtc"))
    counted = cli["counters"]
    assert r.counters.counter_set == counted["counter_set"]
    assert r.counters.state == counted["state"]
    assert (r.counters.wdl, r.counters.klass, r.counters.plies, r.counters.budget) == (
        counted.get("wdl"), counted.get("class"), counted.get("plies"), counted.get("budget"))
    moves_py = {m.move: m for m in tb.best_moves(fen, counters=counters, moves=moves)}
    assert [m["move"] for m in cli["moves"]] == list(moves_py)
    for m in cli["moves"]:
        p = moves_py[m["move"]]
        assert (p.wdl, p.dtw, p.dtc) == (m["wdl"], m.get("dtw"), m.get("dtc"))
        assert ("counters" in m) == (p.counters is not None)
        if p.counters is not None:
            counted = m["counters"]
            assert (p.counters.wdl, p.counters.klass, p.counters.plies, p.counters.budget) == (
                counted["wdl"], counted["class"], counted.get("plies"), counted.get("budget"))
            assert p.counters.state == counted["state"]
    if cli["moves"] and "counters" in cli["moves"][0]:
        by_rank = sorted(cli["moves"], key=lambda m: m["counters"]["rank"])
        ranked = tb.best_moves(fen, counters=counters, moves=moves, rank="counters")
        assert [m["move"] for m in by_rank] == [m.move for m in ranked]
    return 1


def test_russian_fresh_counters(russian_dir, dtb_exe):
    rng = random.Random(1)
    checked = 0
    with dtb.open_tablebase(russian_dir) as tb:
        for _ in range(2500):
            fen = _random_fen(rng, DARK, _russian_man_ok)
            checked += _agree(tb, dtb_exe, russian_dir, fen)
    assert checked > 1800


def test_russian_counters_run_up_and_set(russian_dir, dtb_exe):
    rng = random.Random(2)
    checked = 0
    with dtb.open_tablebase(russian_dir) as tb:
        for _ in range(400):
            fen = _random_fen(rng, DARK, _russian_man_ok)
            try:
                line = tb.best_line(fen, pure=True)
            except dtb.Error:
                continue
            played = " ".join(m.move for m in line[: rng.randint(1, 4)])
            checked += _agree(tb, dtb_exe, russian_dir, fen, moves=played or None)
            name = rng.choice(tb.counters)
            checked += _agree(tb, dtb_exe, russian_dir, fen,
                              counters=f"{name}={rng.randint(0, 40)}")
    assert checked > 300


def test_portuguese(portuguese_dir, dtb_exe):
    rng = random.Random(3)
    checked = 0
    with dtb.open_tablebase(portuguese_dir) as tb:
        for _ in range(400):
            fen = _random_fen(rng, NUMBERS, _portuguese_man_ok)
            checked += _agree(tb, dtb_exe, portuguese_dir, fen)
    assert checked > 250
