"""Every exception of the package, with the library's message; nothing crashes."""

import os
import shutil

import pytest

import dtb

WIN = "W:WKa1,Kc3:Bh8"


def test_the_hierarchy():
    for cls in (dtb.FenError, dtb.CountersError, dtb.NotAvailable, dtb.CorruptTable,
                dtb.DirectoryError, dtb.VariantError):
        assert issubclass(cls, dtb.Error)
    assert issubclass(dtb.FenError, ValueError)
    assert issubclass(dtb.NotAvailable, LookupError)
    assert issubclass(dtb.DirectoryError, OSError)


def test_malformed_and_impossible_positions(russian):
    with pytest.raises(dtb.FenError, match="first field"):
        russian.probe("X:bad")
    with pytest.raises(dtb.FenError):
        russian.probe_wdl("W:W:B")
    with pytest.raises(dtb.FenError):
        russian.best_moves("W:WKa1,Ka1:BKh8")
    with pytest.raises(TypeError):
        russian.probe(42)


def test_bad_counters_and_moves(russian):
    kkkvk = "W:WKc1,Kd2,Ka3:BKe1"
    with pytest.raises(dtb.CountersError, match="the counters of fmjd64 are: kings-only"):
        russian.probe(kkkvk, counters={"bogus": 3})
    with pytest.raises(dtb.CountersError):
        russian.probe(kkkvk, counters="three-kings")
    with pytest.raises(dtb.CountersError):
        russian.probe(kkkvk, counters={"three-kings": 10_000})
    with pytest.raises(TypeError):
        russian.probe(kkkvk, counters={"three-kings": 1.5})
    with pytest.raises(dtb.FenError):
        russian.probe(kkkvk, moves="a1-a2")
    with pytest.raises(TypeError):
        russian.probe(kkkvk, moves=[1, 2])
    # A separator inside one entry would read as more counters or moves than given.
    with pytest.raises(dtb.CountersError, match="holds ','"):
        russian.probe(kkkvk, counters={"three-kings": "5,balance=2"})
    with pytest.raises(dtb.CountersError):
        russian.probe(kkkvk, counters={"kings-only=3,three-kings": 5})
    with pytest.raises(dtb.FenError, match="one string"):
        russian.probe(kkkvk, moves=["c1-b2 e1-f2"])
    with pytest.raises(dtb.FenError):
        russian.probe(kkkvk, moves=["c1-b2", ""])


def test_positions_outside_the_tables(russian):
    with pytest.raises(dtb.NotAvailable, match="not available"):
        russian.probe("W:WKa1,Kc1,Ke1:BKh8,Kh6")
    with pytest.raises(ValueError):
        russian.best_moves(WIN, rank="fastest")
    with pytest.raises(ValueError):
        russian.counters_report("KKxK")


def test_directories_that_cannot_be_opened(tmp_path):
    with pytest.raises(dtb.DirectoryError):
        dtb.open_tablebase(str(tmp_path / "missing"))
    with pytest.raises(dtb.Error):
        dtb.open_tablebase(str(tmp_path))  # no manifest, no variant named
    with pytest.raises(dtb.VariantError):
        dtb.open_tablebase(str(tmp_path), variant="chess")


def test_a_damaged_table(russian_dir, tmp_path):
    copy = tmp_path / "russian"
    shutil.copytree(russian_dir, copy)
    table = copy / "KKvK.wdl.dtb"  # read by every probe of the material
    data = bytearray(table.read_bytes())
    for i in range(100, len(data)):
        data[i] ^= 0xFF
    table.write_bytes(bytes(data))
    with pytest.raises(dtb.Error) as caught:
        with dtb.open_tablebase(str(copy)) as tb:
            tb.probe("W:WKe1,Kh4:BKa7")  # no capture, no threat: read from the table
    assert isinstance(caught.value, dtb.CorruptTable)
    assert "KKvK.wdl.dtb" in str(caught.value)


def test_a_closed_tablebase(russian_dir):
    tb = dtb.open_tablebase(russian_dir)
    tb.close()
    with pytest.raises(dtb.Error, match="closed"):
        tb.probe(WIN)
    tb.close()  # twice is harmless
