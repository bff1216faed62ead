"""Pulling games end to end: the `adjutant` CLI against the simulated board over its pty.

The unchanged firmware runs on MicroPython; a scripted game is played on it
through the buttons (fast, in simulated time), then the device switches to
the wall clock and the host talks to it as to a board on USB.
"""

import csv
import io
import json
import pathlib
import sqlite3
import subprocess

import pytest
import serial
from adjutant.link.client import DeviceLink
from adjutant.pull import pull
from adjutant.sim.process import SimDevice
from adjutant.store import Store

from bench.scripted_game import expected_totals
from tests.cli_run import run_cli
from tests.host.link_cli import adjutant

REPO = pathlib.Path(__file__).resolve().parents[2]


def test_push_cards_then_pull_the_game_and_export_it(played: SimDevice, tmp_path: pathlib.Path) -> None:
    db = tmp_path / "archive.sqlite3"
    cards = tmp_path / "cards.csv"
    cards.write_text(adjutant(played, db, "cards", "template").stdout)
    out = adjutant(played, db, "cards", "push", str(cards)).stdout
    rows = [line for line in cards.read_text().splitlines()[2:] if line]  # under the version and header rows
    assert f"my-cards-1 ({len(rows)} cards)" in out
    assert "my-cards-1" in adjutant(played, db, "info").stdout

    assert "pulled 1 new" in adjutant(played, db, "pull").stdout
    listing = adjutant(played, db, "games").stdout
    final = expected_totals()
    assert listing.splitlines()[1].endswith(f"{final['CP']}-{final['EA']}")  # the result, with both totals
    shown = adjutant(played, db, "games", "g0001").stdout
    assert "turn 10" in shown and f"CP {final['CP']}, EA {final['EA']}" in shown
    assert "phase over" in adjutant(played, db, "watch", "--once").stdout

    rows = list(csv.DictReader(io.StringIO(adjutant(played, db, "export", "--format", "csv").stdout)))
    assert [int(r["turn"]) for r in rows] == list(range(1, 11))
    assert int(rows[-1]["cp_total"]) == final["CP"] and int(rows[-1]["ea_total"]) == final["EA"]

    exported = json.loads(adjutant(played, db, "export", "--format", "json").stdout)
    assert exported[0]["log"][0]["a"] == "new" and len(exported[0]["turns"]) == 10

    report = tmp_path / "report.md"
    adjutant(played, db, "export", "--format", "md", "-o", str(report))
    chart = tmp_path / "report-g0001.png"
    assert chart.read_bytes().startswith(b"\x89PNG") and "report-g0001.png" in report.read_text()
    page = tmp_path / "report.html"
    adjutant(played, db, "export", "--format", "html", "-o", str(page))
    assert '<figure class="chart"><svg' in page.read_text()  # the chart inside the page
    assert adjutant(played, db, "export", "--format", "html").stdout == page.read_text()  # stdout: the same page

    from urllib.parse import parse_qs, urlsplit

    done = adjutant(played, db, "export", "--format", "bgstats", "--player", "CP=Anna", "--player", "EA=Eve")
    links = done.stdout.splitlines()
    assert len(links) == 1 and links[0].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert "Open each link on the phone with BG Stats" in done.stderr
    play_json = json.loads(parse_qs(urlsplit(links[0]).query)["data"][0])
    assert play_json == json.loads(
        adjutant(played, db, "export", "--format", "bgstats-json", "--player", "CP=Anna", "--player", "EA=Eve").stdout
    )
    # BG Stats' Android app errors on any missing boolean; bggId, when given, is a number
    assert play_json["game"]["highestWins"] is True and play_json["game"]["noPoints"] is False
    starts = {p["name"]: p["startPlayer"] for p in play_json["players"]}
    assert starts == {"Anna": True, "Eve": False}  # CP, Anna, defends turn 1 (2.7) and plays first
    decided = abs(final["CP"] - final["EA"]) >= 10  # 3.5: a margin under 10 is a draw
    wins = [decided and final["CP"] > final["EA"], decided and final["EA"] > final["CP"]]
    assert [p["winner"] for p in play_json["players"]] == wins
    later = json.loads(adjutant(played, db, "export", "--format", "bgstats-json").stdout)
    assert [p["name"] for p in later["players"]] == ["Anna", "Eve"]  # recorded for this game
    swapped = json.loads(
        adjutant(played, db, "export", "--format", "bgstats-json", "--player", "EA=Anna", "--player", "CP=Ben").stdout
    )
    ids = {p["name"]: p["sourcePlayerId"] for p in swapped["players"]}
    assert ids == {"Ben": "adjutant-ben", "Anna": "adjutant-anna"}  # the same person on the other side
    assert "bggId" not in swapped["game"]  # no id is invented
    given = json.loads(adjutant(played, db, "export", "--format", "bgstats-json", "--bgg-id", "12345").stdout)
    again = json.loads(adjutant(played, db, "export", "--format", "bgstats-json").stdout)
    assert given["game"]["bggId"] == again["game"]["bggId"] == 12345  # remembered
    qr_dir = str(tmp_path / "qr")  # a terminal wide enough for the code (at 80 columns: the PNG, see test_export_cells)
    qr = run_cli("export", "--format", "bgstats", "--qr", qr_dir, db=db, port=played.serial_path, COLUMNS="140")
    import segno

    png = tmp_path / "qr" / "bgstats-g0001.png"
    assert png.read_bytes().startswith(b"\x89PNG") and "scan with the phone's camera" in qr.stderr
    wanted = tmp_path / "wanted.png"
    segno.make(qr.stdout.strip(), error="l").save(wanted, scale=4, border=4)
    assert png.read_bytes() == wanted.read_bytes()  # the code holds the very link printed
    assert play_json["sourceName"] == "Adjutant"
    assert [p["name"] for p in play_json["players"]] == ["Anna", "Eve"]
    assert [p["score"] for p in play_json["players"]] == [final["CP"], final["EA"]]  # numbers


