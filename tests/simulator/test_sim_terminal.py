"""`make sim` as a first-time user meets it: any terminal size, taps, its flash file and its marker."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

from adjutant.sim.keys import TAP_MS, KeyPlan
from adjutant.sim.process import SHORT_MS, SimDevice
from adjutant.sim.screen_text import boxed, fits
from adjutant.sim.terminal import _lock, default_flash
from adjutant.sim.view import view
from adjutant.sim.words import Words

REPO = pathlib.Path(__file__).resolve().parents[2]


def test_the_simulator_fits_an_80x24_terminal_and_uses_the_big_panel_when_there_is_room(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=1) as dev:
        dev.wait(300)
        frame = dev.frame()
        said = Words().read_now(frame.pixels)
        small = view(dev, frame, said, 80, 24, None).splitlines()
        assert len(small) <= 23 and max(len(line) for line in small) <= 80, (len(small), max(map(len, small)))
        assert any("\u2800" <= ch <= "\u28ff" for ch in small[1])  # braille cells: 2x4 pixels each
        big = view(dev, frame, said, 140, 45, None).splitlines()
        assert len(big) <= 45 and max(len(line) for line in big) <= 140
        assert "\u2580" in "".join(big) or "\u2584" in "".join(big)  # half blocks
    # every lit pixel is in the braille picture: count the dots
    dots = sum(bin(ord(ch) - 0x2800).count("1") for line in boxed(frame, True).splitlines()[1:-1] for ch in line[1:-1])
    assert dots == sum(frame.pixel(x, y) for x in range(128) for y in range(64))
    assert fits(80, 24) and not fits(140, 45)


def test_at_80x24_the_screens_words_and_the_readmes_keys_are_printed_under_the_picture(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=1) as dev:
        dev.wait(300)
        frame = dev.frame()
        words = Words()
        text = view(dev, frame, words.read_now(frame.pixels), 80, 24, None)
        under = text.splitlines()[18:]
        assert "OK roll d6 ^more" in under[0] and "RE phase" in under[0], under  # the status line, in words
        assert "CP 0  EA 0" in under[0], under  # each total beside its side's label
        readme = (REPO / "README.md").read_text()
        for key in ("Up/`w` = UP", "Down/`s` = DOWN", "Enter/`d` = OK", "Backspace/`a` = BACK"):
            assert key in readme  # the keys the README gives are the ones the help line shows
        assert "\u2191/w UP" in text and "\u2193/s DOWN" in text and "Enter/d OK" in text and "Bksp/a BACK" in text
        dev.press("OK")  # the d6
        words.seen(dev.frame().pixels)  # read in the background, the keys never waiting for it
        assert "Random Event d6" in words.wait() and "OK/^v: CP BP 12" in words.text, words.text


def _feed(dev: SimDevice, plan: KeyPlan, keys: list[tuple[int, str, str, int]], tail: int = 600) -> list:
    """Keys (device ms from now, key, button, ms) as the terminal loop feeds them, and `tail` ms
    after the last; returns the pin edges made: ("down" or "up", ms from the start)."""
    start = dev.now
    pending = sorted(keys)
    edges = []
    while pending or dev.now - start < _last_at(keys) + tail:
        while pending and dev.now - start >= pending[0][0]:
            _, key, button, ms = pending.pop(0)
            for down in plan.key(key, button, ms, dev.now):
                dev.down(down)
                edges.append(("down", dev.now - start))
        ups, downs = plan.due(dev.now)
        for button in ups:
            dev.up(button)
            edges.append(("up", dev.now - start))
        for button in downs:
            dev.down(button)
            edges.append(("down", dev.now - start))
        dev.wait(5)
    return edges


def _last_at(keys: list) -> int:
    return max(at for at, *_ in keys)


def _play(dev: SimDevice, plan: KeyPlan, keys: list[tuple[int, str]]) -> None:
    """Taps of buttons at device times (ms from now)."""
    _feed(dev, plan, [(at, button.lower()[0], button, SHORT_MS) for at, button in keys])


def test_two_taps_80_ms_apart_are_two_presses_and_a_held_key_is_one_hold(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=1) as dev:
        dev.wait(300)
        dev.press("BACK")
        assert dev.state()["screen"] == "menu"
        _play(dev, KeyPlan(), [(0, "DOWN"), (80, "DOWN")])
        index_after_taps = _menu_index(dev)
        assert index_after_taps == 2, index_after_taps
        # a held key: the terminal repeats it after its delay, every 30 ms: one long press
        _play(dev, KeyPlan(), [(0, "DOWN")] + [(300 + 30 * k, "DOWN") for k in range(20)])
        assert _menu_index(dev) == 3


def _menu_index(dev: SimDevice) -> int:
    """Which menu row is chosen: the one drawn on a lit bar, read off the panel."""
    rows = ["Back to game", "Undo", "Redo", "New game", "History", "Card data", "Settings", "About", "End game 3.4"]
    frame, shown = dev.frame(), dev.texts()
    lit = [row for row in range(6) if frame.pixel(126, 10 + row * 9 + 4)]
    assert len(lit) == 1, lit
    return rows.index(shown[1 + lit[0]])


def test_a_flash_file_is_held_by_one_simulator_and_the_second_says_which(tmp_path: pathlib.Path) -> None:
    flash = tmp_path / "sim-flash.img"
    first = _lock(flash)
    assert not isinstance(first, str)
    second = subprocess.run(
        [sys.executable, "-m", "adjutant.sim.terminal", "--flash", str(flash)],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        cwd=REPO,
    )
    assert second.returncode == 1
    assert second.stderr.strip() == (
        f"{flash} is in use by another simulator (process {os.getpid()}): quit that one, "
        "or give this one its own --flash FILE"
    )
    first.close()
    assert not isinstance(_lock(flash), str)  # free again once the first quits


def test_a_bare_board_gets_its_own_flash_file_and_every_simulator_its_own_marker(tmp_path: pathlib.Path) -> None:
    from adjutant.link.ports import list_devices, simulator_marker

    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    os.environ["XDG_CACHE_HOME"] = str(tmp_path)
    try:
        with SimDevice(tmp_path / "a.img") as a, SimDevice(tmp_path / "b.img") as b:
            for dev, pid in ((a, os.getpid()), (b, os.getppid())):  # two live processes
                marker = simulator_marker(pid)
                marker.parent.mkdir(parents=True, exist_ok=True)
                marker.write_text(dev.serial_path + "\n")
            dead = simulator_marker(2**22 + 12345)  # a simulator that was killed
            dead.write_text("/dev/pts/999\n")
            listed = [p.path for p in list_devices() if p.usb == ""]
            assert sorted(listed) == sorted([a.serial_path, b.serial_path])
            assert not dead.exists()  # the stale marker is gone
    finally:
        del os.environ["XDG_CACHE_HOME"]
    assert default_flash(bare=True) != default_flash(bare=False)  # a user's sim-flash.img is never the bare one's
    bare = subprocess.run(  # a bare board starts on its own file (here one in tmp: a test wipes no user's flash)
        [sys.executable, "-m", "adjutant.sim.terminal", "--bare", "--fresh", "--flash", str(tmp_path / "bare.img")],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        cwd=REPO,
        env=env,
    )
    assert bare.returncode == 0, bare.stderr
    assert (tmp_path / "bare.img").exists()


def test_packaging_uses_the_spdx_license_string_not_the_deprecated_table() -> None:
    import pytest

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and (REPO / project["license-files"][0]).exists()


def _to_first_bp(dev: SimDevice) -> int:
    """A fresh game to its battle entry: the d6 rolled, OK on to the battle; the number it opens at."""
    dev.press("OK")
    dev.press("OK")
    assert "face-up BP" in dev.shown(), dev.shown()
    return _number(dev)


def _number(dev: SimDevice) -> int:
    return next(int(t) for t in dev.texts() if t.isdigit())


def _counts(held_ms: int) -> int:
    """What a number entry counts for a hold of `held_ms`: 1 at once, then buttons.py's repeats."""
    from bench.scripted_game import _repeat_due

    return 1 + sum(1 for k in range(200) if _repeat_due(k) <= held_ms)


