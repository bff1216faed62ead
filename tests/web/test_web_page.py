"""The phone page in Debian's Chromium (Playwright), used as a player uses it.

- A whole scripted game by taps on the page's buttons (and one hold), checked turn by turn,
  with the panel's pixels against golden pictures at the start and at the end.
- Nothing the screen showed is lost: the page is closed right after presses of each kind and
  opened again, and the game is what the screen showed.
- After one visit the page opens with no network (its service worker).
"""

from __future__ import annotations

import base64
import io
import os
import pathlib
import re
import sys
import time

import pytest

from bench import scripted_game
from shared_engine.games import DEVICE, GAMES, ID, NAME

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "web"))
CHROMIUM = pathlib.Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
FLAGS += ["--disable-component-update", "--disable-sync", "--disable-quic"]
GOLDEN = REPO / "tests/golden"
PHONE = {"viewport": {"width": 412, "height": 860}, "device_scale_factor": 2.625, "is_mobile": True, "has_touch": True}
GAP_MS = 110  # between a release and the next press
HOLD_AFTER_MS = int(re.search(r"HOLD_AFTER_MS = (\d+)", (REPO / "web/src/app.js").read_text())[1])


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    import build

    dist = tmp_path_factory.mktemp("web") / "dist"
    try:
        build.build(dist)
    except build.BuildError as e:
        pytest.fail(str(e))
    server, url = build.serve_in_background(dist)
    yield url
    server.shutdown()


@pytest.fixture
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("ADJUTANT_REQUIRE_BROWSER"):
            pytest.fail("Debian's chromium is not installed (apt-get install chromium)")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield launched
        launched.close()


class Player:
    """A person at the page: presses its buttons with a finger, reads its panel."""

    def __init__(self, page):
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.wait_frame(0)

    def frames(self) -> int:
        return int(self.page.evaluate("Number(document.getElementById('panel').dataset.frames || 0)"))

    def wait_frame(self, after: int) -> None:
        shown = "Number(document.getElementById('panel').dataset.frames || 0)"
        self.page.wait_for_function(f"{shown} > {after}", timeout=20000)

    def press(self, button: str, ms: int) -> None:
        """The button held for ms, as the device counts it: a finger on the page's button holds it
        only once it has stayed HOLD_AFTER_MS (before that it is a tap), so a hold is that longer."""
        box = self.page.locator(f"button[data-button={button}]").bounding_box()
        assert box is not None
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.page.mouse.down()
        self.page.wait_for_timeout(ms + HOLD_AFTER_MS if ms > HOLD_AFTER_MS else ms)
        self.page.mouse.up()
        self.page.wait_for_timeout(GAP_MS)

    def state(self) -> dict:
        return self.page.evaluate("window.adjutant.state()")

    def pixels(self) -> bytes:
        """The canvas as drawn: 128 x 64, one byte (0 dark, 1 lit) a pixel, each read at the
        middle of its square of the phone's pixels (the canvas holds the glass's pixels)."""
        from PIL import Image

        url = self.page.evaluate("document.getElementById('panel').toDataURL('image/png')")
        image = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("L")
        place = self.page.evaluate("({...document.getElementById('panel').dataset})")
        scale, left, top = int(place["scale"]), int(place["left"]), int(place["top"])
        assert image.size[0] >= 128 * scale and image.size[1] >= 64 * scale
        middle = scale // 2
        return bytes(
            1 if image.getpixel((left + x * scale + middle, top + y * scale + middle)) > 0 else 0
            for y in range(64)
            for x in range(128)
        )


def _golden(name: str, pixels: bytes) -> None:
    """Compare with tests/golden/NAME.png (lit pixels white); ADJUTANT_REGOLD=1 writes it."""
    from PIL import Image

    path = GOLDEN / f"{name}.png"
    if os.environ.get("ADJUTANT_REGOLD"):
        Image.frombytes("L", (128, 64), bytes(255 * p for p in pixels)).save(path)
    want = bytes(1 if v else 0 for v in Image.open(path).convert("L").tobytes())
    differ = sum(a != b for a, b in zip(want, pixels))
    assert differ == 0, f"{differ} pixels differ from {path.name}"


def test_a_whole_game_by_taps_on_the_page_turn_by_turn_and_the_panel_as_golden(
    site: str, browser, tmp_path: pathlib.Path
) -> None:
    player = Player(browser.new_context(**PHONE, accept_downloads=True).new_page())
    player.open(site)
    _golden("web-first-frame", player.pixels())
    for turn in range(1, scripted_game.TURNS + 1):
        presses = scripted_game.turn_presses(turn, tapped=True)
        if turn == scripted_game.TURNS:
            presses += scripted_game.final_presses(tapped=True)
        for button, ms in presses:
            player.press(button, ms)
        player.page.wait_for_timeout(300)
        game = player.state()["state"]
        assert scripted_game.check_turn(game, turn) == [], (turn, scripted_game.check_turn(game, turn))
    assert game["phase"] == "over" and game["end"]["final"] == scripted_game.expected_totals()
    _golden("web-game-over", player.pixels())
    assert player.errors == []
    # Games off the phone: "Save game" downloads it as the device stores it, and `adjutant import`
    # puts it in the archive, once; the page's BG Stats link is the CLI's for that game.
    with player.page.expect_download() as saving:
        player.page.locator("#save").click()
    saved = tmp_path / saving.value.suggested_filename
    saving.value.save_as(saved)
    archive = tmp_path / "archive.sqlite3"
    first = _adjutant(archive, "import", str(saved))
    assert first.returncode == 0, first.stderr
    assert "imported (Basic game, draw 19-17)" in first.stdout and "1 new" in first.stdout
    again = _adjutant(archive, "import", str(saved))
    assert again.returncode == 0 and "in the archive already" in again.stdout and "0 new" in again.stdout
    # BG Stats: the page asks who played each side (never naming a side as a player), and its link
    # is the CLI's for the same names
    page = player.page
    assert page.locator("#bgstats").is_visible()
    page.route("https://app.bgstatsapp.com/**", lambda route: route.abort())
    page.locator("#bgstats").click()
    assert page.get_by_role("dialog", name="Who played?").is_visible()
    page.get_by_label("CP (Central Powers)").fill("Anna")
    page.get_by_label("EA (Entente Allies)").fill("Ben")
    with page.expect_request(lambda r: r.url.startswith("https://app.bgstatsapp.com/")) as opening:
        page.get_by_role("button", name="Add to BG Stats").click()
    page_link = opening.value.url
    exported = _adjutant(archive, "export", "--format", "bgstats", "--player", "CP=Anna", "--player", "EA=Ben")
    assert exported.returncode == 0, exported.stderr
    cli_link = next(line for line in exported.stdout.split() if line.startswith("https://app.bgstatsapp.com/"))
    assert _play(page_link) == _play(cli_link)
    assert [p["name"] for p in _play(page_link)["players"]] == ["Anna", "Ben"]
    player.open(site)  # back on the page: the same table's names offered the next time
    page.locator("#bgstats").click()
    assert page.get_by_label("CP (Central Powers)").input_value() == "Anna"
    assert page.get_by_label("EA (Entente Allies)").input_value() == "Ben"
    page.get_by_role("button", name="Cancel").click()  # and Cancel opens nothing
    assert not page.get_by_role("dialog").is_visible() and page.url.startswith(site)


def _phone(browser, width: int, height: int):
    """A phone's browser context at this size (DPR 3, touch)."""
    return browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=3, is_mobile=True, has_touch=True
    )