def test_pulling_again_pulls_nothing_and_duplicates_nothing(played: SimDevice, tmp_path: pathlib.Path) -> None:
    db = tmp_path / "archive.sqlite3"
    adjutant(played, db, "pull")
    again = adjutant(played, db, "pull").stdout
    assert "pulled 0 new, 0 updated, 1 already stored" in again
    count = sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert count == 1
    listing = adjutant(played, db, "games").stdout.splitlines()
    assert listing[0].split() == ["ID", "PLAYED", "GAME", "MODE", "RESULT"] and len(listing) == 3
    # played before any host connected: dated from the device's uptime, and the list says so
    assert listing[1].split()[1].endswith("~") and listing[2].startswith("~: dated from the device's uptime")
    games = json.loads(adjutant(played, db, "games", "--json").stdout)
    assert [(g["game"], g["kind"], g["over"]) for g in games] == [("g0001", "basic", True)]
    assert games[0]["cp_total"] == expected_totals()["CP"]
    from importlib.metadata import version

    assert adjutant(played, db, "--version").stdout == f"adjutant {version('adjutant')}\n"


def test_a_pull_of_finished_games_marks_them_all_pulled_on_the_device(tmp_path: pathlib.Path) -> None:
    from adjutant.sim.process import micropython

    image = tmp_path / "flash.img"
    log = REPO / "tests/golden/basic_game.jsonl"
    seed = [micropython(), str(REPO / "bench/seed_flash.py"), str(REPO), str(image), "128", str(log), "3"]
    subprocess.run(seed, check=True, capture_output=True)
    with SimDevice(image, realtime=True, timeout=120) as dev:
        dev.wait(800)
        store = Store(tmp_path / "archive.sqlite3")
        device = DeviceLink(serial.Serial(dev.serial_path, timeout=0.05))
        device.hello()
        result = pull(device, store)
        assert result.new == ["g0001", "g0002", "g0003"]
        listed = device.request("list")["games"]
        assert [g["pulled"] for g in listed] == [True, True, True]
        assert store.unacked(device.info["dev"]) == []
        assert {g.sha for g in store.games()} == {sent_sha(log)}  # of the records as they travelled
        assert {g.log for g in store.games()} == {log.read_text()}  # the archive keeps the canonical log
        device.port.close()


