"""`make sim` as a first-time user meets it: any terminal size, taps, its flash file and its marker."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

from adjutant.sim.process import SHORT_MS, SimDevice
from adjutant.sim.screen_text import boxed, fits
from adjutant.sim.terminal import KeyPlan, _lock, _view, default_flash

REPO = pathlib.Path(__file__).resolve().parents[1]


def test_the_simulator_fits_an_80x24_terminal_and_uses_the_big_panel_when_there_is_room(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=1) as dev:
        dev.wait(300)
        small = _view(dev, 80, 24, None).splitlines()
        assert len(small) <= 24 and max(len(line) for line in small) <= 80, (len(small), max(map(len, small)))
        assert any("\u2800" <= ch <= "\u28ff" for ch in small[1])  # braille cells: 2x4 pixels each
        big = _view(dev, 140, 45, None).splitlines()
        assert len(big) <= 45 and max(len(line) for line in big) <= 140
        assert "\u2580" in "".join(big) or "\u2584" in "".join(big)  # half blocks
        frame = dev.frame()
    # every lit pixel is in the braille picture: count the dots
    dots = sum(bin(ord(ch) - 0x2800).count("1") for line in boxed(frame, True).splitlines()[1:-1] for ch in line[1:-1])
    assert dots == sum(frame.pixel(x, y) for x in range(128) for y in range(64))
    assert fits(80, 24) and not fits(140, 45)


def _play(dev: SimDevice, plan: KeyPlan, keys: list[tuple[int, str]]) -> None:
    """Keys at device times (ms from now), as the terminal loop feeds them."""
    start = dev.now
    end = start + max(at for at, _ in keys) + 600
    pending = sorted(keys)
    while dev.now < end:
        while pending and dev.now - start >= pending[0][0]:
            _, button = pending.pop(0)
            for down in plan.key(button, SHORT_MS, dev.now):
                dev.down(down)
        ups, downs = plan.due(dev.now)
        for button in ups:
            dev.up(button)
        for button in downs:
            dev.down(button)
        dev.wait(10)


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
    rows = ["Back to game", "Undo", "Redo", "New game", "End game 3.4", "History", "Card data", "Settings", "About"]
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
