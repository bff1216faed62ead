"""When a game was played, as BG Stats and the archive show it.

A board's clock starts over at every boot, so the host sets it at every
connection and each game records its start and end. These tests play on the
simulated board in its simulated time, with a host connecting at chosen
moments, and read the dates the way a user does: `adjutant export --format
bgstats-json` and `adjutant games --json`, in a time zone far from UTC.
"""

from __future__ import annotations

import datetime
import json
import os
import pathlib
import subprocess
import sys
import threading
import time

from adjutant.link.client import connect
from adjutant.sim.process import SimDevice

from bench import scripted_game
from tests.cli_run import run_cli

REPO = pathlib.Path(__file__).resolve().parents[2]
ZONE = "XYZ-05:30"  # POSIX: UTC+05:30, no tz database needed
OFFSET = datetime.timezone(datetime.timedelta(hours=5, minutes=30))


NAMED = ("--player", "CP=Anna", "--player", "EA=Ben")  # BG Stats is given no made-up player


def adjutant(dev: SimDevice, db: pathlib.Path, *args: str) -> str:
    return run_cli(*args, db=db, port=dev.serial_path, TZ=ZONE).stdout


def host_connects(dev: SimDevice) -> float:
    """A host says hello while the device runs in simulated time; returns the wall time it sent."""
    sent: list[float] = []

    def host() -> None:
        device = connect(dev.serial_path)
        sent.append(time.time())
        device.port.close()

    thread = threading.Thread(target=host)
    thread.start()
    while thread.is_alive():
        dev.wait(20)
    thread.join()
    assert sent, "the device did not answer the host"
    return sent[0]


def new_basic_game(dev: SimDevice) -> None:
    dev.press("BACK")  # the menu
    dev.press("DOWN", 3)
    dev.press("OK")  # New game
    assert dev.shown().startswith("New game")
    dev.press("OK")  # Basic game
    assert dev.shown().startswith("Setup 2.0")
    dev.press("OK")  # the setup read: on the mat, turn 1
    assert "T1/10" in dev.shown()


def play_full_game(dev: SimDevice, think_ms: int = 55_000) -> None:
    """The scripted game, with the players thinking `think_ms` over each turn (under the screen's sleep)."""

    def press(button: str, ms: int) -> None:
        dev.hold(button, ms)

    def each_turn() -> dict:
        game = dev.state()["game"]
        dev.wait(think_ms)
        return game

    assert scripted_game.play(press, each_turn) == []


def end_at_once(dev: SimDevice) -> None:
    """3.4 from the menu: CP cannot draw a Nationality card; both hands hold no BP."""
    while dev.state()["screen"] != "menu":  # from the d6 screen, BACK goes to the mat first
        dev.press("BACK")
    dev.press("UP")  # from the top round to the menu's last row: End game 3.4
    dev.press("OK")
    assert dev.shown().startswith("No Nat card 3.4")
    dev.press("OK")  # CP cannot draw
    dev.press("OK")  # yes, end now
    dev.press("OK")
    dev.press("OK")  # both hands: 0 BP
    assert dev.state()["game"]["phase"] == "over", dev.shown()