def test_a_held_key_is_a_tap_then_one_hold_let_go_within_100_ms_of_the_last_repeat(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=1) as dev:
        dev.wait(300)
        start = _to_first_bp(dev)
        # as a terminal sends a held w: one key, a pause of 500 ms, then a repeat every 33 ms to 2 s
        repeats = [500 + 33 * k for k in range(46)]
        edges = _feed(dev, KeyPlan(), [(at, "w", "UP", TAP_MS) for at in [0, *repeats]], tail=1000)
        kinds = [kind for kind, _ in edges]
        assert kinds == ["down", "up", "down", "up"], edges  # a tap, then one hold
        (_, tap_down), (_, tap_up), (_, hold_down), (_, hold_up) = edges
        assert tap_up - tap_down <= TAP_MS + 10 and hold_down == repeats[0]
        assert 0 < hold_up - repeats[-1] <= 100, edges  # let go within 100 ms of the last repeat
        held = _number(dev)
        assert abs(held - (start + 1 + _counts(hold_up - hold_down))) <= 1, (held, edges)
        dev.wait(2500)
        assert _number(dev) == held  # nothing counts after the key is let go


def test_a_tap_after_a_long_press_and_quick_taps_are_each_a_press(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=1) as dev:
        dev.wait(300)
        start = _to_first_bp(dev)
        # W (a long press of UP, 800 ms: 1, then a repeat at 500 ms) and a w 300 ms after it ends
        keys = [(0, "W", "UP", 800), (1100, "w", "UP", TAP_MS)]
        keys += [(1400 + 100 * k, "w", "UP", TAP_MS) for k in range(10)]  # taps as quick as a person's
        _feed(dev, KeyPlan(), keys)
        # the long press: 1 at once and a repeat at 500 ms: 2; then 11 taps
        assert _number(dev) == start + 2 + 11, dev.shown()


