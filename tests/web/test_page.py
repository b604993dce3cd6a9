"""The analysis page in a real browser (headless chromium through selenium): the board of each
geometry drawn as the variant's rules place and name its squares, values and moves as dtb probe
gives them, moves played by clicks, the best line, set-up by clicks, the counters, and a PDN
game pasted or opened, its errors marked, stepped through."""

import os
import pathlib

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import THROWN_GAME, dtb_json

KKKVK = "W:WKa1,Kc3,Ke1:BKh8"
HARDEST = "W:WKc1,Kd2,Ka3:BKe1"  # three kings against one: 13 moves under the counters
INTERNATIONAL = "W:W28,K46:B3,K5"
TURKISH = "W:Wd4:Bb6,Ka8"


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1200,1000"]:
        options.add_argument(arg)
    service = Service(executable_path="/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    yield driver
    driver.quit()


def settle(browser):
    """Waits until the page has loaded and no request is pending."""
    WebDriverWait(browser, 30).until(lambda d: d.execute_script(
        "return document.body.dataset.ready === 'true' && document.body.dataset.busy === '0'"))


def open_page(browser, server, **params):
    from urllib.parse import urlencode
    browser.get(server.url + "/?" + urlencode(params))
    settle(browser)


def screenshot(browser, name: str):
    root = pathlib.Path(os.environ.get("DTB_SCREENSHOTS", "screenshots"))
    root.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(root / name))


def text(browser, css: str) -> str:
    return browser.find_element(By.CSS_SELECTOR, css).text


def pieces(browser) -> dict:
    return {e.get_attribute("data-square"): e.get_attribute("data-piece")
            for e in browser.find_elements(By.CSS_SELECTOR, "#board .piece")}


def shown_moves(browser) -> dict:
    """Move text -> the group it is listed in."""
    return {b.get_attribute("data-move"): b.find_element(By.XPATH, "..").get_attribute("data-group")
            for b in browser.find_elements(By.CSS_SELECTOR, "#moves button.move")}


GROUP = {"loss": "winning", "blessed-loss": "cursed", "draw": "drawn", "cursed-win": "blessed",
         "win": "losing"}


def check_against_dtb(browser, dtb_exe, directory, fen, *args):
    """The page shows what dtb probe --json says of the position."""
    want = dtb_json(dtb_exe, "probe", directory, fen, *args)
    assert browser.find_element(By.ID, "fen").get_attribute("value") == want["fen"]
    pure = text(browser, "#value-pure")
    assert pure.startswith(want["wdl"])
    if want["wdl"] != "draw":
        assert f"in {want['dtw']} pl" in pure and f"DTC {want['dtc']}" in pure
    counted = want["counters"]
    shown_class = browser.find_element(By.ID, "value-counters").get_attribute("data-class")
    assert shown_class == counted["class"]
    assert shown_moves(browser) == {m["move"]: GROUP[m["counters"]["class"]] for m in want["moves"]}
    for m in want["moves"]:
        button = browser.find_element(By.CSS_SELECTOR, f'#moves button[data-move="{m["move"]}"]')
        if m["wdl"] != "draw":
            assert f"DTW {m['dtw']}" in button.text and f"DTC {m['dtc']}" in button.text
    return want


def square_box(browser, name: str):
    rect = browser.find_element(By.CSS_SELECTOR, f'#board g[data-square="{name}"] rect')
    return float(rect.get_attribute("x")), float(rect.get_attribute("y"))


def board_extent(browser):
    xs, ys = zip(*(square_box(browser, e.get_attribute("data-square")) for e in
                   browser.find_elements(By.CSS_SELECTOR, "#board g[data-square]:not(.piece)")))
    return min(xs), max(xs), min(ys), max(ys)


# The squares in White's lower-left, lower-right, upper-left and upper-right corners of each
# 8x8 board as the rules name them (None: the corner is a light square, not played on).
CORNERS = {
    "russian": ("a1", None, None, "h8"),          # FMJD-64: a1 dark, at White's left
    "english": ("29", None, None, "4"),           # 1 is the top left square, 32 g1 ... 29 a1
    "italian": (None, "32", "1", None),           # mirrored: dark corner at White's right
    "portuguese": (None, "1", "32", None),        # 1 is White's lower right, h1
    "brazilian": ("a1", None, None, "h8"),
    "turkish": ("a1", "h1", "a8", "h8"),          # every square played on
}


