"""Maintenance: a boot with no game and no watchdog, for a maker's mpremote sessions.

The simulated board's watchdog behaves as rp2's: once the firmware starts it,
nothing stops it, and it outlives a soft reset. So without maintenance any
mpremote session longer than 8 s ends in a reset; in maintenance it does not.
A maker reaches it by holding BACK while plugging the board in, or with
`adjutant maintenance` over the link; OK on the device, or any reset, plays again.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

from adjutant.sim.process import SimDevice

from tests.host.test_deploy import answers

REPO = pathlib.Path(__file__).resolve().parents[2]
MPREMOTE = pathlib.Path(sys.executable).parent / "mpremote"
SCREEN = ["MAINTENANCE", "No watchdog: the", "REPL is free.", "OK: play again.", "After mpremote:", "unplug, or"]


def _into_raw_repl_and_soft_reset(dev: SimDevice) -> None:
    start = len(dev.serial.output)
    dev.serial.send(b"\r\x03\x03\x01")  # stop main.py, then the raw REPL, as mpremote enters it
    dev.wait(50)
    at = dev.serial.wait_for(b"raw REPL; CTRL-B to exit\r\n>", start)
    dev.serial.send(b"\x04")  # a soft reset, which in the raw REPL skips main.py
    dev.wait(50)
    dev.serial.wait_for(b"soft reboot", at)


def test_the_watchdog_outlives_a_soft_reset_as_on_rp2(dev: SimDevice) -> None:
    _into_raw_repl_and_soft_reset(dev)
    dev.wait(5_000)
    assert "watchdog reset" not in dev.events
    dev.wait(4_000)
    assert "watchdog reset" in dev.events, "the firmware's watchdog ran on after the soft reset, and fired"


def test_back_held_at_power_up_opens_maintenance_and_ok_plays_the_same_game_again(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", fresh=True, seed=3) as dev:
        dev.wait(300)
        dev.press("OK")  # the RE roll: a game to come back to
        rolls = dev.state()["game"]["track"][0]["rolls"]
        dev.down("BACK")  # held while the board is unplugged and plugged in again
        dev.power_cut()
        dev.wait(800)
        assert dev.texts()[:6] == SCREEN
        assert dev.texts()[6] == "mpremote reset"
        dev.up("BACK")
        dev.wait(20_000)  # a long REPL session: nothing resets the board
        assert dev.events[-1] == "main.py returned" and "watchdog reset" not in dev.events
        assert b"Adjutant maintenance: no watchdog" in dev.serial.output
        dev.press("OK")  # "OK: play again."
        dev.wait(800)
        assert "reset" in dev.events[-3:]
        assert dev.state()["game"]["track"][0]["rolls"] == rolls
        assert dev.texts()[-1] == "d6 %s  OK battle" % rolls[-1], "the mat, with the roll made before"


def test_a_plain_boot_with_no_button_held_plays(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", fresh=True, seed=3) as dev:
        dev.press("BACK")  # pressed and let go before the power cut: not held at power-up
        dev.power_cut()
        dev.wait(800)
        assert "MAINTENANCE" not in dev.texts()
        assert dev.state()["screen"] == "mat"


def _adjutant(port: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "--port", port, *args],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=REPO,
    )


def _mpremote(port: str, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    done = subprocess.run([str(MPREMOTE), "connect", port, *args], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return done


def test_adjutant_maintenance_frees_the_repl_for_long_mpremote_sessions_and_an_edit_keeps(
    tmp_path: pathlib.Path,
) -> None:
    """On a deployed board, as a maker uses it: `adjutant maintenance`, a 20 s mpremote session,
    `mpremote edit :settings.json` (an editor open for 10 s), `mpremote reset`, and the edit holds."""
    editor = tmp_path / "editor.py"
    editor.write_text(
        "import json, sys, time\n"
        "time.sleep(10)  # a person reading the file\n"
        "path = sys.argv[1]\n"
        "settings = json.load(open(path))\n"
        "settings['contrast'] = 40\n"
        "json.dump(settings, open(path, 'w'))\n"
    )
    with SimDevice(tmp_path / "flash.img", fresh=True, code="flash", realtime=True, timeout=400) as dev:
        dev.wait(500)
        deployed = _adjutant(dev.serial_path, "deploy")
        assert deployed.returncode == 0, deployed.stderr
        answers(dev.serial_path)  # the deployed firmware runs
        done = _adjutant(dev.serial_path, "maintenance")
        assert done.returncode == 0, done.stderr
        assert "in maintenance: no watchdog, the REPL is free" in done.stdout
        assert "OK on the device, `mpremote reset`, or unplug it" in done.stdout
        dev.sync()
        assert dev.texts()[0] == "MAINTENANCE"
        boots = dev.events.count("watchdog reset")
        _mpremote(dev.serial_path, "exec", "import time; time.sleep(20); print('still here')")
        env = dict(os.environ, EDITOR=f"{sys.executable} {editor}")
        _mpremote(dev.serial_path, "edit", ":settings.json", env=env)
        dev.sync()
        assert dev.events.count("watchdog reset") == boots, "no reset in 30 s of mpremote"
        assert json.loads(_mpremote(dev.serial_path, "cat", ":settings.json").stdout)["contrast"] == 40
        _mpremote(dev.serial_path, "reset")
        answers(dev.serial_path)
        dev.sync()
        assert dev.frame().contrast == 40, "the game runs with the edited setting"
        assert dev.state()["screen"] == "mat"


def test_adjutant_maintenance_with_no_device_answering_says_so_in_one_line(tmp_path: pathlib.Path) -> None:
    done = _adjutant(str(tmp_path / "no-such-port"), "maintenance")
    assert done.returncode == 3, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_adjutant_maintenance_then_ok_on_the_device_plays_again(tmp_path: pathlib.Path) -> None:
    """As a maker does at the table with `make sim` or a board: the CLI asks for maintenance,
    the screen says so, and OK (the screen's promise) brings the game back."""
    with SimDevice(tmp_path / "flash.img", fresh=True, seed=2, realtime=True, timeout=120) as dev:
        dev.wait(500)
        dev.press("OK")  # a roll to come back to
        dev.sync()
        rolls = dev.state()["game"]["track"][0]["rolls"]
        done = _adjutant(dev.serial_path, "maintenance")
        assert done.returncode == 0, done.stderr
        dev.sync()
        assert dev.texts()[:4] == SCREEN[:4]
        dev.down("OK")  # "OK: play again.", the finger still on it while the board restarts
        for _ in range(50):
            dev.wait(100)
            if dev.firmware_running() and dev.frame().on and dev.texts()[-1].startswith("d6 "):
                break
        dev.wait(300)
        dev.up("OK")  # let go once the mat is back
        dev.wait(500)
        assert dev.state()["game"]["track"][0]["rolls"] == rolls
        assert "reset" in dev.events
        dev.wait(500)
        assert dev.texts()[-1] == "d6 %s  OK battle" % rolls[-1], "the OK that left maintenance did nothing more"