def _adjutant(archive: pathlib.Path, *args: str):
    import subprocess

    return subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "--db", str(archive), *args], capture_output=True, text=True, timeout=60
    )


def _play(link: str | None) -> dict:
    import json
    import urllib.parse

    assert link and link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    return json.loads(urllib.parse.unquote(link.split("data=", 1)[1]))


# The presses after which the page is closed (turn, index in the turn's tapped presses, what it is).
# Turn 1's OKs, tapped: the roll, CP's BP confirmed, both BP, the capture (which ends the turn).
OKS = [i for i, (button, _) in enumerate(scripted_game.turn_presses(1, tapped=True)) if button == "OK"]
KINDS = [
    (1, OKS[0], "a roll: the Random Event d6, and on to Combat Round 1"),
    (1, 1, "a move: the d6 screen's first count, on to the battle"),
    (2, 1, "an undo: BACK held"),
    (1, OKS[1], "a BP entry: CP's face-up BP, the entry's draft"),
    (1, OKS[3], "a capture: the battle's last OK, the draw and the flip with it"),
]


def _presses_until(turn: int, index: int) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for t in range(1, turn):
        out += scripted_game.turn_presses(t, tapped=True)
    return out + scripted_game.turn_presses(turn, tapped=True)[: index + 1]


@pytest.mark.parametrize(("turn", "index", "kind"), KINDS, ids=[k[2].split(":")[0] for k in KINDS])
def test_closing_the_page_right_after_a_press_loses_nothing_the_screen_showed(
    site: str, browser, turn: int, index: int, kind: str
) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    presses = _presses_until(turn, index)
    for button, ms in presses[:-1]:
        player.press(button, ms)
    player.page.wait_for_timeout(300)
    before = player.frames()
    button, ms = presses[-1]
    player.press(button, ms)
    player.wait_frame(before)  # the screen shows what the press did
    shown = player.state()
    pixels = player.pixels()
    player.page.close()  # the tab killed: no unload handler gets a say
    again = Player(context.new_page())
    again.open(site)
    again.page.wait_for_timeout(500)
    reopened = again.state()
    assert reopened["gid"] == shown["gid"], kind
    assert reopened["state"]["track"] == shown["state"]["track"], kind
    assert reopened["state"]["phase"] == shown["state"]["phase"], kind
    if "draft" in kind:  # the entry opens again on the number OK confirmed
        assert reopened["screen"] == shown["screen"] == "battle"
        assert again.pixels() == pixels
    context.close()


def test_the_end_of_a_game_survives_closing_the_page(site: str, browser) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    presses = [p for t in range(1, scripted_game.TURNS + 1) for p in scripted_game.turn_presses(t, tapped=True)]
    presses += scripted_game.final_presses(tapped=True)
    for button, ms in presses[:-1]:
        player.press(button, ms)
    player.page.wait_for_timeout(300)
    before = player.frames()
    player.press(*presses[-1])
    player.wait_frame(before)
    player.page.close()
    again = Player(context.new_page())
    again.open(site)
    game = again.state()["state"]
    assert game["phase"] == "over" and game["end"]["final"] == scripted_game.expected_totals()
    context.close()


def test_after_one_visit_the_page_opens_with_no_network(site: str, browser) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    player.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20000)
    player.press("OK", 80)  # a roll, to find again offline
    player.page.wait_for_timeout(400)
    rolls = player.state()["state"]["track"][0]["rolls"]
    context.set_offline(True)
    player.page.reload()
    player.wait_frame(0)
    assert player.state()["state"]["track"][0]["rolls"] == rolls
    before = player.frames()
    player.press("OK", 80)  # and the device answers, offline
    player.wait_frame(before)
    assert player.errors == []
    context.close()


def _mark(player: Player) -> None:
    player.page.evaluate("window.beforeRestart = true")


def _reloaded(player: Player) -> None:
    player.page.wait_for_function("window.beforeRestart === undefined", timeout=30000)  # a new page
    player.wait_frame(0)


def test_a_hung_firmware_is_reset_by_the_page_watchdog_and_the_game_is_kept(site: str, browser) -> None:
    """The firmware's loop stops feeding the watchdog (as a hang would): within the board's 8 s
    the page restarts it from the stored flash, and the roll made before is there."""
    player = Player(browser.new_context(**PHONE).new_page())
    player.open(site)
    player.press("OK", 80)
    player.page.wait_for_timeout(400)
    rolls = player.state()["state"]["track"][0]["rolls"]
    _mark(player)
    player.page.evaluate("window.adjutant.mp.runPython('import machine\\nmachine.WDT.feed = lambda self: None')")
    _reloaded(player)
    assert player.state()["state"]["track"][0]["rolls"] == rolls


def test_machine_reset_in_the_firmware_restarts_it_from_the_stored_flash(site: str, browser) -> None:
    player = Player(browser.new_context(**PHONE).new_page())
    player.open(site)
    player.press("OK", 80)
    player.page.wait_for_timeout(400)
    rolls = player.state()["state"]["track"][0]["rolls"]
    # the next step of the firmware's loop calls machine.reset(), as its maintenance request does
    player.page.evaluate(
        "window.adjutant.mp.runPython('import ui, machine\\nui.UI.step = lambda self, now=None: machine.reset()')"
    )
    _mark(player)
    player.press("UP", 80)
    _reloaded(player)
    assert player.state()["state"]["track"][0]["rolls"] == rolls
    before = player.frames()
    player.press("OK", 80)  # and it plays on
    player.wait_frame(before)


def test_export_device_then_import_it_on_another_phone_replaces_its_flash(site: str, browser, tmp_path) -> None:
    first = Player(browser.new_context(**PHONE, accept_downloads=True).new_page())
    first.open(site)
    for button, ms in scripted_game.turn_presses(1, tapped=True)[:3]:  # a roll, and the battle begun
        first.press(button, ms)
    first.page.wait_for_timeout(300)
    shown = first.state()
    with first.page.expect_download() as exporting:
        first.page.locator("#export").click()
    exported = tmp_path / exporting.value.suggested_filename
    exporting.value.save_as(exported)
    assert exported.name.startswith("adjutant-device-") and exported.suffix == ".json"
    other = Player(browser.new_context(**PHONE).new_page())  # another phone: its own IndexedDB
    other.open(site)
    assert other.state()["state"]["track"][0]["rolls"] == []
    other.page.evaluate(  # a file of this phone's own, which the first phone's flash has not
        "import('./store.js').then(m => m.openStore()).then(s => s.apply("
        "[['of-this-phone.txt', new TextEncoder().encode('mine')]], []))"
    )
    assert "of-this-phone.txt" in other.page.evaluate(STORED_KEYS)
    other.page.on("dialog", lambda dialog: dialog.accept())  # "Replace this device's games with ...?"
    other.page.evaluate("window.beforeRestart = true")
    other.page.locator("#import").set_input_files(str(exported))
    _reloaded(other)
    assert other.state()["state"]["track"] == shown["state"]["track"]
    # replaced, not merged: this phone's flash is the other's, its own files gone
    assert "of-this-phone.txt" not in other.page.evaluate(STORED_KEYS)