def _seeded(tmp_path: pathlib.Path, games: int = 3) -> pathlib.Path:
    from adjutant.sim.process import micropython

    image = tmp_path / "flash.img"
    log = REPO / "tests/golden/basic_game.jsonl"
    seed = [micropython(), str(REPO / "bench/seed_flash.py"), str(REPO), str(image), "128", str(log), str(games)]
    subprocess.run(seed, check=True, capture_output=True)
    return image


def test_pull_dedup_layer_1_the_device_lists_only_what_follows_the_archives_cursor(tmp_path: pathlib.Path) -> None:
    """The device's cursor alone: no archive check behind it."""
    from adjutant.pull import listing

    with SimDevice(_seeded(tmp_path), realtime=True, timeout=120) as dev:
        dev.wait(800)
        device = DeviceLink(serial.Serial(dev.serial_path, timeout=0.05))
        device.hello()
        everything = listing(device, None, None, [])
        assert [g["gid"] for g in everything] == ["g0001", "g0002", "g0003"]
        second = everything[1]
        after = listing(device, second["gid"], second["sha"], [])
        assert [g["gid"] for g in after] == ["g0003"]  # nothing at or before the cursor comes again
        grown = listing(device, second["gid"], "0" * 64, [])  # the cursor's game changed since: sent again
        assert [g["gid"] for g in grown] == ["g0002", "g0003"]
        assert listing(device, everything[-1]["gid"], everything[-1]["sha"], []) == []
        device.port.close()


