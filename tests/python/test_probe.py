"""Tablebase: opening, probing pure and under the counters, best moves and lines, reports."""

import dtb

WIN = "W:WKa1,Kc3:Bh8"  # two kings against a man: won
DRAW = "W:WKa1:BKh6"  # king against king, no capture at once
KKKVK = "W:WKc1,Kd2,Ka3:BKe1"


class Board:
    """A board of another package: dtb reads its fen attribute, or calls its fen method."""

    def __init__(self, fen, method=False):
        self._fen = fen
        if method:
            self.fen = lambda: self._fen
        else:
            self.fen = fen


def test_open_names_the_variant_and_what_is_installed(russian_dir):
    with dtb.open_tablebase(russian_dir) as tb:
        assert tb.variant == "russian"
        assert tb.counter_set == "fmjd64"
        assert "three-kings" in tb.counters
        assert tb.largest == 4
        materials = tb.materials()
        assert materials["KKvK"] == ["wdl", "dtw", "dtc", "counters"]
        assert len(materials) == 4 + 12 + 25  # every material of 2, 3 and 4 pieces
        assert "russian" in repr(tb)
    assert tb.closed
    assert "closed" in repr(tb)


def test_probe_pure_values(russian):
    r = russian.probe(WIN)
    assert (r.variant, r.wdl) == ("russian", "win")
    assert r.dtw > 0 and r.dtc > 0
    d = russian.probe(DRAW)
    assert (d.wdl, d.dtw, d.dtc) == ("draw", 0, 0)
    assert russian.probe_wdl(WIN) == 1
    assert russian.probe_wdl(DRAW) == 0
    assert russian.probe_dtw(WIN) == r.dtw
    # The side to move after White's best move loses.
    best = russian.best_moves(WIN)[0]
    assert best.wdl == "loss"
    assert russian.probe_wdl(best.fen) == -1
    assert russian.probe_dtw(best.fen) == -(r.dtw - 1)


def test_positions_from_objects_with_a_fen(russian):
    assert russian.probe(Board(WIN)).wdl == "win"
    assert russian.probe(Board(WIN, method=True)).wdl == "win"
    assert russian.probe_wdl('[FEN "W:WKa1,Kc3:Bh8"]') == 1


def test_probe_under_the_counters(russian):
    fresh = russian.probe(KKKVK)
    assert fresh.counters.counter_set == "fmjd64"
    assert fresh.counters.wdl == "win"
    assert fresh.counters.klass == "win"
    assert fresh.counters.state["three-kings"] == {"plies": 0, "left": 29}  # the 15th move
    # Three kings with one ply of their 15 moves left: the win is cursed.
    late = russian.probe(KKKVK, counters={"three-kings": 28})
    assert late.wdl == "win"
    assert late.counters.klass == "cursed-win"
    assert late.counters.wdl == "draw"
    assert late.counters.plies is None
    assert russian.probe(KKKVK, counters="three-kings=28").counters.klass == "cursed-win"


def test_moves_run_the_counters_up(russian):
    line = russian.best_line(KKKVK)
    assert line and line[0].counters is not None
    first, reply = line[0].move, line[1].move
    after = russian.probe(KKKVK, moves=[first, reply])
    assert after.fen == line[1].fen
    assert after.counters.state["three-kings"]["plies"] == 2
    assert russian.probe(KKKVK, moves=f"{first} {reply}").fen == after.fen


def test_best_moves_best_first(russian):
    moves = russian.best_moves(WIN)
    assert moves[0].wdl == "loss"  # for the side to move after it: the opponent
    assert {m.move for m in moves} == {m for m, _ in dtb.moves("russian", WIN)}
    assert all(m.counters is not None for m in moves)
    ranked = russian.best_moves(KKKVK, counters={"three-kings": 20}, rank="counters")
    assert {m.move for m in ranked} == {m.move for m in russian.best_moves(KKKVK)}


def test_best_line_pure_and_under_the_counters(russian):
    pure = russian.best_line(WIN, pure=True)
    assert len(pure) == russian.probe(WIN).dtw
    assert pure[-1].wdl == "loss" and pure[-1].dtw == 0
    ruled = russian.best_line(KKKVK)
    assert len(ruled) == russian.probe(KKKVK).counters.plies
    assert [m.counters.plies for m in ruled] == list(range(len(ruled) - 1, -1, -1))
    assert russian.best_line(DRAW) == []


def test_rules_report_counts_every_position(russian):
    rows = russian.counters_report("KKvK")
    assert [r["side_to_move"] for r in rows] == ["white", "black"]
    white = rows[0]
    # docs/variants.md#published-counts: KK v K, white to move, 14880 positions, 5628 / 9252 / 0.
    assert white["positions"] == 14880
    assert white["pure"] == {"wins": 5628, "draws": 9252, "losses": 0}
    assert white["counters"]["wins"] <= white["pure"]["wins"]
    assert sum(white["histogram_pure"]) == white["pure"]["wins"] + white["pure"]["losses"]
    everything = russian.counters_report()
    assert len(everything) == 2 * len(russian.materials())
    # Without distances=True the report derives no distance: those fields are None.
    assert white["max_winner_moves_counters"] is None and white["histogram_counters"] is None
    assert sum(white["histogram_budget"]) == white["counters"]["wins"] + white["counters"]["losses"]


def test_rules_report_by_the_distance_under_the_counters(russian):
    for row in russian.counters_report("KKKvK", distances=True):
        decided = row["counters"]["wins"] + row["counters"]["losses"]
        assert sum(row["histogram_counters"]) + row["distances_unknown"] == decided
        # The counters only take moves from the winner: never shorter than pure.
        assert row["max_winner_moves_counters"] >= row["max_winner_moves_budget"]
        fen = row["hardest_fen_counters"]
        line = russian.best_line(fen)
        moves = row["max_winner_moves_counters"]
        plies = 2 * moves - 1 if row["side_to_move"] == "white" else 2 * moves
        assert len(line) == plies, fen
        assert russian.probe(fen).counters.plies == plies


def test_tables_of_wdl_alone(wdl_dir):
    with dtb.open_tablebase(wdl_dir) as tb:
        r = tb.probe(WIN)
        assert r.wdl == "win"
        assert r.dtw is None and r.dtc is None
        assert r.counters.error is not None and r.counters.wdl is None
        assert tb.probe_wdl(WIN) == 1


def test_get_returns_the_default_where_a_material_is_missing(russian):
    five = "W:WKa1,Kc1,Ke1:BKh8,Kh6"
    assert russian.get_probe(five) is None
    assert russian.get_wdl(five, default=7) == 7
    assert russian.get_dtw(five) is None
    assert russian.get_best_moves(five, default=[]) == []
    assert russian.get_best_line(five) is None
    assert russian.get_wdl(WIN) == 1


def test_portuguese_counts_from_the_river(portuguese_dir):
    with dtb.open_tablebase(portuguese_dir) as tb:
        assert tb.variant == "portuguese"
        r = tb.probe("W:WK1,K5,K9:BK32")
        assert r.counters.counter_set == tb.counter_set
        assert set(r.counters.state) <= set(tb.counters)
        assert r.counters.wdl in ("win", "draw", "loss")
