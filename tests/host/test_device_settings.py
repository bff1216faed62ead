"""`adjutant settings`: the device's settings over the link, shown, set and checked, with no REPL.

A maker whose display module sits at 0x3D (the board table says 0x3C) is the
case in point: the device says which address answers and which setting moves
it there, `adjutant settings addr=0x3D` sets it, and from the next power-up the
panel lights.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest
from adjutant.sim.interpreter import SimError
from adjutant.sim.process import SimDevice

REPO = pathlib.Path(__file__).resolve().parents[2]
MOVED = "the display answers at 0x3D, not 0x3C: set it with `adjutant settings addr=0x3D`"


@pytest.fixture
def board_at_3d(tmp_path: pathlib.Path):
    with SimDevice(tmp_path / "flash.img", fresh=True, seed=4, realtime=True, timeout=180, oled=0x3D) as device:
        device.wait(500)
        yield device


def _adjutant(dev: SimDevice, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "--port", dev.serial_path, "settings", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env=dict(os.environ),
    )


def _rows(stdout: str) -> dict[str, str]:
    """Each setting's row: {name: value}, a changed one marked with *."""
    rows = {}
    for line in stdout.splitlines():
        words = line[1:].split()
        if line[:1] in ("*", " ") and words:
            rows[words[0]] = ("*" if line[0] == "*" else "") + words[1]
    return rows


def test_settings_shows_each_setting_with_its_value_and_what_it_takes(board_at_3d: SimDevice) -> None:
    done = _adjutant(board_at_3d)
    assert done.returncode == 0, done.stderr
    assert _rows(done.stdout) == {
        "contrast": "127",
        "sleep": "600",
        "rotate": "0",
        "last_draw": "off",
        "battles": "bp",
        "attack": "off",
        "solo": "CP",
        "names": "-",
        "war_deck": "60",
        "lf_seats": "6",
        "lf_victory": "normal",
        "lf_dig": "off",
        "lf_types": "4",
        "addr": "board",
        "board": "auto",
    }
    assert all(len(line) <= 79 for line in done.stdout.splitlines())
    assert f"warning: {MOVED}" in done.stderr  # the device says what answers, and the setting


def test_settings_set_at_once_keep_through_a_power_cut_and_the_address_lights_the_panel(
    board_at_3d: SimDevice,
) -> None:
    dev = board_at_3d
    assert not dev.frame().on  # nothing answers at the board's 0x3C
    done = _adjutant(dev, "contrast=40", "battles=winner", "addr=0x3D", "last-draw=on")
    assert done.returncode == 0, done.stderr
    rows = _rows(done.stdout)
    assert rows["contrast"] == "*40" and rows["battles"] == "*winner" and rows["addr"] == "*0x3D"
    assert rows["last_draw"] == "*on" and rows["sleep"] == "600"
    assert "addr: at the device's next start" in done.stdout
    dev.power_cut()
    dev.wait(800)
    dev.sync()
    frame = dev.frame()
    assert frame.on and frame.contrast == 40, "the panel at 0x3D lights, at the contrast set"
    assert dev.texts()[-1] == "OK roll d6 ^more"
    again = _adjutant(dev)
    assert again.returncode == 0 and "warning" not in again.stderr
    assert _rows(again.stdout)["battles"] == "winner" and _rows(again.stdout)["last_draw"] == "on"


