"""Fixtures of the Python package's tests: the tables python.tables wrote, the dtb command."""

import os
import pathlib

import pytest

import dtb


def _tables(name: str) -> str:
    root = os.environ.get("DTB_PYTHON_TABLES")
    if not root:
        pytest.skip("DTB_PYTHON_TABLES is not set (run through ctest)")
    path = pathlib.Path(root) / name
    assert (path / "manifest.json").exists(), f"{path}: run the ctest fixture python.tables"
    return str(path)


@pytest.fixture(scope="session")
def russian_dir() -> str:
    return _tables("russian")


@pytest.fixture(scope="session")
def wdl_dir() -> str:
    return _tables("wdl")


@pytest.fixture(scope="session")
def portuguese_dir() -> str:
    return _tables("portuguese")


@pytest.fixture(scope="session")
def dtb_exe() -> str:
    exe = os.environ.get("DTB_EXE")
    if not exe:
        pytest.skip("DTB_EXE is not set (run through ctest)")
    return exe


@pytest.fixture()
def russian(russian_dir):
    with dtb.open_tablebase(russian_dir) as tb:
        yield tb