def test_a_foreign_file_imported_as_a_device_changes_nothing_and_says_so(site: str, browser, tmp_path) -> None:
    player = Player(browser.new_context(**PHONE).new_page())
    player.open(site)
    player.press("OK", 80)
    player.page.wait_for_timeout(300)
    rolls = player.state()["state"]["track"][0]["rolls"]
    foreign = tmp_path / "notes.json"
    foreign.write_text('{"shopping": ["bread"]}')
    player.page.locator("#import").set_input_files(str(foreign))
    player.page.wait_for_function("document.getElementById('status').textContent.includes('nothing was changed')")
    assert "notes.json: not an Adjutant device file" in player.page.locator("#status").text_content()
    assert player.state()["state"]["track"][0]["rolls"] == rolls


def test_a_damaged_store_is_reported_offered_for_export_and_not_wiped(site: str, browser, tmp_path) -> None:
    context = browser.new_context(**PHONE, accept_downloads=True)
    player = Player(context.new_page())
    player.open(site)
    player.press("OK", 80)
    player.page.wait_for_timeout(300)
    # a record that is not bytes, as a browser bug or a half-written store could leave
    player.page.evaluate(
        """() => new Promise((resolve) => {
            const open = indexedDB.open("adjutant");
            open.onsuccess = () => {
              const tx = open.result.transaction("flash", "readwrite");
              tx.objectStore("flash").put("not bytes", "saved/g0001.j0");
              tx.oncomplete = () => resolve();
            };
        })"""
    )
    player.page.reload()
    player.page.wait_for_function("document.getElementById('status').classList.contains('problem')")
    said = player.page.locator("#status").text_content()
    assert "damaged records in the stored flash: saved/g0001.j0" in said and "Export device" in said
    with player.page.expect_download() as exporting:
        player.page.locator("#export").click()
    exported = tmp_path / "export.json"
    exporting.value.save_as(exported)
    import json

    files = json.loads(exported.read_text())["files"]
    assert "saved/g0001.snp" in files and files["saved/g0001.j0"] is None  # the rest is kept, readable
    player.page.reload()  # and nothing was wiped: still reported, still there
    player.page.wait_for_function("document.getElementById('status').classList.contains('problem')")
    assert "saved/g0001.j0" in player.page.locator("#status").text_content()