def local(epoch: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(epoch, OFFSET)


def play_date(text: str) -> datetime.datetime:
    return datetime.datetime.strptime(text, "%Y-%m-%d %H:%M:%S").replace(tzinfo=OFFSET)


def test_a_game_begun_after_the_host_set_the_clock_is_dated_by_it(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=3, timeout=600) as dev:
        dev.wait(300)
        wall = host_connects(dev)
        hello_at = dev.now
        new_basic_game(dev)
        dev.wait(50_000)  # the players deal their cards (2.2-2.6): the game is made, not yet begun
        begun = dev.now  # the next press rolls the turn-1 d6: play begins
        play_full_game(dev)
        ended = dev.now
        dev.go_realtime()
        db = tmp_path / "archive.sqlite3"
        adjutant(dev, db, "pull")
        play = json.loads(adjutant(dev, db, "export", "--format", "bgstats-json", *NAMED))
    # The device's clock ran in simulated time from the hello: play began that long after it.
    start = local(wall + (begun - hello_at) / 1000)
    assert abs((play_date(play["playDate"]) - start).total_seconds()) <= 2
    assert play["durationMin"] == round((ended - begun) / 60000)
    assert play["durationMin"] >= 10  # ten turns of a minute's thought each
    assert "Played " + start.strftime("%Y-%m-%d") in play["comments"] and "(UTC+05:30)" in play["comments"]
    assert "estimated" not in play["comments"]


def test_a_game_played_before_any_connection_is_dated_from_the_uptime_and_marked(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=3, timeout=600) as dev:
        dev.wait(50_000)  # the game made at boot waits while the players deal
        dev.press("OK")  # roll the turn-1 d6: play begins
        played_from = dev.now
        play_full_game_from_roll(dev)
        ended = dev.now
        dev.go_realtime()
        switched, switched_at = time.time(), dev.now
        db = tmp_path / "archive.sqlite3"
        adjutant(dev, db, "pull")
        play = json.loads(adjutant(dev, db, "export", "--format", "bgstats-json", *NAMED))
        listed = json.loads(adjutant(dev, db, "games", "--json"))
    # Play began at the roll, before any host connected: dated back from the device's clock.
    began = switched - (switched_at - played_from) / 1000
    assert abs((play_date(play["playDate"]) - local(began)).total_seconds()) <= 2
    assert play["durationMin"] == round((ended - played_from) / 60000)
    assert "times estimated from the device's uptime" in play["comments"]
    assert listed[0]["estimated"] is True and listed[0]["started"].endswith("+05:30")


def play_full_game_from_roll(dev: SimDevice) -> None:
    """The scripted game, its first press (the roll) already made."""
    presses = scripted_game.events()
    assert presses[0] == scripted_game.OK
    for button, ms in presses[1:]:
        dev.hold(button, ms)
    assert dev.state()["game"]["phase"] == "over"


def test_a_game_from_before_a_restart_cannot_be_dated_and_says_so(tmp_path: pathlib.Path) -> None:
    flash = tmp_path / "flash.img"
    with SimDevice(flash, seed=3, timeout=600) as dev:
        dev.wait(300)
        dev.press("OK")  # roll the turn-1 d6 and go on: something played, so the game is kept
        end_at_once(dev)
    with SimDevice(flash, seed=4, timeout=600) as dev:  # a new boot: its clock starts over
        dev.wait(300)
        dev.go_realtime()
        db = tmp_path / "archive.sqlite3"
        before = time.time()
        adjutant(dev, db, "pull")
        play = json.loads(adjutant(dev, db, "export", "--format", "bgstats-json", *NAMED))
    assert "durationMin" not in play
    assert "when it was played is not known" in play["comments"]
    assert abs((play_date(play["playDate"]) - local(before)).total_seconds()) <= 5  # the pull's date


def test_the_dates_survive_a_restart_and_a_later_pull(tmp_path: pathlib.Path) -> None:
    flash = tmp_path / "flash.img"
    db = tmp_path / "archive.sqlite3"
    with SimDevice(flash, seed=3, timeout=600) as dev:
        dev.wait(300)
        dev.press("OK")  # the turn-1 roll of the game made at boot, before any host
        dev.go_realtime()
        adjutant(dev, db, "pull")
        first = json.loads(adjutant(dev, db, "games", "--json"))
    with SimDevice(flash, seed=4, timeout=600) as dev:  # restarted: the game goes on, and ends
        dev.wait(300)
        end_at_once(dev)
        dev.go_realtime()
        adjutant(dev, db, "pull")
        later = json.loads(adjutant(dev, db, "games", "--json"))
    assert first[0]["started"] and later[0]["started"] == first[0]["started"]
    assert later[0]["over"] and later[0]["estimated"] is True


OLD_SCHEMA = """
CREATE TABLE games (dev TEXT NOT NULL, gid TEXT NOT NULL, sha TEXT NOT NULL, log TEXT NOT NULL,
    records INTEGER NOT NULL, over INTEGER NOT NULL, name TEXT, winner TEXT, margin INTEGER, level TEXT,
    cp INTEGER, ea INTEGER, pulled_at TEXT NOT NULL, PRIMARY KEY (dev, gid));
"""


def test_an_archive_from_before_dates_opens_and_lists_its_games_by_their_pull(tmp_path: pathlib.Path) -> None:
    import sqlite3

    db = tmp_path / "old.sqlite3"
    con = sqlite3.connect(db)
    con.executescript(OLD_SCHEMA)
    log = '{"a":"new","first":"CP","name":"Basic game","turns":10,"v":1}\n'
    con.execute(
        "INSERT INTO games VALUES ('dev1','g0001','sha',?,1,0,'Basic game',NULL,NULL,NULL,NULL,NULL,?)",
        (log, "2026-11-20T18:00:00+0000"),
    )
    con.commit()
    con.close()
    env = dict(os.environ, ADJUTANT_DB=str(db), TZ=ZONE)

    def run(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "adjutant.cli", *args], capture_output=True, text=True, env=env)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        return done.stdout

    db.chmod(0o444)  # read-only first: nothing may be added to it
    listed = json.loads(run("games", "--json"))
    assert listed[0]["started"] is None and listed[0]["estimated"] is True
    assert "2026-11-20" not in run("games").splitlines()[1].split()[1]  # "?": not dated
    db.chmod(0o644)
    from adjutant.store import Store

    Store(db).close()  # opened for writing, as pull does: the new columns are added, empty
    assert json.loads(run("games", "--json")) == listed
    assert "when it was played is not known" in run("games", "g0001")