@pytest.mark.parametrize("variant", sorted(CORNERS))
def test_board_orientation_and_names(browser, server, variant):
    open_page(browser, server, variant=variant)
    left, right, top, bottom = board_extent(browser)
    for name, corner in zip(CORNERS[variant], [(left, bottom), (right, bottom), (left, top),
                                                (right, top)]):
        if name is not None:
            assert square_box(browser, name) == corner, (variant, name)
    squares = browser.find_elements(By.CSS_SELECTOR, "#board g[data-square]:not(.piece)")
    assert len(squares) == (64 if variant == "turkish" else 32)


def test_international_board_is_10x10_on_50_squares(browser, server):
    open_page(browser, server, variant="international")
    names = [e.get_attribute("data-square") for e in
             browser.find_elements(By.CSS_SELECTOR, "#board g[data-square]:not(.piece)")]
    assert sorted(map(int, names)) == list(range(1, 51))
    left, right, top, bottom = board_extent(browser)
    assert square_box(browser, "1") == (left + 60, top)   # 1: the second square of the top row
    assert square_box(browser, "46") == (left, bottom)    # 46: White's lower left


def test_russian_three_kings_against_one(browser, server, dtb_exe, tables):
    open_page(browser, server, variant="russian", fen=HARDEST)
    check_against_dtb(browser, dtb_exe, tables / "russian", HARDEST)
    assert pieces(browser) == {"c1": "wk", "d2": "wk", "a3": "wk", "e1": "bk"}
    screenshot(browser, "russian_kkkvk.png")
    open_page(browser, server, variant="russian", fen=KKKVK)
    assert pieces(browser) == {"a1": "wk", "c3": "wk", "e1": "wk", "h8": "bk"}
    # Play the first winning move by a click: the page shows the position dtb reaches.
    move = browser.find_element(By.CSS_SELECTOR, '#moves [data-group="winning"] button.move')
    played = move.get_attribute("data-move")
    move.click()
    settle(browser)
    check_against_dtb(browser, dtb_exe, tables / "russian", KKKVK, f"--moves={played}")
    assert "last" in browser.find_element(
        By.CSS_SELECTOR, f'#board g[data-square="{played[-2:]}"] rect').get_attribute("class")
    browser.find_element(By.ID, "back").click()
    settle(browser)
    check_against_dtb(browser, dtb_exe, tables / "russian", KKKVK)
    browser.find_element(By.ID, "forward").click()
    settle(browser)
    check_against_dtb(browser, dtb_exe, tables / "russian", KKKVK, f"--moves={played}")


def test_best_line_is_dtb_best_and_clickable(browser, server, dtb_exe, tables):
    open_page(browser, server, variant="russian", fen=KKKVK)
    best = dtb_json(dtb_exe, "best", tables / "russian", KKKVK)
    shown = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#line button.line-move")]
    assert shown == [m["move"] for m in best["line"]]
    browser.find_elements(By.CSS_SELECTOR, "#line button.line-move")[1].click()
    settle(browser)
    moves = " ".join(shown[:2])
    check_against_dtb(browser, dtb_exe, tables / "russian", KKKVK, f"--moves={moves}")


def test_counters_edited_make_a_cursed_win(browser, server, dtb_exe, tables):
    open_page(browser, server, variant="russian", fen=KKKVK)
    for counter in browser.find_elements(By.CSS_SELECTOR, "#counters input"):
        if counter.get_attribute("data-counter") == "three-kings":
            counter.clear()
            counter.send_keys("29")
    browser.find_element(By.ID, "counters-apply").click()
    settle(browser)
    counters = browser.execute_script(
        "return new URLSearchParams(location.search).get('counters')")
    want = check_against_dtb(browser, dtb_exe, tables / "russian", KKKVK, f"--counters={counters}")
    assert want["counters"]["class"] == "cursed-win"
    assert text(browser, "#value-counters").startswith("cursed win")
    screenshot(browser, "russian_cursed_win.png")
    # A link reproduces the position with its counters.
    link = browser.find_element(By.ID, "link").get_attribute("href")
    browser.get(link)
    settle(browser)
    assert browser.find_element(By.ID, "value-counters").get_attribute("data-class") == "cursed-win"


def counters_param(state: dict) -> str:
    """The counters parameter of a record's state, as the page writes it."""
    return ",".join(f"{name}={'idle' if c['plies'] is None else c['plies']}"
                    for name, c in state.items())


def url_counters(browser) -> str:
    return browser.execute_script("return new URLSearchParams(location.search).get('counters')")


