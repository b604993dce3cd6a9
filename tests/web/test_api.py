"""dtb serve's JSON API: the same answers as the command line, bad input answered 400 with a
message, concurrent requests, and a bounded wrk load on loopback. POST /api/annotate: the
games of dtb annotate --json with their moves, the errors found, bad bodies refused."""

import concurrent.futures
import re
import subprocess

import pytest

from conftest import THROWN_GAME, dtb_json

KKKVK = "W:WKa1,Kc3,Ke1:BKh8"
INTERNATIONAL = "W:W28,K46:B3,K5"


def test_variants_lists_every_directory_with_its_board(server):
    status, variants = server.get("/api/variants")
    assert status == 200
    by_name = {v["name"]: v for v in variants}
    assert set(by_name) == {"russian", "international", "turkish", "english", "italian",
                            "portuguese", "brazilian"}
    assert by_name["russian"]["largest"] == 4
    assert "three-kings" in by_name["russian"]["counters"]
    assert len(by_name["international"]["board"]["squares"]) == 50
    assert len(by_name["turkish"]["board"]["squares"]) == 64
    assert by_name["english"]["first_to_move"] == "black"


@pytest.mark.parametrize("variant,fen,options", [
    ("russian", KKKVK, {}),
    ("russian", KKKVK, {"counters": "kings-only=4,balance=4,three-kings=4,long-diagonal=4"}),
    ("russian", KKKVK, {"moves": "a1-b2 h8-g7"}),
    ("international", INTERNATIONAL, {}),
    ("turkish", "W:Wd4:Bb6,Ka8", {}),
])
def test_probe_is_dtb_probe_json(server, dtb_exe, tables, variant, fen, options):
    status, answer = server.get("/api/probe", variant=variant, fen=fen, **options)
    args = [f"--{k}={v}" for k, v in options.items()]
    assert status == 200, answer
    assert answer == dtb_json(dtb_exe, "probe", tables / variant, fen, *args)


@pytest.mark.parametrize("options", [{}, {"pure": "1"}, {"moves": "e1-d2"}])
def test_line_is_dtb_best_json(server, dtb_exe, tables, options):
    status, answer = server.get("/api/line", variant="russian", fen=KKKVK, **options)
    assert status == 200, answer
    args = ["--pure"] if options.get("pure") else [f"--{k}={v}" for k, v in options.items()]
    assert answer == dtb_json(dtb_exe, "best", tables / "russian", KKKVK, *args)
    assert answer["line"], "a won position has a line"


def test_probe_gives_one_record_per_move(server):
    """Each legal move is one record: its pure value and, under the counters, its value, its
    rank there and the counters after it (no second list to pair by the move's text)."""
    status, answer = server.get("/api/probe", variant="russian", fen=KKKVK)
    assert status == 200
    assert "moves" not in answer["counters"]
    assert answer["moves"]
    for m in answer["moves"]:
        assert {"move", "wdl", "dtw", "dtc", "counters"} <= set(m)
        assert {"wdl", "class", "rank", "state"} <= set(m["counters"])
    ranks = sorted(m["counters"]["rank"] for m in answer["moves"])
    assert ranks == list(range(len(answer["moves"])))


def test_pure_line_starts_after_the_moves_and_says_the_counters(server):
    status, line = server.get("/api/line", variant="russian", fen=KKKVK, pure="1")
    assert status == 200
    assert all("state" in step for step in line["line"])
    first = line["line"][0]["move"]
    status, after = server.get("/api/line", variant="russian", fen=KKKVK, pure="1", moves=first)
    assert status == 200
    assert after["line"] == line["line"][1:]


@pytest.mark.parametrize("path,params,code,words", [
    ("/api/probe", {"variant": "russian"}, "bad_input", "missing parameter 'fen'"),
    ("/api/probe", {"fen": KKKVK}, "bad_input", "missing parameter 'variant'"),
    ("/api/probe", {"variant": "frisian", "fen": KKKVK}, "variant", "no tables of 'frisian'"),
    ("/api/probe", {"variant": "russian", "fen": "W:WKz9:Bh8"}, "fen", "z9"),
    ("/api/probe", {"variant": "russian", "fen": "garbage"}, "fen", ""),
    ("/api/probe", {"variant": "russian", "fen": "W:Wa1,c1,e1,g1:Bh8"}, "not_available", ""),
    ("/api/probe", {"variant": "russian", "fen": KKKVK, "counters": "three-kings=x"},
     "counters", "'x' is not a number"),
    ("/api/probe", {"variant": "russian", "fen": KKKVK, "counters": "nonsense=3"},
     "counters", "nonsense"),
    ("/api/probe", {"variant": "russian", "fen": KKKVK, "moves": "a1-h8"}, "fen", "a1-h8"),
    ("/api/line", {"variant": "russian", "fen": KKKVK, "pure": "yes"}, "bad_input", "pure"),
    ("/api/line", {"variant": "russian", "fen": "W:W:B"}, "position", "no piece"),
])
def test_bad_input_is_400_with_a_message(server, path, params, code, words):
    status, answer = server.get(path, **params)
    assert status == 400, answer
    assert answer["error"]["code"] == code
    assert words in answer["error"]["message"]
    assert server.alive()


