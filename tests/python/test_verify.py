"""Tablebase.verify: the checks of `dtb verify`, from Python; a sound directory holds, a
damaged copy reports its table."""

import shutil

import pytest

import dtb


def test_sound_directory_verifies(russian_dir):
    with dtb.open_tablebase(russian_dir) as tb:
        r = tb.verify(samples=20, seed=3)
    assert r["ok"] is True
    assert r["variant"] == "russian" and r["dir"] == russian_dir
    assert r["tables_checked"] == len(r["tables"]) > 0
    assert (r["tables_failed"], r["listing_problems"]) == (0, 0)
    assert all(t["ok"] and t["error"] is None for t in r["tables"])
    assert r["samples"]["checked"] > 0 and r["samples"]["failed"] == 0
    assert r["counter_samples"]["checked"] > 0 and r["counter_samples"]["failed"] == 0
    assert r["distance_samples"]["failed"] == 0


def test_flipped_byte_is_reported(russian_dir, tmp_path):
    copy = tmp_path / "russian"
    shutil.copytree(russian_dir, copy)
    damaged = max(copy.glob("*.wdl.dtb"), key=lambda p: p.stat().st_size)
    data = bytearray(damaged.read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged.write_bytes(bytes(data))
    with dtb.open_tablebase(str(copy)) as tb:
        r = tb.verify(samples=5)
    assert r["ok"] is False
    assert r["tables_failed"] == 1
    bad = [t for t in r["tables"] if not t["ok"]]
    assert [t["file"] for t in bad] == [damaged.name]
    assert bad[0]["error"] and damaged.name in bad[0]["message"]


def test_verify_takes_one_directory(russian_dir, wdl_dir):
    with dtb.open_tablebase(f"{wdl_dir}:{russian_dir}") as tb:
        with pytest.raises(dtb.Error, match="one directory"):
            tb.verify()
    with dtb.open_tablebase(russian_dir) as tb:
        with pytest.raises(ValueError):
            tb.verify(samples=-1)
