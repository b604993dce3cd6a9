"""Fixtures of dtb serve's tests: the tables web.tables wrote, a running server, dtb itself."""

import json
import os
import pathlib
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

VARIANTS = ["russian", "international", "turkish", "english", "italian", "portuguese",
            "brazilian"]


def _env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.skip(f"{name} is not set (run through ctest)")
    return value


@pytest.fixture(scope="session")
def dtb_exe() -> str:
    return _env("DTB_EXE")


@pytest.fixture(scope="session")
def tables() -> pathlib.Path:
    root = pathlib.Path(_env("DTB_WEB_TABLES"))
    for v in VARIANTS:
        assert (root / v / "manifest.json").exists(), f"{root / v}: run the ctest fixture web.tables"
    return root


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A dtb serve process on loopback, and requests to it."""

    def __init__(self, exe: str, dirs: list, threads: int = 8):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [exe, "serve", *map(str, dirs), "--port", str(self.port), "--threads", str(threads)],
            stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 30
        while True:
            try:
                self.get("/api/variants")
                return
            except (urllib.error.URLError, ConnectionError):
                if self.proc.poll() is not None:
                    raise RuntimeError("dtb serve exited: " + self.proc.stderr.read())
                if time.time() > deadline:
                    raise
                time.sleep(0.1)

    def get(self, path: str, **params):
        """(status, JSON body) of GET path?params."""
        url = self.url + path + ("?" + urllib.parse.urlencode(params) if params else "")
        try:
            with urllib.request.urlopen(url, timeout=60) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def post(self, path: str, body: bytes, content_type: str = "text/plain", **params):
        """(status, JSON body) of POST path?params with `body`."""
        url = self.url + path + ("?" + urllib.parse.urlencode(params) if params else "")
        request = urllib.request.Request(url, data=body, method="POST",
                                         headers={"Content-Type": content_type})
        try:
            with urllib.request.urlopen(request, timeout=60) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="session")
def server(dtb_exe, tables):
    s = Server(dtb_exe, [tables / v for v in VARIANTS])
    yield s
    assert s.alive(), "dtb serve died during the tests"
    s.stop()


def dtb_json(exe: str, *args) -> dict:
    """The JSON a dtb command prints."""
    out = subprocess.run([exe, *map(str, args), "--json"], capture_output=True, text=True)
    return json.loads(out.stdout)


# Russian: five pieces at the start (outside the ≤4 tables), a capture into four, then White
# throws the win away with 3. e3-f4? (c3-d4 keeps it). The second game has a move no piece can
# make at ply 2.
THROWN_GAME = """[Event "a win thrown away"]
[White "Ann"]
[Black "Bob"]
[Result "1-1"]
[FEN "B:Wc3,e3,g3:Bg5,h6"]

1... g5-f4 2. g3xe5 h6-g5 3. e3-f4 g5xe3 1-1

[Event "a move no piece can make"]
[White "Carl"]
[Black "Dora"]
[FEN "W:Wc3,e3:Bh6"]

1. e3-f4 h6-h4 *
"""