@pytest.mark.parametrize("under", ["counters", "pure"])
def test_annotate_is_dtb_annotate_json(server, dtb_exe, tables, tmp_path, under):
    """The games and summary of dtb annotate --json, each game with more for the page."""
    path = tmp_path / "games.pdn"
    path.write_text(THROWN_GAME)
    status, answer = server.post("/api/annotate", THROWN_GAME.encode(), variant="russian",
                                 under=under)
    assert status == 200, answer
    want = dtb_json(dtb_exe, "annotate", tables / "russian", path, f"--under={under}")
    assert answer["summary"] == want["summary"]
    assert (answer["variant"], answer["under"]) == (want["variant"], want["under"])
    assert len(answer["games"]) == len(want["games"]) == 2
    for got, game in zip(answer["games"], want["games"]):
        assert {k: got[k] for k in game} == game
        assert {"tags", "problems", "start", "moves", "failure"} <= set(got)


def test_annotate_marks_the_thrown_win_and_values_each_held_position(server, dtb_exe, tables):
    status, answer = server.post("/api/annotate", THROWN_GAME.encode(), variant="russian")
    assert status == 200, answer
    game, refused = answer["games"]
    assert game["tags"][0] == {"name": "Event", "value": "a win thrown away"}
    moves = [m["move"] for m in game["moves"]]
    assert [m["written"] for m in game["moves"]] == ["g5-f4", "g3xe5", "h6-g5", "e3-f4", "g5xe3"]
    assert [m["side"] for m in game["moves"]] == ["black", "white", "black", "white", "black"]
    assert [m["nag"] for m in game["moves"]] == ["", "", "", "?", ""]
    assert [m["pieces"] for m in game["moves"]] == [5, 4, 4, 4, 3]
    [thrown] = game["thrown"]
    assert (thrown["ply"], thrown["player"], thrown["played"], thrown["before"], thrown["after"],
            thrown["best"], thrown["best_value"]) == (4, "Ann", "e3-f4", "win", "draw", "c3-d4",
                                                      "win")
    # Five pieces at the start and after the first move: not valued; every later position is.
    assert [p["ply"] for p in game["positions"]] == [2, 3, 4, 5]
    for p in game["positions"]:
        ply = p["ply"]
        assert p["fen"] == game["moves"][ply - 1]["fen"]
        # The value dtb probe gives with the counters run up by the game's moves.
        want = dtb_json(dtb_exe, "probe", tables / "russian", game["start"],
                        "--moves=" + " ".join(moves[:ply]))
        assert want["fen"] == p["fen"]
        assert p["pure"] == {"wdl": want["wdl"], **({"dtw": want["dtw"], "dtc": want["dtc"]}
                                                    if "dtw" in want else {})}
        assert p["counted"]["class"] == want["counters"]["class"]
    assert game["failure"] is None and game["error"] is None
    # The second game: its second move cannot be matched, reported with game, ply and why.
    assert refused["failure"]["game"] == 2 and refused["failure"]["ply"] == 2
    assert refused["failure"]["written"] == "h6-h4"
    assert "no legal move" in refused["failure"]["reason"]
    assert [m["move"] for m in refused["moves"]] == ["e3-f4"]
    assert answer["summary"]["thrown"] == 1 and answer["summary"]["refused"] == 1


def test_annotate_reports_a_game_of_another_variant(server):
    body = b'[GameType "20"]\n[FEN "W:W28:B3"]\n1. 28-22 3-9 *\n'
    status, answer = server.post("/api/annotate", body, variant="russian")
    assert status == 200, answer
    assert answer["games"][0]["error"] == "the game is international, the tables russian"
    assert answer["games"][0]["moves"] == []


