"""A board's flash as an earlier firmware left it (tests/golden/flash-before-game-plugins.img.gz,
made by the firmware before each game was a plug-in: a basic game of The Great War with its d6
rolled, then a game of The War, the hands kept, P1's deck attack of 2 and the turn's end): the
firmware now boots into The War where it stood and plays on, History lists both games, and
`adjutant pull` archives both, The Great War's log opening with "new" as every older log does."""

from __future__ import annotations

import gzip
import json
import pathlib
import subprocess
import sys

from adjutant.sim.process import SimDevice

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests/golden/flash-before-game-plugins.img.gz"


def test_an_earlier_firmwares_flash_boots_into_its_game_as_it_stood_and_is_pulled_whole(tmp_path: pathlib.Path) -> None:
    flash = tmp_path / "flash.img"
    flash.write_bytes(gzip.decompress(FIXTURE.read_bytes()))
    with SimDevice(flash, seed=5, timeout=300) as device:
        device.wait(500)
        state = device.state()
        assert state["screen"] == "war-mat" and state["gid"] == "g0002", state
        assert state["game"]["decks"] == {"P1": 52, "P2": 49} and state["game"]["player"] == "P2"
        device.press("OK")  # P2's turn ends: P1 draws 2 (Turn scheme 2)
        assert device.state()["game"]["decks"] == {"P1": 50, "P2": 49}
        for button in ("BACK", "UP", "UP", "UP", "OK"):  # the menu's History, third from its end
            device.press(button)
        shown = device.shown()
        assert device.state()["screen"] == "history" and "0002" in shown and "0001" in shown, shown
        device.go_realtime()
        db = tmp_path / "games.sqlite3"
        pulled = subprocess.run(
            [sys.executable, "-m", "adjutant.cli", "--port", device.serial_path, "--db", str(db), "pull"],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=REPO,
        )
        assert pulled.returncode == 0 and "pulled 2 new" in pulled.stdout, pulled.stdout + pulled.stderr
    games = json.loads(
        subprocess.run(
            [sys.executable, "-m", "adjutant.cli", "--db", str(db), "export", "--format", "json"],
            capture_output=True,
            text=True,
            cwd=REPO,
        ).stdout
    )
    great_war, the_war = games
    assert great_war["log"][0]["a"] == "new" and great_war["which_game"] == "the-great-war"
    assert great_war["turns"][0]["rolls"] and great_war["over"] is False
    assert the_war["which_game"] == "the-war" and the_war["decks"] == {"P1": 50, "P2": 49}


def test_the_earlier_flash_boots_on_the_earlier_firmware_that_made_it_into_the_same_game() -> None:
    """The fixture is an earlier firmware's flash: that firmware (tests/golden/firmware-before-game-
    plugins.tar.gz) boots it into the game it left, as today's does. The simulator reads its wiring
    with its own firmware's settings file, which checks the saved game against its own registry,
    never the earlier code's."""
    import tarfile
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        code = pathlib.Path(tmp) / "code"
        with tarfile.open(REPO / "tests/golden/firmware-before-game-plugins.tar.gz") as tar:
            tar.extractall(code, filter="data")
        flash = pathlib.Path(tmp) / "flash.img"
        flash.write_bytes(gzip.decompress(FIXTURE.read_bytes()))
        with SimDevice(flash, seed=5, timeout=300, code=code) as device:
            device.wait(500)
            state = device.state()
            assert state["screen"] == "war-mat" and state["gid"] == "g0002", state
            assert state["game"]["decks"] == {"P1": 52, "P2": 49} and state["game"]["player"] == "P2"