def _waited(player: Player, condition: str, what: str, seconds: int = 20) -> None:
    """Wait for a condition of the page, failing by what it waited for (and the caches it saw)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        player.page.wait_for_function(condition, timeout=seconds * 1000)
    except PlaywrightTimeout:
        seen = player.page.evaluate("caches.keys()")
        raise AssertionError(f"{what}: not within {seconds} s (caches {seen}; errors {player.errors})") from None


def test_a_new_version_of_the_page_keeps_the_stored_games(browser, tmp_path: pathlib.Path) -> None:
    import build

    dist = tmp_path / "dist"
    old = build.build(dist)
    server, url = build.serve_in_background(dist)
    try:
        player = Player(browser.new_context(**PHONE).new_page())
        player.open(url)
        player.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20000)
        player.press("OK", 80)
        player.page.wait_for_timeout(400)
        rolls = player.state()["state"]["track"][0]["rolls"]
        # a new release: another page and another service worker, its cache named anew
        index = dist / "index.html"
        index.write_text(index.read_text().replace("<title>Adjutant</title>", "<title>Adjutant (new)</title>"))
        worker = dist / "sw.js"
        worker.write_text(worker.read_text().replace(old, "newrelease01"))
        later = time.time() + 60  # a release comes later: the server's Last-Modified says it changed
        for path in (index, worker):
            os.utime(path, (later, later))
        # the browser looks for a new service worker (as it does on its own at a start); it installs
        # the new release beside the old and takes over
        player.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        _waited(
            player, "caches.keys().then(k => k.join() === 'adjutant-newrelease01')", "the new release's cache alone"
        )
        # and the hand-over is done (the old copy deleted is only its first half): the next start comes after
        handed_over = "navigator.serviceWorker.getRegistration().then(r => !r.waiting && r.active.state == 'activated')"
        _waited(player, handed_over, "the new service worker active")
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        stalled = 0
        for _ in range(4):  # the start during the hand-over may still get the old page; the next, the new
            try:
                player.page.goto(url, wait_until="domcontentloaded", timeout=15000)
            except PlaywrightTimeout:
                # Seen in about a third of runs here, at this commit and before it (978dc95): the
                # navigation at the hand-over never reaches DOMContentLoaded in headless Chromium.
                # Not seen in a script doing the same; a start after it is whole (below).
                stalled += 1
                continue
            try:
                player.wait_frame(0)
            except PlaywrightTimeout:  # the same stall, seen once after DOMContentLoaded (stop 59)
                stalled += 1
                continue
            if player.page.title() == "Adjutant (new)":
                break
        assert stalled < 3, stalled
        assert player.page.title() == "Adjutant (new)"
        assert player.page.evaluate("caches.keys()") == ["adjutant-newrelease01"]  # the old copy is gone
        assert player.state()["state"]["track"][0]["rolls"] == rolls  # the games are not
    finally:
        server.shutdown()


PHONE_SIZES = [(360, 640), (390, 844), (430, 932), (640, 360), (844, 390), (932, 430)]  # portrait, landscape
AXE = REPO / "web/node_modules/axe-core/axe.min.js"
CONTROLS = "#panel, #buttons button, #tools button:not([hidden]), #tools a:not([hidden])"


def test_at_every_phone_size_the_panel_and_buttons_show_unscrolled_under_the_thumb(site: str, browser) -> None:
    for width, height in PHONE_SIZES:
        context = _phone(browser, width, height)
        player = Player(context.new_page())
        player.open(site)
        boxes = player.page.evaluate(
            f"[...document.querySelectorAll('{CONTROLS}')].map(e => {{ const r = e.getBoundingClientRect();"
            " return [e.id || e.dataset.button, r.left, r.top, r.right, r.bottom]; })"
        )
        size = f"{width}x{height}"
        assert [b[0] for b in boxes[:5]] == ["panel", "UP", "DOWN", "OK", "BACK"], boxes
        for name, left, top, right, bottom in boxes[:5]:  # no scrolling to see them or to play
            assert left >= 0 and top >= 0 and right <= width and bottom <= height, (
                size,
                name,
                left,
                top,
                right,
                bottom,
            )
        if height > width:  # in portrait, where the thumb is
            assert all(top >= height / 2 for _, _, top, _, _ in boxes[1:5]), (size, boxes[1:5])
        for name, left, top, right, bottom in boxes[1:]:  # a finger's size (WCAG 2.5.5: 44 x 44 CSS px)
            assert right - left >= 44 and bottom - top >= 44, (size, name, right - left, bottom - top)
        before = player.frames()
        player.press("OK", 80)  # and a press there plays: "OK roll d6"
        player.wait_frame(before)
        assert len(player.state()["state"]["track"][0]["rolls"]) == 1, size
        assert player.errors == []
        context.close()


def test_at_every_phone_size_the_page_does_not_scroll_and_a_swipe_down_does_not_reload_it(site: str, browser) -> None:
    # A page that scrolls by a few px moves the buttons under a thumb; a swipe down on a page that
    # lets the browser have it pulls to refresh, mid-entry.
    for width, height in PHONE_SIZES:
        context = _phone(browser, width, height)
        player = Player(context.new_page())
        player.open(site)
        sizes = player.page.evaluate(
            "(() => { const e = document.scrollingElement; return [e.scrollWidth, e.scrollHeight,"
            " innerWidth, innerHeight, getComputedStyle(e).overscrollBehaviorY,"
            " getComputedStyle(document.body).overscrollBehaviorY]; })()"
        )
        wide, high, view_w, view_h, root_overscroll, body_overscroll = sizes
        assert wide <= view_w and high <= view_h, (width, height, sizes)
        assert root_overscroll == "none" and body_overscroll == "none", (width, height, sizes)
        assert player.errors == []
        context.close()


# A game's first minute as a thumb plays it: the d6, the combat rounds, a BP entry, a look at
# the menu and the rules, each tap at the spot the thumb found the first time.
FIRST_MINUTE = ["OK", "OK", "OK", "OK", "UP", "UP", "OK", "OK", "OK", "BACK", "DOWN", "BACK", "BACK", "DOWN", "BACK"]
WHERE = (
    "[...document.querySelectorAll('#buttons button, #tools button, #tools a')].map(e => {"
    " const r = e.getBoundingClientRect(); return [e.id || e.dataset.button, r.left, r.top, r.right, r.bottom]; })"
)


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (360, 640)])
def test_no_control_moves_under_a_finger_through_a_games_first_minute_the_storage_note_included(
    site: str, browser, size: tuple[int, int]
) -> None:
    width, height = size
    context = _phone(browser, width, height)
    context.add_init_script(  # a browser that does not grant persistent storage: its note shows at the first tap
        "navigator.storage.persisted = () => Promise.resolve(false);"
        "navigator.storage.persist = () => Promise.resolve(false);"
    )
    player = Player(context.new_page())
    player.open(site)
    first = player.page.evaluate(WHERE)
    spots = {name: (left + (right - left) / 2, top + (bottom - top) * 0.8) for name, left, top, right, bottom in first}
    for n, aimed in enumerate(FIRST_MINUTE):
        x, y = spots[aimed]  # the lower part of the button, where a thumb lands
        hit = player.page.evaluate(f"document.elementFromPoint({x}, {y})?.closest('button')?.dataset.button")
        assert hit == aimed, (size, n, aimed, hit)
        before = player.frames()
        player.page.mouse.move(x, y)
        player.page.mouse.down()
        player.page.wait_for_timeout(80)
        player.page.mouse.up()
        player.wait_frame(before)
        player.page.wait_for_timeout(250)  # a person's reaction to the new screen
    assert "may clear these games" in player.page.locator("#storage").inner_text()
    player.page.evaluate("document.getElementById('bgstats').hidden = false")  # a game's end shows its link
    long_status = "Downloaded adjutant-g0001-2026-11-28.json (your browser's downloads): adjutant import takes it."
    player.page.evaluate("t => { document.getElementById('status').textContent = t; }", long_status)
    assert player.page.evaluate(WHERE) == first, size
    assert player.errors == []
    context.close()


def test_axe_finds_no_serious_accessibility_fault_and_the_page_has_its_main_and_heading(site: str, browser) -> None:
    if not AXE.exists():
        pytest.fail("web/node_modules/axe-core is missing: make web (npm ci in web/)")
    for viewport in ({"width": 390, "height": 844}, {"width": 844, "height": 390}):
        context = browser.new_context(viewport=viewport, device_scale_factor=3, is_mobile=True, has_touch=True)
        player = Player(context.new_page())
        player.open(site)
        player.page.wait_for_function("document.getElementById('words').textContent !== ''")  # soft labels too
        player.page.add_script_tag(path=str(AXE))
        faults = player.page.evaluate(
            "axe.run().then(r => r.violations.filter(v => ['serious', 'critical'].includes(v.impact)"
            " || ['landmark-one-main', 'page-has-heading-one', 'region'].includes(v.id))"
            ".map(v => v.id + ': ' + v.help + ' ' + v.nodes.map(n => n.target.join(' ')).join(', ')))"
        )
        assert faults == [], (viewport, faults)  # and a main landmark and a heading, which a reader looks for
        context.close()


def test_enter_on_a_focused_page_control_is_that_controls_and_not_the_devices_ok(site: str, browser) -> None:
    context = browser.new_context(**PHONE, accept_downloads=True)
    player = Player(context.new_page())
    player.open(site)
    player.page.locator("#export").focus()
    with player.page.expect_download():
        player.page.keyboard.press("Enter")  # Export device, and nothing else
    player.page.wait_for_timeout(300)
    assert player.state()["state"]["track"][0]["rolls"] == []  # the device's OK was not pressed
    player.page.locator("#export").evaluate("e => e.blur()")
    before = player.frames()
    player.page.keyboard.press("Enter")  # the focus on the page: the device's OK, "OK roll d6"
    player.wait_frame(before)
    player.page.wait_for_timeout(300)
    assert len(player.state()["state"]["track"][0]["rolls"]) == 1
    assert player.errors == []
    context.close()


@pytest.mark.parametrize("key", ["Enter", " "])
def test_enter_or_space_on_a_focused_device_button_presses_that_button_not_ok(site: str, browser, key: str) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    words = "document.getElementById('panel').getAttribute('aria-label')"
    player.page.wait_for_function(f"{words}.includes(':')")
    mat = player.page.evaluate(words)
    player.page.locator("button[data-button=DOWN]").focus()
    before = player.frames()
    player.page.keyboard.press(key)  # DOWN on the mat: the phase's rules, not OK's d6
    player.wait_frame(before)
    player.page.wait_for_function(f"{words} !== {mat!r}")
    assert player.state()["state"]["track"][0]["rolls"] == []
    assert "Random Event" in player.page.evaluate(words) or "7.7" in player.page.evaluate(words)
    player.page.locator("button[data-button=BACK]").focus()
    before = player.frames()
    player.page.keyboard.press(key)  # BACK: the rules closed, the mat again
    player.wait_frame(before)
    player.page.wait_for_function(f"{words} === {mat!r}")
    assert player.state()["state"]["track"][0]["rolls"] == [] and player.errors == []
    context.close()


def test_the_manifest_has_its_id_description_and_screenshots_and_chromium_finds_no_fault(site: str, browser) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    player.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20000)
    cdp = context.new_cdp_session(player.page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    parsed = manifest["manifest"]
    # an id of its own, not the site's root (two apps on one host would share that), and words
    # for every game, not one's
    assert parsed["id"] == site.rstrip("/") + "/adjutant-battle-mat", parsed["id"]
    assert "war card games" in parsed["description"] and "The Great War" not in parsed["description"]
    assert sorted(s["formFactor"] for s in parsed["screenshots"]) == ["kNarrow", "kWide"]
    for shot in parsed["screenshots"]:  # each one there, the size it says
        got = player.page.request.get(shot["image"]["url"])
        assert got.ok and got.headers["content-type"] == "image/png", shot
    # a Playwright context is incognito, where no app installs: every other reason would show here
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
    context.close()


@pytest.mark.parametrize("granted", [False, True])
def test_the_page_asks_to_keep_its_storage_at_the_first_press_and_says_what_it_got(
    site: str, browser, granted: bool
) -> None:
    context = browser.new_context(**PHONE)
    js = "true" if granted else "false"
    context.add_init_script(  # the browser's answer, which a headless one cannot be asked for
        "window.persistAsked = 0; navigator.storage.persisted = () => Promise.resolve(false);"
        f"navigator.storage.persist = () => {{ window.persistAsked++; return Promise.resolve({js}); }};"
    )
    player = Player(context.new_page())
    player.open(site)
    player.page.wait_for_timeout(300)
    assert player.page.evaluate("window.persistAsked") == 0  # nothing played, nothing asked
    assert player.page.locator("#storage").is_hidden()
    player.press("OK", 80)  # "OK roll d6": the game holds something
    player.press("DOWN", 80)
    player.page.wait_for_timeout(300)
    assert player.page.evaluate("window.persistAsked") == 1  # once
    note = player.page.locator("#storage").inner_text()
    if granted:
        assert "keeps these games" in note, note
    else:
        assert "may clear these games" in note and "Export device keeps a copy" in note, note
    context.close()


def test_a_first_visit_downloads_each_file_once_and_at_most_300_kb_headers_included(browser, tmp_path) -> None:
    import build

    dist = tmp_path / "dist"
    build.build(dist)
    served: list = []
    server, url = build.serve_in_background(dist, served)
    try:
        context = browser.new_context(**PHONE)
        player = Player(context.new_page())
        player.open(url)
        player.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20000)
        player.page.wait_for_timeout(1000)  # the offline copy installed
        sent = [path for path, size, _ in served if size is not None]
        twice = sorted({path for path in sent if sent.count(path) > 1})
        assert twice == [], twice  # the service worker's copy is revalidated, not downloaded again
        # as a host sends it: each response's headers and its body, gzip-encoded but for PNGs and
        # the files the build gzipped itself
        total = sum((size or 0) + headers for _, size, headers in served)
        assert total <= 300_000, total
        context.set_offline(True)  # and the copy is whole: the page opens with no network
        player.page.reload()
        player.wait_frame(0)
        assert player.errors == []
        context.close()
    finally:
        server.shutdown()


def test_a_first_visits_first_frame_needs_no_other_games_code_and_each_game_then_plays_offline(
    browser, tmp_path: pathlib.Path
) -> None:
    """A device with no game yet begins the registry's first game, so the first frame needs the
    firmware's code and that game's only: with every other game's pack held back by the network,
    the first frame still shows. Those packs are fetched after it, and a press made before they
    come waits for them (a few seconds at most: a network may stall); then, with no network, New
    game plays each game, and the page reopens into them (a flash with games loads every game's
    code)."""
    import build

    dist = tmp_path / "dist"
    build.build(dist)
    server, url = build.serve_in_background(dist)
    try:
        context = browser.new_context(**PHONE)
        page = context.new_page()
        held: list = []
        page.route("**/games.pack*", lambda route: held.append(route))  # answered when let go
        player = Player(page)
        player.open(url)  # the first frame, lit
        assert player.state()["game"] == GAMES[0][ID], player.state()
        page.wait_for_timeout(500)
        asked = sorted(route.request.url.rsplit("/", 1)[1] for route in held)
        assert asked == ["games.pack.gz"], asked  # after it
        player.press("BACK", 80)  # a press made before they come waits for them, in order
        page.wait_for_timeout(500)
        assert player.state()["screen"] != "menu", player.state()["screen"]
        started = time.monotonic()  # but not for a network that stalls: a few seconds at most
        page.wait_for_function("window.adjutant.state().screen === 'menu'", timeout=20000)
        assert time.monotonic() - started < 5, time.monotonic() - started
        for route in held:
            route.continue_()
        for entry in GAMES[1:]:
            loaded = "/fw/%s/__init__.mpy" % entry[DEVICE].replace(".", "/")
            page.wait_for_function(f"window.adjutant.mp.FS.analyzePath({loaded!r}).exists", timeout=20000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20000)
        page.wait_for_timeout(1000)  # the offline copy installed
        context.set_offline(True)

        def press(button: str) -> list[str]:
            player.press(button, 80)
            page.wait_for_timeout(600)
            return re.findall(r'button "([^"]+)"', page.locator("#buttons").aria_snapshot())

        for entry in GAMES[1:]:
            while not player.state()["screen"].startswith("menu"):
                press("BACK")
            for _ in range(3):
                press("DOWN")
            names = press("OK")  # New game
            while f"OK: {entry[NAME]}" not in names:
                names = press("DOWN")
            if "OK: yes" in press("OK"):  # "Start a new game?"
                press("OK")
            assert player.state()["game"] == entry[ID], (entry[ID], player.state())
        page.reload()  # offline, a flash with games: every game's code from the offline copy
        player.wait_frame(0)
        assert player.state()["game"] == GAMES[-1][ID], player.state()
        assert player.errors == []
        context.close()
    finally:
        server.shutdown()


STORED_KEYS = (
    "new Promise(done => { const r = indexedDB.open('adjutant'); r.onsuccess = () => {"
    " const k = r.result.transaction('flash').objectStore('flash').getAllKeys();"
    " k.onsuccess = () => { r.result.close(); done(k.result.sort()); }; }; })"
)


def test_a_file_the_firmware_deletes_is_gone_from_indexeddb_after_a_reload(site: str, browser) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    for turn in (1, 2):  # the journal grows past its fold (firmware/journal: 320 B), in a pause
        for button, ms in scripted_game.turn_presses(turn):
            player.press(button, ms)
    player.page.wait_for_timeout(1500)  # the pause: the journal folded into a new snapshot, the old one deleted
    player.press("UP", 80)  # a frame, settled after the fold
    player.page.wait_for_timeout(500)
    on_device = sorted(player.page.evaluate("[...window.adjutant.files().keys()]"))
    assert "saved/g0001.j0" not in on_device, on_device  # folded: gen 0's journal deleted
    player.page.reload()
    player.wait_frame(0)
    stored = player.page.evaluate(STORED_KEYS)
    assert stored == on_device, (stored, on_device)  # no deleted journal left to come back
    assert "saved/g0001.j0" not in stored and "saved/g0001.snp" in stored
    assert player.state()["state"]["turn"] == 3
    context.close()


def test_a_write_the_browser_refuses_shows_no_frame_and_the_page_says_so(site: str, browser) -> None:
    context = browser.new_context(**PHONE)
    # The browser's storage refusing a write (quota): every flash transaction aborts while
    # window.refuse is set. And every transaction's durability is recorded.
    context.add_init_script(
        "window.durability = []; const open = IDBDatabase.prototype.transaction;"
        "IDBDatabase.prototype.transaction = function (names, mode, options) {"
        " const tx = open.call(this, names, mode, options);"
        " if (mode === 'readwrite') { window.durability.push(options && options.durability);"
        "  if (window.refuse) setTimeout(() => tx.abort(), 0); }"
        " return tx; };"
    )
    player = Player(context.new_page())
    player.open(site)
    player.page.wait_for_timeout(300)
    before = player.pixels()
    frames = player.frames()
    player.page.evaluate("window.refuse = true")
    player.press("OK", 80)  # "OK roll d6": the roll cannot be stored
    player.page.wait_for_timeout(800)
    assert player.pixels() == before and player.frames() == frames  # the d6 never shown
    said = player.page.locator("#status").inner_text()
    assert said == "Your last move is not saved yet: the browser would not store it. Trying again…", said
    tried = len(player.page.evaluate("window.durability"))
    player.page.wait_for_timeout(3000)  # still refused: the page tries again, less and less often
    retries = len(player.page.evaluate("window.durability")) - tried
    assert 1 <= retries <= 5, retries  # (at every animation frame it was some 180)
    player.page.evaluate("window.refuse = false")  # room again: the page tries the write again
    player.wait_frame(frames)  # and shows the d6 only now, once it is stored
    rolls = player.state()["state"]["track"][0]["rolls"]
    assert len(rolls) == 1
    assert player.page.locator("#status").inner_text() == ""  # the write landed: the message is gone
    durability = player.page.evaluate("window.durability")
    assert durability and set(durability) == {"strict"}, durability  # on disk, not only in memory
    player.page.reload()  # a restart reads it from the store
    player.wait_frame(0)
    assert player.state()["state"]["track"][0]["rolls"] == rolls
    context.close()


def test_save_game_says_it_downloaded_and_shares_as_text_where_json_cannot_be(
    site: str, browser, tmp_path: pathlib.Path
) -> None:
    from tests.cli_run import run_cli

    context = browser.new_context(**PHONE, accept_downloads=True)
    player = Player(context.new_page())
    player.open(site)
    player.press("OK", 80)
    with player.page.expect_download() as saving:  # this browser shares nothing: a download
        player.page.locator("#save").click()
    name = saving.value.suggested_filename
    assert name.endswith(".json")
    player.page.wait_for_timeout(200)
    assert f"Downloaded {name}" in player.page.locator("#status").inner_text()
    context.close()
    # Android's Chrome: files shared only of some kinds, .json not among them
    context = browser.new_context(**PHONE)
    context.add_init_script(
        "navigator.canShare = (d) => d.files.every(f => f.name.endsWith('.txt') && f.type === 'text/plain');"
        "navigator.share = async (d) => { window.shared = [d.files[0].name, await d.files[0].text()]; };"
    )
    player = Player(context.new_page())
    player.open(site)
    player.press("OK", 80)
    player.page.locator("#save").click()
    player.page.wait_for_function("window.shared !== undefined", timeout=10000)
    shared_name, text = player.page.evaluate("window.shared")
    assert shared_name.endswith(".txt") and f"Shared {shared_name}" in player.page.locator("#status").inner_text()
    context.close()
    saved = tmp_path / shared_name
    saved.write_text(text)
    done = run_cli("import", str(saved), db=tmp_path / "archive.sqlite3")  # the computer takes it as it is
    assert "1 new" in done.stdout, done.stdout


def test_a_tap_on_a_panel_the_devices_sleep_darkened_acts_as_well_as_waking_it(site: str, browser) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    player.page.evaluate(  # the device's sleep set to its shortest, 30 s, as the Settings screen sets it
        "import('./store.js').then(m => m.openStore()).then(s => s.apply("
        "[['settings.json', new TextEncoder().encode('{\"sleep\": 30}')]], []))"
    )
    player.page.reload()
    player.wait_frame(0)
    player.page.wait_for_function("!window.adjutant.panel().on", timeout=40000)  # asleep; the phone's screen is not
    player.page.wait_for_timeout(200)
    player.press("OK", 80)  # "OK roll d6", on a dark panel
    player.page.wait_for_timeout(500)
    assert player.page.evaluate("window.adjutant.panel().on")  # lit again
    assert len(player.state()["state"]["track"][0]["rolls"]) == 1  # and the tap acted
    assert player.errors == []
    context.close()


def test_a_screen_reader_hears_what_changed_and_each_button_says_what_it_does(site: str, browser) -> None:
    """Read from the accessibility tree, as a screen reader reads the page: the buttons' names
    and the live region, through a turn's start, a BP entry and New game's list."""
    from adjutant.sim.panel_text import words

    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    page = player.page

    def heard() -> str:  # the polite live region, once the panel has held still
        page.wait_for_timeout(600)
        region = page.locator("[aria-live=polite]")
        assert region.count() == 1
        return region.text_content() or ""

    def buttons() -> str:  # the buttons as the accessibility tree has them
        page.wait_for_timeout(600)
        return page.locator("#buttons").aria_snapshot()

    def read_off_the_panel() -> list[str]:  # the simulator's reading of the same pixels
        lit = player.pixels()
        vlsb = bytearray(1024)
        for i, on in enumerate(lit):
            if on:
                vlsb[(i % 128) + 128 * ((i // 128) >> 3)] |= 1 << ((i // 128) & 7)
        return words(bytes(vlsb))

    # The mat at the start of turn 1: "OK roll d6 ^more"; DOWN and BACK by what they open
    assert heard() == ". ".join(read_off_the_panel())  # a whole new screen: all of it
    tree = buttons()
    for name in ("OK: roll d6", "UP: no d6 or cancel", "DOWN: rules", "BACK: menu"):
        assert f'button "{name}' in tree, (name, tree)
    ok = page.get_by_role("button", name="OK: roll d6")
    assert ok.locator(".does").inner_text() == "roll d6"  # the soft label a sighted player reads
    label = ok.locator(".does").bounding_box()
    assert label and label["y"] + label["height"] <= PHONE["viewport"]["height"]  # on the screen
    assert "roll d6" in (page.locator("#panel").get_attribute("aria-label") or "")

    player.press("OK", 80)  # the roll: the d6 screen, "OK/^v: CP BP n"
    said = heard()
    assert said.startswith("Random Event d6") and said == ". ".join(read_off_the_panel()), said
    opening = int(re.search(r"CP BP (\d+)", said)[1])
    tree = buttons()
    for name in (f"OK: CP BP {opening}", f"UP: CP BP {opening + 1}", f"DOWN: CP BP {max(0, opening - 1)}"):
        assert f'button "{name}"' in tree, (name, tree)  # UP and DOWN told apart
    player.press("UP", 80)  # CP's BP entry, one more than it opened at
    heard()
    player.press("UP", 80)  # and one more: only the number changed, and only it is said
    said = heard()
    assert said == str(opening + 2), said

    for _ in range(3):  # back to the mat, the entry left
        player.press("BACK", 80)
    page.wait_for_timeout(300)
    player.press("BACK", 80)  # the menu: its chosen row said as chosen
    assert "chosen: " in heard()
    player.press("DOWN", 80)
    player.press("DOWN", 80)
    player.press("DOWN", 80)
    player.press("OK", 80)  # New game
    for _ in range(12):  # down its list to The War, then Last Front: OK named by the row, not its value
        tree = buttons()
        if 'button "OK: The War"' in tree:
            break
        player.press("DOWN", 80)
    assert 'button "OK: The War"' in tree, tree
    assert "chosen: The War" in (page.locator("#panel").get_attribute("aria-label") or "")
    player.press("OK", 80)  # The War begun (the game before kept): its mat's buttons by what they do
    if 'button "OK: yes"' in buttons():  # "Start a new game?": yes, the game before kept
        player.press("OK", 80)
    tree = buttons()
    for name in ("OK: start", "UP: redraw", "DOWN: turn steps", "BACK: menu"):
        assert f'button "{name}"' in tree, (name, tree)
    player.press("OK", 80)  # the hands kept: a turn, UP and DOWN a hit on either deck
    tree = buttons()
    for name in ("OK: end", "BACK: menu"):  # UP and DOWN by who hits whom: the next test
        assert f'button "{name}"' in tree, (name, tree)
    player.press("BACK", 80)
    player.press("DOWN", 80)
    player.press("DOWN", 80)
    player.press("DOWN", 80)
    player.press("OK", 80)  # New game again, down to Last Front
    while 'button "OK: Last Front"' not in (tree := buttons()):
        player.press("DOWN", 80)
    player.press("OK", 80)
    if 'button "OK: yes"' in buttons():  # "Start a new game?": yes, the game before kept
        player.press("OK", 80)
    tree = buttons()
    for name in ("OK: turn up", "UP: territories", "BACK: menu"):
        assert f'button "{name}"' in tree, (name, tree)
    assert player.errors == []
    context.close()


def test_a_screen_reader_hears_whole_turns_of_the_war_and_last_front_and_each_button_says_what_it_does(
    site: str, browser
) -> None:
    """The accessibility tree through a turn of The War (the hands, a deck hit, the turn's end,
    the other player's hit) and a battle of Last Front (the card turned up, bids, a withdrawal):
    each step's news heard, and the buttons told apart by what they do."""
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    page = player.page

    def press(button: str) -> tuple[str, list[str]]:
        """A press; then what the live region says and the buttons' names, once the panel is still."""
        player.press(button, 80)
        page.wait_for_timeout(600)
        tree = page.locator("#buttons").aria_snapshot()
        names = [n.replace("''", "'") for n in re.findall(r'button "([^"]+)"', tree)]  # YAML doubles a '
        return page.locator("[aria-live=polite]").text_content() or "", names

    def new_game(name: str) -> list[str]:
        while "Menu" not in press("BACK")[0]:
            pass
        for _ in range(3):
            press("DOWN")
        _, names = press("OK")  # New game
        while f"OK: {name}" not in names:
            _, names = press("DOWN")
        _, names = press("OK")
        if "OK: yes" in names:  # "Start a new game?": the game before kept
            _, names = press("OK")
        return names

    names = new_game("The War")
    assert {"OK: start", "UP: redraw", "DOWN: turn steps", "BACK: menu"} <= set(names), names
    heard, names = press("OK")  # the hands kept: P1's turn
    assert "P1 drew 1" in heard
    assert {"OK: end", "UP: P1 hits P2's deck", "DOWN: P2 hits P1's deck"} <= set(names), names
    heard, names = press("UP")
    assert heard.startswith("P1 hits P2 deck"), heard
    assert {"UP: count up", "DOWN: count down", "OK: enter; hold: weapon", "BACK: back"} <= set(names), names
    heard, _ = press("UP")
    assert heard == "3", heard  # only the number, counted
    heard, _ = press("OK")
    assert "P2 deck -3" in heard, heard
    heard, names = press("OK")  # the turn ends: P2 draws 2, and the names follow whose turn it is
    assert "P2 drew 2" in heard, heard
    assert {"UP: P2 hits P1's deck", "DOWN: P1 hits P2's deck"} <= set(names), names
    heard, _ = press("DOWN")  # P1's card hits P2's deck in P2's turn
    assert heard.startswith("P1 hits P2 deck"), heard

    press("BACK")
    names = new_game("Last Front")
    assert {"OK: turn up", "UP: territories", "BACK: menu"} <= set(names), names
    heard, names = press("OK")  # which card was turned up: OK names the chosen row
    assert "chosen: american" in heard and any(n.startswith("OK: american") for n in names), (heard, names)
    heard, names = press("DOWN")
    assert "chosen: british" in heard and any(n.startswith("OK: british") for n in names), (heard, names)
    heard, names = press("OK")
    assert heard.startswith("B1 british") and "P1: draw 1" in heard, heard
    assert {"OK: +1", "UP: bid 2 over", "DOWN: P1 withdraws", "BACK: menu"} <= set(names), names
    heard, names = press("UP")  # the bid's entry at two more
    assert heard.startswith("P1 bids") and {"OK: bid", "UP: count up", "DOWN: count down"} <= set(names), names
    heard, _ = press("OK")
    assert "P1 bid 2" in heard and "P2: draw 1" in heard, heard
    press("OK")
    heard, _ = press("OK")  # P2 bids 3
    heard, _ = press("DOWN")  # P3 withdraws: the draw it owes said (Last Front: a withdrawal draws 1)
    assert "P3 out: draw 1" in heard, heard
    assert player.errors == []
    context.close()


@pytest.mark.parametrize("ratio", [2.625, 2.8125, 3, 3.5])
def test_the_panel_is_pixel_exact_at_a_phones_device_pixel_ratio(site: str, browser, ratio) -> None:
    """Every panel pixel is a whole square of the phone's pixels, each the same size, upright and
    on its side: the screenshot (in the phone's pixels) is the panel scaled by a whole number."""
    import numpy as np
    from PIL import Image

    for width, height in ((412, 860), (390, 844), (844, 390), (915, 412)):
        context = browser.new_context(
            viewport={"width": width, "height": height}, device_scale_factor=ratio, is_mobile=True, has_touch=True
        )
        player = Player(context.new_page())
        player.open(site)
        player.page.wait_for_timeout(500)  # the first screen drawn and still
        shot = np.array(Image.open(io.BytesIO(player.page.screenshot())).convert("L")) > 0
        box = player.page.locator("#panel").bounding_box()
        assert box is not None
        place = player.page.evaluate("({...document.getElementById('panel').dataset})")
        scale = int(place["scale"])
        lit = np.array(player.page.evaluate("Array.from(window.adjutant.panel().lit)"), dtype=bool).reshape(64, 128)
        want = np.kron(lit, np.ones((scale, scale), dtype=bool))
        off_columns = None
        # where the layout puts it, to a phone pixel or two: the screenshot rounds it its own way
        for dx in (0, 1, -1, 2, -2):
            for dy in (0, 1, -1, 2, -2):
                x = round(box["x"] * ratio) + int(place["left"]) + dx
                y = round(box["y"] * ratio) + int(place["top"]) + dy
                seen = shot[y : y + 64 * scale, x : x + 128 * scale]
                if seen.shape != want.shape:
                    continue
                off = sorted({int(c) // scale for c in np.where((seen != want).any(axis=0))[0]})
                if off_columns is None or len(off) < len(off_columns):
                    off_columns = off
        assert off_columns == [], (ratio, width, height, scale, off_columns)
        context.close()


def test_a_finger_slid_off_a_button_cancels_its_press_and_a_hold_still_holds(site: str, browser) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    page = player.page
    touchscreen = context.new_cdp_session(page)

    def centre(button: str) -> tuple[float, float]:
        box = page.locator(f"button[data-button={button}]").bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def finger(buttons: list[str], ms: int, slide: tuple[float, float] = (0, 0)) -> None:
        """Fingers down on the buttons, still for ms, then slid by `slide` CSS px, then lifted."""
        points = [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(map(centre, buttons))]
        touchscreen.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points})
        page.wait_for_timeout(ms)
        for step in (1, 2, 3, 4):  # a finger slides over a few frames
            moved = [{**p, "x": p["x"] + slide[0] * step / 4, "y": p["y"] + slide[1] * step / 4} for p in points]
            touchscreen.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": moved})
            page.wait_for_timeout(16)
        touchscreen.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(700)  # reacted to, and the panel's words read

    def rolls() -> int:
        return len(player.state()["state"]["track"][0]["rolls"])

    def entered() -> int:  # the number on the battle entry, as a screen reader hears it
        said = page.locator("#panel").get_attribute("aria-label") or ""
        found = re.search(r"face-up BP\. (\d+)", said)
        assert found, said
        return int(found.group(1))

    frames = player.frames()
    finger(["OK"], 100, slide=(0, -140))  # "OK roll d6", and the finger slides up off it
    assert rolls() == 0 and player.frames() == frames  # nothing happened
    finger(["OK"], 100, slide=(6, 4))  # a finger's wobble on the button is still a tap
    assert rolls() == 1
    finger(["UP"], 80)  # on the d6 screen: UP opens CP's BP entry and counts once
    first = entered()
    finger(["UP"], 120, slide=(120, 0))  # slid off sideways onto DOWN's button: no count, no DOWN
    assert entered() == first
    finger(["UP"], 80)
    assert entered() == first + 1
    finger(["UP"], 1500)  # held still: it holds, and counts on (the device's repeats)
    held = entered()
    assert held >= first + 3, (first, held)
    finger(["UP"], 1100, slide=(0, -140))  # a hold slid off: it ends there, its counts kept
    slid = entered()
    assert slid > held
    page.wait_for_timeout(800)
    assert entered() == slid  # and it counts no more
    held = slid
    finger(["OK"], 100, slide=(0, -140))  # "OK enter", slid off: not entered
    assert entered() == held
    before = player.state()["state"]
    finger(["OK", "BACK"], 700)  # two fingers held together through a long press: refused, and said
    assert "One button at a" in (page.locator("#panel").get_attribute("aria-label") or "")  # the toast, over two lines
    assert player.state()["state"] == before and before["phase"] == "battle"
    assert player.errors == []
    context.close()


def _touch(context, page):
    """A finger on the glass through the browser's own touch input: (button, ms down, slide px)."""
    touchscreen = context.new_cdp_session(page)

    def centre(button: str) -> tuple[float, float]:
        box = page.locator(f"button[data-button={button}]").bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.7

    def finger(button: str, ms: int, slide: float = 0, then: int = 700, touch_id: int = 0) -> None:
        x, y = centre(button)
        point = {"x": x, "y": y, "id": touch_id}
        touchscreen.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        page.wait_for_timeout(ms)
        if slide:
            for step in (1, 2, 3, 4):  # over a few frames
                moved = {**point, "y": y - slide * step / 4}
                touchscreen.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [moved]})
                page.wait_for_timeout(16)
        touchscreen.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(then)

    return finger