def test_a_live_setting_acts_without_a_restart(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", fresh=True, realtime=True, timeout=120) as dev:
        dev.wait(500)
        assert dev.frame().contrast == 127
        done = _adjutant(dev, "contrast=200")
        assert done.returncode == 0, done.stderr
        dev.sync()
        assert dev.frame().contrast == 200


@pytest.mark.parametrize(
    ("word", "said"),
    [
        ("contrast=400", "contrast=400: contrast takes a whole number from 0 to 255"),
        ("sleep=soon", "sleep=soon: sleep takes seconds, one of 0, 30, 60, 120, 300, 600, 1800, 3600"),
        ("sleep=45", "sleep=45: sleep takes seconds, one of 0, 30, 60, 120, 300, 600, 1800, 3600 (what the device"),
        ("sleep=3601", "sleep=3601: sleep takes seconds, one of"),
        ("contrast=256", "contrast=256: contrast takes a whole number from 0 to 255"),
        ("contrast=-1", "contrast=-1: contrast takes a whole number from 0 to 255"),
        ("rotate=90", "rotate=90: rotate takes 0 or 180"),
        ("battles=both", "battles=both: battles takes bp or winner"),
        ("addr=0x3E", "addr=0x3E: addr takes 0x3C, 0x3D, or board (the board's own)"),
        ("colour=red", "'colour=red': give NAME=VALUE, NAME one of contrast, sleep, rotate"),
        ("contrast", "'contrast': give NAME=VALUE"),
    ],
)
def test_a_bad_value_is_one_line_exit_2_and_nothing_is_sent(tmp_path: pathlib.Path, word: str, said: str) -> None:
    done = subprocess.run(  # no device at all: the check comes before any port is opened
        [sys.executable, "-m", "adjutant.cli", "--port", str(tmp_path / "none"), "settings", "contrast=10", word],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and said in lines[0] and "Traceback" not in done.stderr


def test_the_device_refuses_a_change_it_cannot_use_and_keeps_every_setting(board_at_3d: SimDevice) -> None:
    done = _adjutant(board_at_3d, "contrast=10", "board=pico-xl")
    assert done.returncode == 8, done.stderr  # the device refused (adjutant --help lists 8)
    assert "unknown board 'pico-xl'; known: " in done.stderr and "pico-sh1106" in done.stderr
    assert len([line for line in done.stderr.splitlines() if not line.startswith("warning")]) == 1
    assert _rows(_adjutant(board_at_3d).stdout)["contrast"] == "127", "one bad value changes nothing"
    with pytest.raises(SimError, match="bad value for sleep: '60'"):  # a host that sends a string
        board_at_3d.ask("settings", set={"sleep": "60"})
    with pytest.raises(SimError, match="bad value for sleep: 45"):  # a time the Settings screen cannot show
        board_at_3d.ask("settings", set={"sleep": 45})


def test_settings_takes_the_highest_values_the_device_shows(board_at_3d: SimDevice) -> None:
    done = _adjutant(board_at_3d, "contrast=255", "sleep=3600", "attack=on")
    assert done.returncode == 0, done.stderr
    rows = _rows(done.stdout)
    assert (rows["contrast"], rows["sleep"], rows["attack"]) == ("*255", "*3600", "*on")
    done = _adjutant(board_at_3d, "contrast=0", "sleep=0")
    assert done.returncode == 0, done.stderr
    assert (_rows(done.stdout)["contrast"], _rows(done.stdout)["sleep"]) == ("*0", "*0")


def test_the_host_offers_the_sleep_times_the_device_does() -> None:
    sys.path.insert(0, str(REPO / "firmware"))
    try:
        import settings_file as config  # the device's settings file: its checks and the Settings screen's sleep times
    finally:
        sys.path.remove(str(REPO / "firmware"))
    from adjutant.device_settings import SLEEPS

    assert tuple(config.SLEEPS) == SLEEPS


def test_the_names_setting_takes_the_seats_by_commas_and_refuses_what_the_device_would() -> None:
    """Last Front's seats from the dealer (Game Play), named from the CLI: checked before sending."""
    import click
    from adjutant.device_settings import parse, shown

    assert parse(("names=Ann, Ben,Cid",)) == {"names": ["Ann", "Ben", "Cid"]}
    assert parse(("names=",)) == {"names": []} and shown("names", []) == "-"
    assert shown("names", ["Ann", "Ben"]) == "Ann,Ben"
    for bad in ("names=Bartholomew1", "names=Ann,Ann", "lf_seats=13", "lf_victory=fast"):
        try:
            parse((bad,))
        except click.UsageError as e:
            assert bad.split("=")[0] in str(e)
        else:
            raise AssertionError(f"{bad} was taken")