def test_pull_dedup_layer_2_the_archive_skips_what_it_holds_when_the_device_lists_it_all(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The archive's check alone: the cursor is withheld, so the device lists every game again."""
    with SimDevice(_seeded(tmp_path), realtime=True, timeout=120) as dev:
        dev.wait(800)
        store = Store(tmp_path / "archive.sqlite3")
        device = DeviceLink(serial.Serial(dev.serial_path, timeout=0.05))
        device.hello()
        assert pull(device, store).new == ["g0001", "g0002", "g0003"]
        monkeypatch.setattr(Store, "cursor", lambda self, dev: (None, None))
        reads = []
        post = device.post
        monkeypatch.setattr(device, "post", lambda op, *a: reads.append(op) or post(op, *a))
        again = pull(device, store)
        assert again.unchanged == 3 and again.new == [] and again.updated == []
        assert "read" not in reads  # nothing fetched again
        assert len(store.games()) == 3
        device.port.close()


def sent_sha(path: pathlib.Path) -> str:
    """The sha256 a device gives a game (protocol 2): of its compact records, a line each."""
    import hashlib

    from shared_engine.log import encode_compact, numbered_actions

    actions = numbered_actions(path.read_text())
    return hashlib.sha256("".join(encode_compact(a) + "\n" for _, a in actions).encode()).hexdigest()


def test_a_solitaire_game_is_pulled_and_exported_marked_as_solitaire(tmp_path: pathlib.Path) -> None:
    from adjutant.export import players
    from adjutant.export.bgstats import play
    from adjutant.export.tables import to_csv
    from adjutant.games.desks import of
    from adjutant.sim.scenario import run

    text = (REPO / "tests/scenarios/solitaire.scn").read_text().replace("screenshot docs/", f"screenshot {tmp_path}/")
    with SimDevice(tmp_path / "flash.img", seed=1, timeout=300) as dev:
        dev.wait(300)
        run(dev, text, REPO)
        dev.go_realtime()
        store = Store(tmp_path / "archive.sqlite3")
        device = DeviceLink(serial.Serial(dev.serial_path, timeout=0.05))
        device.hello()
        # the empty basic game the solitaire one replaced was removed, not archived
        assert pull(device, store).new == ["g0002"]
        device.port.close()
    solo = store.find("g0002")
    assert of(solo).mode(solo) == "solitaire (EA)" and of(solo).variant(solo) == "solitaire" and len(store.games()) == 1
    rows = list(csv.DictReader(io.StringIO(to_csv([solo]))))
    assert {r["mode"] for r in rows} == {"solitaire (EA)"} and len(rows) == 5
    assert '{"a":"ai","die":6' in solo.log and '"step":"s3"' in solo.log and '"step":"s11"' in solo.log
    store.set_players([solo], {"CP": "Anna"})  # a person recorded for the AI's side never takes it
    play_json = play(solo, players.named(store, solo))
    assert play_json["solo"] is True
    assert [p["name"] for p in play_json["players"]] == ["AI (Solitaire 3.3)", "Entente Allies"]  # CP is the AI


def test_a_game_that_moves_on_during_a_pull_is_left_for_the_next_and_the_rest_is_stored(
    tmp_path: pathlib.Path,
) -> None:
    import hashlib

    from adjutant.errors import DeviceRefused, InvalidData

    from shared_engine import frames
    from shared_engine.log import encode_compact, numbered_actions

    log = (REPO / "tests/golden/basic_game.jsonl").read_text()
    compact = "".join(encode_compact(a) + "\n" for _, a in numbered_actions(log)).encode()
    count = len(log.splitlines())
    sha = hashlib.sha256(log.encode()).hexdigest()

    class Fake:
        """A device of protocol 1 (firmware 0.4): its digests are of the canonical log."""

        wire_in = wire_out = 0
        proto = 1

        def __init__(self) -> None:
            self.info = {"dev": "fake-1", "board": "pico", "fw": "0.4.0", "caps": []}
            self.acked: list = []

        def ask(self, op: str, fields: dict) -> dict:
            if op == "list":
                games = [
                    {"gid": g, "sha": sha, "count": count, "size": len(log), "over": True} for g in ("g0001", "g0002")
                ]
                return {"games": games, "more": False}
            self.acked += fields["games"]
            return {"acked": len(fields["games"])}

        def post(self, op: str, fields: dict) -> str:
            return fields["gid"]

        def reply_to(self, gid: str) -> dict:
            if gid == "g0002":
                raise DeviceRefused(frames.CHANGED, "device: changed: the game changed")
            return {"from": 0, "count": count, "z": 0, "_payload": compact}

    store = Store(tmp_path / "archive.sqlite3")
    fake = Fake()
    result = pull(fake, store)  # type: ignore[arg-type]
    assert result.new == ["g0001"] and result.moved_on == ["g0002"]
    assert [g.gid for g in store.games()] == ["g0001"] and fake.acked == [["g0001", sha]]

    # The same device after a firmware update (protocol 2) lists the games under the digest of
    # their compact records: the game already archived is recognised, not counted as updated.
    fake = Fake()
    fake.proto = 2
    sha = hashlib.sha256(compact).hexdigest()
    again = pull(fake, store)  # type: ignore[arg-type]
    assert again.new == [] and again.updated == [] and again.unchanged == 1 and again.moved_on == ["g0002"]
    assert fake.acked == [["g0001", sha]] and [g.sha for g in store.games()] == [sha]
    # and records that do not match their digest are refused, and nothing is stored
    fake = Fake()
    fake.proto = 2
    sha = "0" * 64
    with pytest.raises(InvalidData, match="sha256 does not match"):
        pull(fake, store)  # type: ignore[arg-type]


def test_a_game_that_moved_on_during_a_pull_is_not_passed_by_the_cursor_and_the_next_pull_takes_it(
    tmp_path: pathlib.Path,
) -> None:
    """The archive's cursor (the newest game it holds) lets a pull list only what follows it. A
    game that moved on while being read (g0001, on the table) with a later one stored (g0002):
    the cursor must not pass g0001, or no later pull would list it."""
    import hashlib

    from adjutant.errors import DeviceRefused

    from shared_engine import frames
    from shared_engine.log import encode_compact, numbered_actions

    log = (REPO / "tests/golden/basic_game.jsonl").read_text()
    compact = "".join(encode_compact(a) + "\n" for _, a in numbered_actions(log)).encode()
    sha = hashlib.sha256(compact).hexdigest()
    count = len(log.splitlines())

    class Device:
        """Protocol 2: lists the games after the cursor it is given; g0001 changes while read once."""

        wire_in = wire_out = 0
        proto = 2

        def __init__(self, moving: bool) -> None:
            self.info = {"dev": "fake-2", "board": "pico", "fw": "0.5.0", "caps": []}
            self.moving = moving
            self.asked_after: list = []

        def ask(self, op: str, fields: dict) -> dict:
            if op == "list":
                self.asked_after.append(fields["after"])
                games = [g for g in ("g0001", "g0002") if fields["after"] is None or g > fields["after"]]
                return {"games": [{"gid": g, "sha": sha, "count": count, "size": len(compact)} for g in games]}
            return {"acked": len(fields["games"])}

        def post(self, op: str, fields: dict) -> str:
            return fields["gid"]

        def reply_to(self, gid: str) -> dict:
            if gid == "g0001" and self.moving:
                raise DeviceRefused(frames.CHANGED, "device: changed: the game changed")
            return {"from": 0, "count": count, "z": 0, "_payload": compact}

    store = Store(tmp_path / "archive.sqlite3")
    first = pull(Device(moving=True), store)  # type: ignore[arg-type]
    assert first.new == ["g0002"] and first.moved_on == ["g0001"]
    assert store.cursor("fake-2") == (None, None)  # not at g0002, past the game still to pull
    device = Device(moving=False)
    again = pull(device, store)  # type: ignore[arg-type]
    assert device.asked_after == [None] and again.new == ["g0001"], (device.asked_after, again)
    assert sorted(g.gid for g in store.games()) == ["g0001", "g0002"]


def test_bgstats_refuses_a_game_not_yet_finished_and_says_so(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=1, realtime=True, timeout=120) as dev:
        dev.wait(500)
        dev.press("OK")  # a game under way: the d6 rolled
        db = tmp_path / "archive.sqlite3"
        adjutant(dev, db, "pull")
        done = adjutant(dev, db, "export", "--format", "bgstats", check=False)
    assert done.returncode == 1 and done.stdout == ""
    assert "is not finished: BG Stats records finished plays only; skipped" in done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        "adjutant: no finished game to export: finish the game on the device, then pull"
    )