def test_a_finger_resting_on_ok_or_back_then_slid_off_does_nothing_and_a_900_ms_finger_on_back_undoes(
    site: str, browser
) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    finger = _touch(context, player.page)

    def rolls() -> int:
        return len(player.state()["state"]["track"][0]["rolls"])

    for rest in (270, 400, 500, 900):  # "OK roll d6": the finger rests, then slides up off the button
        finger("OK", rest, slide=140)
        assert rolls() == 0, rest
    finger("OK", 100)  # a tap rolls
    assert rolls() == 1
    finger("BACK", 900, slide=140, then=1200)  # rested past a long press, then slid off: no undo
    assert rolls() == 1
    finger("BACK", 900, then=1200)  # held, and lifted: the undo (the device's long press), the d6 taken back
    assert rolls() == 0 and "Undone" in (player.page.locator("#panel").get_attribute("aria-label") or "")
    assert player.errors == []
    context.close()


def test_fast_alternating_thumbs_count_every_tap(site: str, browser) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    page = player.page
    finger = _touch(context, page)
    finger("OK", 80)  # the d6
    finger("UP", 80)  # CP's BP entry, counted once at its opening

    def screen() -> str:
        return page.locator("#panel").get_attribute("aria-label") or ""

    def entered() -> int:
        found = re.search(r"face-up BP\. (\d+)", screen())
        assert found, screen()
        return int(found.group(1))

    start = entered()
    taps = ["UP", "DOWN", "UP", "UP", "DOWN", "UP", "UP", "UP", "DOWN", "UP"]
    for n, button in enumerate(taps):  # two thumbs in turn, each lifted before the other lands
        finger(button, 20, then=5, touch_id=n % 2)
    page.wait_for_timeout(900)
    assert entered() == start + taps.count("UP") - taps.count("DOWN"), screen()
    assert "One button" not in screen()
    assert player.errors == []
    context.close()


