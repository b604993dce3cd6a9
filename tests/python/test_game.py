"""dtb.variants, dtb.perft and dtb.moves: the rules of play without tables."""

import pytest

import dtb


def test_variants_lists_every_name():
    names = dtb.variants()
    assert len(names) == 19
    for v in ("russian", "international", "frisian", "turkish", "ballot11"):
        assert v in names


# Published perft counts (docs/variants.md#published-counts): russian and international from
# the start.
@pytest.mark.parametrize(
    "variant, depth, count",
    [("russian", 1, 7), ("russian", 5, 7_482), ("international", 1, 9), ("international", 4, 4_265)],
)
def test_perft_from_the_start(variant, depth, count):
    assert dtb.perft(variant, depth) == count


def test_perft_from_a_fen_and_depth_zero():
    assert dtb.perft("russian", 0, "W:WKc3:BKh8") == 1
    moves = dtb.moves("russian", "W:WKc3:BKh8")
    assert dtb.perft("russian", 1, "W:WKc3:BKh8") == len(moves)


def test_moves_give_the_position_after_each():
    moves = dtb.moves("russian", "W:WKc3:BKe5")
    assert sorted(m for m, _ in moves) == ["c3:f6", "c3:g7", "c3:h8"]
    for move, fen in moves:
        assert fen.startswith("B:WK")
        assert dtb.perft("russian", 0, fen) == 1


def test_bad_input_raises_with_the_message():
    with pytest.raises(dtb.VariantError, match="unknown variant 'chess'"):
        dtb.perft("chess", 1)
    with pytest.raises(dtb.FenError):
        dtb.moves("russian", "X:bad")
    with pytest.raises(dtb.FenError, match="no piece"):
        dtb.moves("russian", "W:W:B")
    with pytest.raises(ValueError):
        dtb.perft("russian", -1)