def test_the_key_table_arrows_and_letters_tap_and_a_capital_letter_is_a_long_press() -> None:
    from adjutant.sim.keys import parse_keys
    from adjutant.sim.process import LONG_MS

    taps = parse_keys("\x1b[A\x1b[B\x1b[C\x1b[Dwsda\r\n \x7f\x08")
    assert [(button, ms) for _, button, ms in taps] == [
        ("UP", TAP_MS),
        ("DOWN", TAP_MS),
        ("OK", TAP_MS),
        ("BACK", TAP_MS),
        ("UP", TAP_MS),
        ("DOWN", TAP_MS),
        ("OK", TAP_MS),
        ("BACK", TAP_MS),
        ("OK", TAP_MS),
        ("OK", TAP_MS),
        ("OK", TAP_MS),
        ("BACK", TAP_MS),
        ("BACK", TAP_MS),
    ]
    assert [(button, ms) for _, button, ms in parse_keys("WSDA")] == [
        ("UP", LONG_MS),
        ("DOWN", LONG_MS),
        ("OK", LONG_MS),
        ("BACK", LONG_MS),
    ]
    assert parse_keys("xq") == [("q", "QUIT", 0)]  # q quits; a key with no button does nothing


def test_a_capital_a_is_a_long_press_of_back_that_undoes(tmp_path: pathlib.Path) -> None:
    from adjutant.sim.keys import parse_keys

    with SimDevice(tmp_path / "flash.img", seed=1) as dev:
        dev.wait(300)
        dev.press("OK")  # the d6, and on to Combat Round 1
        assert dev.state()["game"]["phase"] == "cr1"
        ((key, button, ms),) = parse_keys("A")
        _feed(dev, KeyPlan(), [(0, key, button, ms)], tail=1500)
        assert dev.state()["game"]["phase"] == "re" and "Undone: d6" in dev.shown()