def test_counters_set_by_hand_go_on_after_a_move_and_a_pure_line(browser, server, dtb_exe, tables):
    set_by_hand = "three-kings=4"
    open_page(browser, server, variant="russian", fen=KKKVK, counters=set_by_hand)
    want = check_against_dtb(browser, dtb_exe, tables / "russian", KKKVK,
                             f"--counters={set_by_hand}")
    # A move clicked: the counters its record says it leaves.
    move = browser.find_elements(By.CSS_SELECTOR, "#moves button.move")[0]
    played = move.get_attribute("data-move")
    record = next(m for m in want["moves"] if m["move"] == played)
    move.click()
    settle(browser)
    assert url_counters(browser) == counters_param(record["counters"]["state"])
    browser.find_element(By.ID, "back").click()
    settle(browser)
    # A pure line's move clicked: the counters its step says the line leaves.
    browser.find_element(By.ID, "line-pure").click()
    settle(browser)
    best = dtb_json(dtb_exe, "best", tables / "russian", KKKVK, "--pure",
                    f"--counters={set_by_hand}")
    browser.find_elements(By.CSS_SELECTOR, "#line button.line-move")[1].click()
    settle(browser)
    counters = url_counters(browser)
    assert counters == counters_param(best["line"][1]["state"])
    moves = " ".join(m["move"] for m in best["line"][:2])
    check_against_dtb(browser, dtb_exe, tables / "russian", KKKVK, f"--moves={moves}",
                      f"--counters={counters}")
    browser.find_element(By.ID, "line-pure").click()
    settle(browser)


def test_setting_up_by_clicks(browser, server, dtb_exe, tables):
    open_page(browser, server, variant="russian")
    assert browser.find_element(By.ID, "edit").get_attribute("aria-pressed") == "true"
    for tool, square in [("wk", "a1"), ("wk", "c3"), ("wk", "e1"), ("bk", "h8")]:
        browser.find_element(By.CSS_SELECTOR, f'#tools [data-tool="{tool}"]').click()
        browser.find_element(By.CSS_SELECTOR, f'#board g[data-square="{square}"]').click()
        settle(browser)
    browser.find_element(By.ID, "side-black").click()
    settle(browser)
    assert browser.find_element(By.ID, "fen").get_attribute("value") == "B:WKa1,Ke1,Kc3:BKh8"
    check_against_dtb(browser, dtb_exe, tables / "russian", "B:WKa1,Kc3,Ke1:BKh8")


def test_international_position_with_men(browser, server, dtb_exe, tables):
    open_page(browser, server, variant="international", fen=INTERNATIONAL)
    check_against_dtb(browser, dtb_exe, tables / "international", INTERNATIONAL)
    screenshot(browser, "international_men.png")
    move = browser.find_elements(By.CSS_SELECTOR, "#moves button.move")[0]
    played = move.get_attribute("data-move")
    move.click()
    settle(browser)
    check_against_dtb(browser, dtb_exe, tables / "international", INTERNATIONAL,
                      f"--moves={played}")


def test_turkish_64_square_board(browser, server, dtb_exe, tables):
    open_page(browser, server, variant="turkish", fen=TURKISH)
    check_against_dtb(browser, dtb_exe, tables / "turkish", TURKISH)
    move = browser.find_elements(By.CSS_SELECTOR, "#moves button.move")[0]
    played = move.get_attribute("data-move")
    move.click()
    settle(browser)
    check_against_dtb(browser, dtb_exe, tables / "turkish", TURKISH, f"--moves={played}")
    screenshot(browser, "turkish.png")


def test_bad_fen_shows_the_servers_message(browser, server):
    open_page(browser, server, variant="russian", fen="W:WKz9:Bh8")
    assert "z9" in text(browser, "#status")


def game_buttons(browser) -> list:
    return browser.find_elements(By.CSS_SELECTOR, "#game-moves button.ply")


def current_ply(browser) -> str:
    return browser.find_element(By.CSS_SELECTOR, "#game-moves button.ply.current") \
        .get_attribute("data-ply")