def test_a_game_that_moved_on_since_the_last_pull_is_updated_and_not_also_already_stored(
    tmp_path: pathlib.Path,
) -> None:
    with SimDevice(tmp_path / "flash.img", seed=3) as dev:
        dev.wait(300)
        dev.go_realtime()
        db = tmp_path / "archive.sqlite3"
        assert "pulled 1 new, 0 updated, 0 already stored (g0001)" in adjutant(dev, db, "pull").stdout
        while dev.state()["game"]["phase"] == "re":  # past the setup guide, the RE d6 rolled, then on
            dev.press("OK")
        assert "pulled 0 new, 1 updated, 0 already stored (g0001)" in adjutant(dev, db, "pull").stdout
        assert "pulled 0 new, 0 updated, 1 already stored;" in adjutant(dev, db, "pull").stdout


def test_a_game_left_after_a_host_said_hello_before_its_first_press_is_pulled_whole(tmp_path: pathlib.Path) -> None:
    """A host connects (its clock dates the game), the table plays a press, then begins another
    game: the game left is listed and pulled with its actions, never "moved on" for good."""
    db = tmp_path / "archive.sqlite3"
    with SimDevice(tmp_path / "flash.img", fresh=True, seed=3, realtime=True, timeout=300) as dev:
        dev.wait(800)
        assert run_cli("info", db=db, port=dev.serial_path).returncode == 0
        dev.press("OK")  # the Random Event d6: the game is worth keeping
        dev.press("BACK")
        while dev.state()["screen"] != "mat":
            dev.press("BACK")
        dev.press("BACK")  # the menu: New game, The War (9 rows up from the first)
        dev.press("DOWN", 3)
        dev.press("OK")
        dev.press("UP", 9)
        dev.press("OK")
        dev.press("OK")  # yes: the game before stays
        assert dev.state()["screen"] == "war-mat", dev.shown()
        done = run_cli("pull", db=db, port=dev.serial_path)
        assert "pulled 2 new" in done.stdout and "moved on" not in done.stdout, done.stdout
    store = Store(db, readonly=True)
    left = store.find("g0001")
    assert left is not None and '"a":"roll"' in left.log, left
    store.close()
