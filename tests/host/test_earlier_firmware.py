"""A board that still runs an earlier firmware: tests/golden/firmware-before-game-plugins.tar.gz
holds the firmware and engine as they were before each game was a plug-in (c211670), stored so
that no clone's history is needed. On it, through its own screens, a basic game of The Great War
(a turn and a roll), then a game of The War (a deck hit of 3, a turn's end). This host, newer than
the board, pulls both games, lists, tells and exports them as it does a board of its own version."""

from __future__ import annotations

import csv
import io
import json
import pathlib
import tarfile

from adjutant.sim.process import SimDevice

from tests.host.link_cli import adjutant

FIRMWARE = pathlib.Path(__file__).resolve().parents[1] / "golden" / "firmware-before-game-plugins.tar.gz"


def _earlier_firmware(into: pathlib.Path) -> pathlib.Path:
    with tarfile.open(FIRMWARE) as tar:
        for member in tar.getmembers():  # our own fixture; nothing outside its two folders
            assert member.name.split("/")[0] in ("firmware", "shared_engine") and ".." not in member.name
        tar.extractall(into)
    return into


def _play_on_the_earlier_firmware(device: SimDevice) -> None:
    """Its screens then: OK rolls, OK on the d6 to the battle, OK, OK (12-12: CP defends and
    wins), OK captures 12, OK flips after the draw; then New game, The War, its hands kept, a
    deck hit of 3 on P2 and the turn's end."""
    device.press("OK", 7)  # turn 1, and turn 2's roll
    game = device.state()["game"]
    assert game["turn"] == 2 and game["track"][0]["captured"] == 12 and game["track"][1]["rolls"], game
    while device.state()["screen"] != "menu":
        device.press("BACK")
    device.press("DOWN", 3)
    device.press("OK")  # New game
    device.press("DOWN", 7)
    device.press("OK")  # The War
    assert device.state()["screen"] == "confirm"  # the game before stays in History
    device.press("OK")
    device.press("OK")  # the hands kept
    device.press("UP")  # a deck hit, opening at 2
    device.press("UP")
    device.press("OK")
    device.press("OK")  # the turn ends: P2 draws 2
    assert device.state()["game"]["decks"] == {"P1": 52, "P2": 48}


def test_a_board_on_an_earlier_firmware_is_pulled_listed_told_and_exported_by_this_host(tmp_path: pathlib.Path) -> None:
    code = _earlier_firmware(tmp_path / "code")
    db = tmp_path / "games.sqlite3"
    with SimDevice(tmp_path / "flash.img", seed=5, timeout=300, code=code) as device:
        device.wait(500)
        _play_on_the_earlier_firmware(device)
        device.go_realtime()
        assert "0.5.0" in adjutant(device, db, "info").stdout  # the board's firmware, as it says it
        assert "pulled 2 new" in adjutant(device, db, "pull").stdout
        again = adjutant(device, db, "pull").stdout
        assert "pulled 0 new" in again or "nothing" in again.lower(), again
    listing = adjutant(device, db, "games").stdout.splitlines()
    assert "Great War" in listing[1] and "turn 2 of 10" in listing[1], listing
    assert "The War" in listing[2] and "decks 52-48" in listing[2], listing
    told = adjutant(device, db, "games", listing[2].split()[0]).stdout
    assert "P2's deck: 3" in told, told
    great_war, the_war = json.loads(adjutant(device, db, "export", "--format", "json").stdout)
    assert great_war["log"][0]["a"] == "new" and great_war["which_game"] == "the-great-war"
    assert great_war["turns"][0]["captured"] == 12 and great_war["over"] is False
    assert the_war["which_game"] == "the-war" and the_war["decks"] == {"P1": 52, "P2": 48}
    rows = list(csv.DictReader(io.StringIO(adjutant(device, db, "export", "--format", "csv").stdout)))
    assert rows and rows[0]["turn"] == "1", rows[:1]
    for form in ("md", "html"):
        report = tmp_path / f"report.{form}"
        adjutant(device, db, "export", "--format", form, "-o", str(report))
        assert "The War" in report.read_text()
