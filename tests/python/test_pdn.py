"""dtb.read_pdn and Tablebase.annotate: PDN games read, replayed and checked against the
tables, on the games dtb annotate's command-line tests use (tests/cli/annotate_games.pdn)."""

import pathlib

import pytest

import dtb

GAMES = pathlib.Path(__file__).resolve().parents[1] / "cli" / "annotate_games.pdn"


def test_read_pdn_keeps_tags_moves_and_result():
    games = dtb.read_pdn(str(GAMES))
    assert len(games) == 4
    first = games[0]
    assert (first.index, first.white, first.black) == (1, "Ann", "Bob")
    assert first.tags["FEN"] == "W:Wc3,e3:Bh6"
    assert first.moves == ["e3-d4", "h6-g5"]
    assert (first.result, first.outcome) == ("1-1", "draw")
    assert first.problems == []


def test_replay_matches_the_moves_or_says_why_not():
    games = dtb.read_pdn(str(GAMES))
    second = games[1].replay(variant="russian")
    assert second["moves"] == ["d2-g5", "h6:h2"]
    assert second["failure"] is None
    third = games[2].replay(variant="russian")
    assert third["failure"]["ply"] == 1
    assert "no legal move" in third["failure"]["reason"]
    with pytest.raises(ValueError):
        games[0].replay()  # no GameType tag and no variant given


def test_pdn_text_and_missing_file():
    games = dtb.read_pdn_text("1. c3-d4 f6-e5 2-0 1. a3-b4 0-2")
    assert [g.moves for g in games] == [["c3-d4", "f6-e5"], ["a3-b4"]]
    assert dtb.read_pdn_text(games[0].to_pdn())[0].moves == ["c3-d4", "f6-e5"]
    with pytest.raises(OSError):
        dtb.read_pdn(str(GAMES) + ".missing")


def test_annotate_marks_the_thrown_results(russian_dir):
    games = dtb.read_pdn(str(GAMES))
    with dtb.open_tablebase(russian_dir) as tb:
        draw = tb.annotate(games[0])
        loss = tb.annotate(games[1], under="pure")
        refused = tb.annotate(games[2])
    assert draw["first_in_tables"]["value"] == "win"
    [thrown] = draw["thrown"]
    assert (thrown["ply"], thrown["player"], thrown["nag"]) == (1, "Ann", "?")
    assert (thrown["before"], thrown["after"], thrown["best"]) == ("win", "draw", "e3-f4")
    assert "e3-d4?" in draw["annotated_pdn"]
    assert [t["nag"] for t in loss["thrown"]] == ["??"]
    assert "no legal move" in refused["error"]