def test_game_pasted_errors_marked_and_stepped(browser, server, dtb_exe, tables):
    _, answer = server.post("/api/annotate", THROWN_GAME.encode(), variant="russian")
    game = answer["games"][0]
    moves = [m["move"] for m in game["moves"]]
    open_page(browser, server, variant="russian")
    browser.find_element(By.ID, "pdn").send_keys(THROWN_GAME)
    browser.find_element(By.ID, "pdn-read").click()
    settle(browser)
    assert text(browser, "#game-status") == ""
    assert browser.find_element(By.ID, "game-choice").is_displayed()  # two games
    buttons = game_buttons(browser)
    assert [b.get_attribute("data-ply") for b in buttons] == ["0", "1", "2", "3", "4", "5"]
    assert [b.get_attribute("data-move") for b in buttons[1:]] == moves
    # The thrown move marked, with the move that kept the win; each held position valued.
    marked = browser.find_elements(By.CSS_SELECTOR, "#game-moves button.ply[data-nag]")
    assert [(b.get_attribute("data-ply"), b.get_attribute("data-nag")) for b in marked] == \
        [("4", "?")]
    assert marked[0].text.startswith("e3-f4?") and "nag-q" in marked[0].get_attribute("class")
    assert "c3-d4 keeps the win" in marked[0].get_attribute("title")
    assert "c3-d4 keeps the win" in text(browser, "#game-errors")
    outcomes = [b.find_elements(By.CSS_SELECTOR, ".outcome") for b in buttons]
    assert outcomes[0] == outcomes[1] == []  # five pieces: outside the tables
    assert [o[0].get_attribute("data-outcome") for o in outcomes[2:]] == \
        ["white", "white", "draw", "draw"]
    # The start: drawn, no value, and why.
    assert current_ply(browser) == "0"
    assert browser.find_element(By.ID, "fen").get_attribute("value") == game["start"]
    assert pieces(browser) == {"c3": "wm", "e3": "wm", "g3": "wm", "g5": "bm", "h6": "bm"}
    assert "No value: 5 pieces, outside the tables (they hold up to 4)" in text(browser, "#status")
    assert text(browser, "#value-pure") == ""
    screenshot(browser, "game_start.png")
    # The arrow key: the position after the first move, then the second, with the game's
    # counters (the first, five pieces, is valued by dtb probe through the capture it forces).
    for ply in (1, 2):
        ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
        settle(browser)
        assert current_ply(browser) == str(ply)
        check_against_dtb(browser, dtb_exe, tables / "russian", game["start"],
                          "--moves=" + " ".join(moves[:ply]))
    # A click on the thrown move: the drawn position after it.
    marked[0].click()
    settle(browser)
    assert current_ply(browser) == "4"
    assert browser.find_element(By.ID, "fen").get_attribute("value") == game["moves"][3]["fen"]
    want = check_against_dtb(browser, dtb_exe, tables / "russian", game["start"],
                             "--moves=" + " ".join(moves[:4]))
    assert want["wdl"] == "draw" and text(browser, "#value-pure") == "draw"
    assert "last" in browser.find_element(
        By.CSS_SELECTOR, '#board g[data-square="f4"] rect').get_attribute("class")
    screenshot(browser, "game_thrown.png")
    ActionChains(browser).send_keys(Keys.ARROW_LEFT).perform()
    settle(browser)
    assert current_ply(browser) == "3"
    check_against_dtb(browser, dtb_exe, tables / "russian", game["start"],
                      "--moves=" + " ".join(moves[:3]))
    browser.find_element(By.ID, "forward").click()
    settle(browser)
    assert current_ply(browser) == "4"
    # The second game: the move that cannot be played is listed with its ply and why.
    from selenium.webdriver.support.ui import Select
    Select(browser.find_element(By.ID, "game-select")).select_by_index(1)
    settle(browser)
    assert "ply 2 'h6-h4' cannot be played: no legal move" in text(browser, "#game-errors")
    assert [b.get_attribute("data-ply") for b in game_buttons(browser)] == ["0", "1"]
    assert browser.find_element(By.ID, "fen").get_attribute("value") == "W:Wc3,e3:Bh6"


def test_game_opened_from_a_file_and_bad_text(browser, server, tmp_path):
    path = tmp_path / "games.pdn"
    path.write_text(THROWN_GAME)
    open_page(browser, server, variant="russian")
    browser.find_element(By.ID, "pdn-file").send_keys(str(path))
    WebDriverWait(browser, 30).until(lambda d: game_buttons(d))
    settle(browser)
    assert len(game_buttons(browser)) == 6
    # Text that is no PDN: the server's reason, the game read before kept.
    browser.find_element(By.ID, "pdn").send_keys("hello")
    browser.find_element(By.ID, "pdn-read").click()
    settle(browser)
    assert "no PDN game could be read" in text(browser, "#game-status")