def test_an_idle_page_on_the_mat_looks_for_no_frame_and_uses_almost_no_cpu(site: str, browser) -> None:
    context = browser.new_context(**PHONE)
    player = Player(context.new_page())
    player.open(site)
    player.page.wait_for_timeout(1500)  # the first frame and its words settled
    player.page.evaluate(
        "window.looked = 0; const frame = window.adjutant.frame.bind(window.adjutant);"
        "window.adjutant.frame = () => { window.looked++; return frame(); };"
    )
    cdp = context.new_cdp_session(player.page)
    cdp.send("Performance.enable")

    def busy() -> float:
        return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "TaskDuration")

    start = busy()
    player.page.wait_for_timeout(5000)
    used = busy() - start
    looked = player.page.evaluate("window.looked")
    assert looked <= 2, looked  # (at every animation frame it was some 300)
    assert used / 5.0 <= 0.005, f"{100 * used / 5.0:.2f}% of a core"
    before = player.frames()
    player.press("OK", 80)  # and a press is still shown: the firmware's write to the panel asks for it
    player.wait_frame(before)
    assert player.errors == []
    context.close()


def test_two_windows_of_the_page_never_lose_a_move_one_plays_the_other_can_take_over(site: str, browser) -> None:
    context = browser.new_context(**PHONE)
    first = Player(context.new_page())
    first.open(site)
    for button in ("OK", "BACK", "DOWN", "BACK"):  # the d6, a look at the menu
        first.press(button, 80)
    first.page.wait_for_timeout(300)
    played = first.state()["state"]
    second = Player(context.new_page())  # the installed app beside a tab: one stored flash
    second.page.goto(site)
    second.page.wait_for_function("document.getElementById('status').textContent.includes('another window')")
    assert second.frames() == 0 and second.page.locator("#take-over").is_visible()
    assert second.page.locator("#save").is_hidden()  # the game is the other window's to save
    first.press("OK", 80)  # the first window plays on
    first.page.wait_for_timeout(300)
    played = first.state()["state"]
    second.page.locator("#take-over").click()  # "Play here": this one takes over, from the store
    second.wait_frame(0)
    assert second.state()["state"] == played
    first.page.wait_for_function("document.getElementById('status').textContent.includes('another window')")
    frames = first.frames()
    first.press("OK", 80)  # the first window no longer plays: its press reaches nothing
    first.page.wait_for_timeout(500)
    assert first.frames() == frames
    second.press("BACK", 800)  # held: an undo, a move of this window's
    second.page.wait_for_timeout(600)
    now = second.state()["state"]
    assert now != played
    first.page.evaluate("document.activeElement && document.activeElement.blur()")
    first.page.keyboard.press("Enter")  # nor its keyboard's OK, after the other's move: no write of it
    first.page.wait_for_timeout(800)
    with first.page.expect_navigation():
        first.page.locator("#take-over").click()  # and back: the second window's moves are there
    first.wait_frame(0)
    assert first.state()["state"] == now
    assert first.errors == [] and second.errors == []
    context.close()


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)])
def test_at_150_percent_text_size_nothing_scrolls_sideways_and_every_button_stays_44_px(
    site: str, browser, size: tuple[int, int]
) -> None:
    width, height = size
    context = _phone(browser, width, height)
    player = Player(context.new_page())
    player.open(site)
    player.page.wait_for_timeout(800)  # the soft labels under the buttons written
    # the phone's text size at 150%, as a mobile browser applies it
    player.page.add_style_tag(content="html { -webkit-text-size-adjust: 150%; text-size-adjust: 150%; }")
    player.page.wait_for_timeout(300)
    assert player.page.evaluate("getComputedStyle(document.querySelector('#buttons button')).fontSize") == "27px"
    assert player.page.evaluate("document.documentElement.scrollWidth") <= width, size
    boxes = player.page.evaluate(
        "[...document.querySelectorAll('#buttons button')].map(e => e.getBoundingClientRect().width)"
    )
    assert min(boxes) >= 44, (size, boxes)
    context.close()