@pytest.mark.parametrize("body,params,status,code,words", [
    (b"", {"variant": "russian"}, 400, "pdn", "the body is empty"),
    (b" \r\n\t", {"variant": "russian"}, 400, "pdn", "the body is empty"),
    (b"hello", {"variant": "russian"}, 400, "pdn", "no PDN game could be read: ply 1 'hello'"),
    (b"{only a comment}", {"variant": "russian"}, 400, "pdn", "no moves"),
    (THROWN_GAME.encode(), {}, 400, "bad_input", "missing parameter 'variant'"),
    (THROWN_GAME.encode(), {"variant": "frisian"}, 400, "variant", "no tables of 'frisian'"),
    (THROWN_GAME.encode(), {"variant": "russian", "under": "sometimes"}, 400, "bad_input",
     "not 'sometimes'"),
    (b"[Event \"big\"]\n" + b" " * (1 << 20), {"variant": "russian"}, 413, "too_large",
     "limit of 1048576 bytes"),
])
def test_annotate_bad_bodies(server, body, params, status, code, words):
    got, answer = server.post("/api/annotate", body, **params)
    assert got == status, answer
    assert answer["error"]["code"] == code
    assert words in answer["error"]["message"]
    assert server.alive()


def test_annotate_form_encoded_body_over_8k_is_413_saying_why(server):
    """httplib reads a form-encoded body (curl -d's default) up to 8192 bytes: the answer says
    which Content-Type to send instead."""
    body = THROWN_GAME.encode() + b" " * 9000
    status, answer = server.post("/api/annotate", body, "application/x-www-form-urlencoded",
                                 variant="russian")
    assert status == 413 and "text/plain" in answer["error"]["message"]
    status, answer = server.post("/api/annotate", body, variant="russian")
    assert status == 200 and answer["summary"]["thrown"] == 1


def test_annotate_binary_garbage_is_answered(server):
    """Bytes of every value, NULs and code-page bytes among them: an answer, never a crash."""
    for body in [bytes(range(256)) * 40, b"[" * 5000, b"1." * 5000, b"\xef\xbb\xbf(" * 3000]:
        status, answer = server.post("/api/annotate", body, variant="russian")
        assert status in (200, 400), answer
        assert server.alive()


def test_unknown_path_is_404_json(server):
    status, answer = server.get("/api/nothing")
    assert status == 404
    assert answer["error"]["code"] == "not_found"


def test_the_page_and_its_files_are_served(server):
    import urllib.request
    for path, kind in [("/", "text/html"), ("/app.js", "text/javascript"),
                       ("/style.css", "text/css")]:
        with urllib.request.urlopen(server.url + path) as r:
            assert r.status == 200
            assert r.headers["Content-Type"].startswith(kind)
            assert len(r.read()) > 1000


def test_concurrent_requests_agree_with_one_by_one(server):
    fens = [KKKVK, "B:WKa1,Kc3,Ke1:BKh8", "W:WKa1,Kc3:BKh8", "W:Wc3,e3:Bf6", "B:Wc3:Bf6,h8"]
    expected = {fen: server.get("/api/probe", variant="russian", fen=fen) for fen in fens}
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(
            lambda i: (fens[i % len(fens)],
                       server.get("/api/probe", variant="russian", fen=fens[i % len(fens)])),
            range(200)))
    for fen, answer in answers:
        assert answer == expected[fen]


def wrk(url: str, seconds: int = 5) -> dict:
    """Requests per second, p99 latency (ms), requests and non-2xx answers of a wrk run."""
    out = subprocess.run(["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", url],
                         capture_output=True, text=True, timeout=seconds + 60).stdout
    print(out)
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out)
    scale = {"us": 1e-3, "ms": 1.0, "s": 1e3}[p99.group(2)]
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p99_ms": float(p99.group(1)) * scale,
            "requests": int(re.search(r"(\d+) requests in", out).group(1)),
            "non_2xx": int(non2xx.group(1)) if non2xx else 0,
            "socket_errors": "Socket errors" in out}


def test_load_on_loopback(server):
    good = wrk(server.url + "/api/probe?variant=russian&fen=W:WKa1,Kc3,Ke1:BKh8")
    print(f"/api/probe under wrk -t2 -c16: {good['rps']:.0f} requests/s, "
          f"p99 {good['p99_ms']:.2f} ms, {good['requests']} requests")
    assert good["requests"] > 0 and good["non_2xx"] == 0 and not good["socket_errors"]
    bad = wrk(server.url + "/api/probe?variant=russian&fen=W:WKz9:Bh8", seconds=3)
    print(f"bad FEN under wrk: {bad['rps']:.0f} requests/s, all {bad['non_2xx']} answered 400")
    assert bad["requests"] > 0 and bad["non_2xx"] == bad["requests"]
    assert server.alive()
    assert server.get("/api/probe", variant="russian", fen=KKKVK)[0] == 200
