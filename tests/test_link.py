"""The serial link end to end: the `adjutant` CLI against the simulated board over its pty.

The unchanged firmware runs on MicroPython; a scripted game is played on it
through the buttons (fast, in simulated time), then the device switches to
the wall clock and the host talks to it as to a board on USB.
"""

from __future__ import annotations

import csv
import io
import json
import os
import pathlib
import random
import sqlite3
import subprocess
import sys

import pytest
import serial
from adjutant.errors import DeviceRestarted, NoDevice
from adjutant.link.client import Device
from adjutant.pull import pull
from adjutant.push_cards import push
from adjutant.sim.process import SimDevice
from adjutant.store import Store

from tests.cli_run import run_cli
from tests.firmware import full_game
from tests.firmware.full_game import expected_totals

REPO = pathlib.Path(__file__).resolve().parents[1]


def play(dev: SimDevice) -> None:
    assert full_game.play(dev.hold, lambda: dev.state()["game"]) == []


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory):
    """A device that has played the scripted full game, now on the wall clock."""
    tmp = tmp_path_factory.mktemp("link")
    with SimDevice(tmp / "flash.img", seed=3, timeout=600) as dev:
        dev.wait(300)
        play(dev)
        dev.go_realtime()
        yield dev


def adjutant(dev: SimDevice, db: pathlib.Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    return run_cli(*args, db=db, port=dev.serial_path, check=check)


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
    assert listing.splitlines()[1].endswith(f"{final['CP']}-{final['EA']}")  # the CP-EA column
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

    done = adjutant(played, db, "export", "--format", "bgstats", "--player", "CP=Anna")
    links = done.stdout.splitlines()
    assert len(links) == 1 and links[0].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert "Open each link on the phone with BG Stats" in done.stderr
    play_json = json.loads(parse_qs(urlsplit(links[0]).query)["data"][0])
    assert play_json == json.loads(
        adjutant(played, db, "export", "--format", "bgstats-json", "--player", "CP=Anna").stdout
    )
    # BG Stats' Android app errors on any missing boolean; bggId, when given, is a number
    assert play_json["game"]["highestWins"] is True and play_json["game"]["noPoints"] is False
    starts = {p["name"]: p["startPlayer"] for p in play_json["players"]}
    assert starts == {"Anna": True, "Entente Allies": False}  # CP, Anna, defends turn 1 (2.7) and plays first
    decided = abs(final["CP"] - final["EA"]) >= 10  # 3.5: a margin under 10 is a draw
    wins = [decided and final["CP"] > final["EA"], decided and final["EA"] > final["CP"]]
    assert [p["winner"] for p in play_json["players"]] == wins
    later = json.loads(adjutant(played, db, "export", "--format", "bgstats-json").stdout)
    assert [p["name"] for p in later["players"]] == ["Anna", "Entente Allies"]  # recorded for this game
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
    assert [p["name"] for p in play_json["players"]] == ["Anna", "Entente Allies"]
    assert [p["score"] for p in play_json["players"]] == [final["CP"], final["EA"]]  # numbers


def test_pulling_again_pulls_nothing_and_duplicates_nothing(played: SimDevice, tmp_path: pathlib.Path) -> None:
    db = tmp_path / "archive.sqlite3"
    adjutant(played, db, "pull")
    again = adjutant(played, db, "pull").stdout
    assert "pulled 0 new, 0 updated, 1 already stored" in again
    count = sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert count == 1
    listing = adjutant(played, db, "games").stdout.splitlines()
    assert listing[0].split() == ["GAME", "PLAYED", "NAME", "MODE", "RESULT", "CP-EA"] and len(listing) == 3
    # played before any host connected: dated from the device's uptime, and the list says so
    assert listing[1].split()[1].endswith("~") and listing[2].startswith("~: dated from the device's uptime")
    games = json.loads(adjutant(played, db, "games", "--json").stdout)
    assert [(g["game"], g["kind"], g["over"]) for g in games] == [("g0001", "basic", True)]
    assert games[0]["cp_total"] == expected_totals()["CP"]
    from importlib.metadata import version

    assert adjutant(played, db, "--version").stdout == f"adjutant {version('adjutant')}\n"


def test_bad_card_file_is_refused_with_file_line_and_field(played: SimDevice, tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("#version,v1\nid,name,deck,bp\nok,Fine,CP,3\nbad,,XX,300\n")
    done = adjutant(played, tmp_path / "db", "cards", "push", str(bad), check=False)
    assert done.returncode == 7
    assert f"{bad}:4: name:" in done.stderr and f"{bad}:4: deck:" in done.stderr


def test_the_device_refuses_card_data_that_fails_validation_and_keeps_the_old(played: SimDevice) -> None:
    device = Device(serial.Serial(played.serial_path, timeout=0.1))
    device.hello()
    before = device.info["cards"]
    with pytest.raises(Exception, match="card data rejected, old data kept"):
        push(device, json.dumps({"version": "x", "cards": [{"id": "a", "name": "A", "deck": "ZZ"}]}).encode())
    device.hello()
    assert device.info["cards"] == before
    device.port.close()


def test_no_device_and_a_busy_port_get_their_own_exit_codes(played: SimDevice, tmp_path: pathlib.Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "--port", str(tmp_path / "nope"), "info"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 3 and "no such port" in done.stderr
    holder = serial.Serial(played.serial_path, exclusive=True)
    try:
        busy = adjutant(played, tmp_path / "db", "info", check=False)
        assert busy.returncode == 4 and "busy" in busy.stderr
    finally:
        holder.close()


class FlakyPort:
    """A serial port whose cable comes out after `budget` bytes have crossed it."""

    def __init__(self, port: serial.Serial, budget: int):
        self.port = port
        self.budget = budget

    def _spend(self, n: int) -> None:
        self.budget -= n
        if self.budget < 0:
            self.port.close()
            raise serial.SerialException("the cable came out")

    def write(self, data: bytes) -> int:
        self._spend(len(data))
        return self.port.write(data)

    def read(self, n: int) -> bytes:
        data = self.port.read(n)
        self._spend(len(data))
        return data

    @property
    def in_waiting(self) -> int:
        return self.port.in_waiting

    def reset_input_buffer(self) -> None:
        self.port.reset_input_buffer()


def test_disconnects_at_random_points_lose_nothing_and_duplicate_nothing(
    played: SimDevice, tmp_path: pathlib.Path
) -> None:
    rng = random.Random(11)
    store = Store(tmp_path / "archive.sqlite3")
    cuts = resumed = 0
    for _attempt in range(80):
        port = serial.Serial(played.serial_path, timeout=0.05)
        # the whole pull is about 3 KB on the wire: every run is cut somewhere inside it
        device = Device(FlakyPort(port, rng.randrange(200, 1500)), timeout=1.0)
        try:
            device.hello()
            result = pull(device, store, chunk=200)  # small chunks: cuts fall between them too
            port.close()
            if not result.new and not result.updated:
                break
        except (serial.SerialException, NoDevice, DeviceRestarted):
            cuts += 1
            port.close()
            resumed += store.db.execute("SELECT COUNT(*) FROM partial WHERE records != ''").fetchone()[0]
            continue
    assert cuts >= 3, "the test should have cut the transfer several times"
    assert resumed, "some run should have stopped with records kept for the next"
    rows = store.db.execute("SELECT gid, sha, records FROM games").fetchall()
    assert len(rows) == 1
    gid, sha, records = rows[0]
    assert store.db.execute("SELECT COUNT(*) FROM partial").fetchone()[0] == 0
    device = Device(serial.Serial(played.serial_path, timeout=0.1))
    device.hello()
    listed = device.request("list")["games"]
    assert [(g["gid"], g["sha"], g["count"]) for g in listed] == [(gid, sha, records)]
    device.port.close()


def test_an_interrupted_card_push_resumes_from_where_it_stopped(played: SimDevice, tmp_path: pathlib.Path) -> None:
    rng = random.Random(5)
    cards = {
        "version": "big-1",
        "cards": [
            {"id": f"cp-{i}", "name": f"Card {rng.random():.12f}", "deck": "CP", "bp": i % 20} for i in range(300)
        ],
    }
    data = json.dumps(cards).encode()
    offsets = []
    for budget in (2500, 3000, 3500, 10**9):
        port = serial.Serial(played.serial_path, timeout=0.05)
        device = Device(FlakyPort(port, budget), timeout=1.0)
        try:
            device.hello()
            reply = push(device, data, start=lambda total, offset: offsets.append(offset))
            break
        except (serial.SerialException, NoDevice, DeviceRestarted):
            port.close()
    assert reply == {"cards": 300, "version": "big-1", "id": reply["id"], "st": 0, "_payload": b""}
    assert offsets[0] == 0 and offsets[-1] > 0, "the last run resumed past the start"
    assert offsets == sorted(offsets)


def test_ctrl_c_is_held_off_during_a_transfer_and_given_back_after(tmp_path: pathlib.Path) -> None:
    from shared_engine import frames

    with SimDevice(tmp_path / "flash.img", seed=2, timeout=120) as dev:
        dev.wait(300)
        start = len(dev.serial.output)
        dev.serial.send(frames.encode({"id": 1, "op": "list"}))
        dev.wait(50)
        dev.serial.wait_for(b"\n", start)
        game = frames.decode(bytes(dev.serial.output[start:]).split(b"\n")[0])[0]["games"][0]
        dev.serial.send(frames.encode({"id": 2, "op": "read", "gid": game["gid"], "sha": game["sha"], "from": 0}))
        dev.wait(50)
        dev.serial.send(b"\x03")  # mid-transfer: must not stop the firmware
        dev.wait(100)
        assert "main.py interrupted" not in dev.events
        dev.wait(6000)  # the transfer went quiet: Ctrl-C is the REPL's again
        dev.serial.send(b"\x03")
        dev.wait(100)
        assert "main.py interrupted" in dev.events
        dev.serial.wait_for(b"KeyboardInterrupt", start)  # the relay copies the traceback in its own time


def test_text_outside_frames_reaches_the_host_as_the_device_log() -> None:
    from shared_engine import frames

    class Wire:
        def __init__(self, data: bytes):
            self.data = data
            self.sent = b""

        def write(self, data: bytes) -> None:
            self.sent += data

        def read(self, n: int) -> bytes:
            out, self.data = self.data[:n], self.data[n:]
            return out

        in_waiting = 0

        def reset_input_buffer(self) -> None:
            pass

    reply = frames.encode({"id": 1, "st": 0, "proto": frames.PROTOCOL, "boot": "b"})
    wire = Wire(b"MPY: soft reboot\r\nboot log line\n" + b"noise" + reply)
    seen: list[str] = []
    device = Device(wire, on_text=seen.append, timeout=1)
    assert device.hello()["boot"] == "b"
    assert seen == ["MPY: soft reboot", "boot log line", "noise"]


def test_help_starts_without_loading_serial_sqlite_rich_or_matplotlib() -> None:
    code = (
        "import sys; from adjutant import cli; "
        "print(sorted(m for m in ('serial', 'sqlite3', 'rich', 'matplotlib') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert done.stdout.strip() == "[]"


class ScriptedWire:
    """A port that answers each request with the next prepared reply (id filled in)."""

    def __init__(self, replies: list[dict]):
        self.replies = replies
        self.pending = b""

    def write(self, data: bytes) -> None:
        from shared_engine import frames

        request, _ = frames.decode(data)
        reply = dict(self.replies.pop(0), id=request["id"])
        self.pending += frames.encode(reply)

    def read(self, n: int) -> bytes:
        out, self.pending = self.pending[:n], self.pending[n:]
        return out

    in_waiting = 0

    def reset_input_buffer(self) -> None:
        pass


def test_a_version_mismatch_and_a_restarted_device_get_clear_errors() -> None:
    from adjutant.errors import VersionMismatch

    from shared_engine import frames

    old = ScriptedWire([{"st": frames.VERSION, "proto": 0, "err": "protocol 2 asked, this device speaks 0"}])
    with pytest.raises(VersionMismatch, match="update the firmware"):
        Device(old, timeout=0.5).hello()
    # firmware of protocol 1 is still read: the host asks again in its protocol
    older = ScriptedWire(
        [
            {"st": frames.VERSION, "proto": 1, "err": "protocol 2 asked, this device speaks 1"},
            {"st": 0, "proto": 1, "boot": "b1"},
        ]
    )
    device = Device(older, timeout=0.5)
    assert device.hello()["boot"] == "b1" and device.proto == 1

    class Silent(ScriptedWire):
        def write(self, data: bytes) -> None:  # the device misses one request, then answers again
            if self.replies and self.replies[0] is None:
                self.replies.pop(0)
                return
            super().write(data)

    ok = {"st": 0, "proto": frames.PROTOCOL, "boot": "first"}
    wire = Silent([ok, None, dict(ok, boot="second")])
    device = Device(wire, timeout=0.3)
    device.hello()
    with pytest.raises(DeviceRestarted, match="restarted during the transfer"):
        device.request("list")


def test_a_pull_of_finished_games_marks_them_all_pulled_on_the_device(tmp_path: pathlib.Path) -> None:
    from adjutant.sim.process import micropython

    image = tmp_path / "flash.img"
    log = REPO / "tests/golden/basic_game.jsonl"
    seed = [micropython(), str(REPO / "bench/seed_flash.py"), str(REPO), str(image), "128", str(log), "3"]
    subprocess.run(seed, check=True, capture_output=True)
    with SimDevice(image, realtime=True, timeout=120) as dev:
        dev.wait(800)
        store = Store(tmp_path / "archive.sqlite3")
        device = Device(serial.Serial(dev.serial_path, timeout=0.05))
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
        device = Device(serial.Serial(dev.serial_path, timeout=0.05))
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
        device = Device(serial.Serial(dev.serial_path, timeout=0.05))
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

    from shared_engine.log import decode, encode_compact

    lines = path.read_text().splitlines()
    return hashlib.sha256("".join(encode_compact(decode(line)) + "\n" for line in lines).encode()).hexdigest()


def test_a_networked_board_works_through_a_pyserial_url(played: SimDevice, tmp_path: pathlib.Path) -> None:
    """socket://host:port reaches the board as its pty does: a TCP bridge stands in for a network board."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port_number = server.getsockname()[1]
    pty = serial.Serial(played.serial_path, timeout=0.01)

    def bridge() -> None:
        conn, _ = server.accept()
        conn.settimeout(0.01)
        while True:
            try:
                data = conn.recv(4096)
                if not data:
                    break
                pty.write(data)
            except TimeoutError:
                pass
            waiting = pty.read(4096)
            if waiting:
                conn.sendall(waiting)
        conn.close()

    thread = threading.Thread(target=bridge, daemon=True)
    thread.start()
    env = dict(os.environ, ADJUTANT_DB=str(tmp_path / "db"))
    done = subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "--port", f"socket://127.0.0.1:{port_number}", "info"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=REPO,
    )
    thread.join(timeout=5)
    pty.close()
    server.close()
    assert done.returncode == 0, done.stderr
    assert "firmware        0.5.0" in done.stdout


def test_devices_lists_a_running_simulator(played: SimDevice, tmp_path: pathlib.Path) -> None:
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    marker = tmp_path / "adjutant" / "sims" / str(os.getpid())
    marker.parent.mkdir(parents=True)
    marker.write_text(played.serial_path + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "devices"], capture_output=True, text=True, env=env, cwd=REPO
    )
    assert done.returncode == 0 and f"{played.serial_path}\t-\tAdjutant simulator" in done.stdout
    auto = subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "info"], capture_output=True, text=True, env=env, cwd=REPO
    )
    assert auto.returncode == 0 and "protocol" in auto.stdout, auto.stderr


def test_a_solitaire_game_is_pulled_and_exported_marked_as_solitaire(tmp_path: pathlib.Path) -> None:
    from adjutant.export import players
    from adjutant.export.bgstats import play
    from adjutant.export.tables import to_csv
    from adjutant.sim.scenario import run

    text = (REPO / "tests/scenarios/solitaire.scn").read_text().replace("screenshot docs/", f"screenshot {tmp_path}/")
    with SimDevice(tmp_path / "flash.img", seed=1, timeout=300) as dev:
        dev.wait(300)
        run(dev, text, REPO)
        dev.go_realtime()
        store = Store(tmp_path / "archive.sqlite3")
        device = Device(serial.Serial(dev.serial_path, timeout=0.05))
        device.hello()
        # the empty basic game the solitaire one replaced was removed, not archived
        assert pull(device, store).new == ["g0002"]
        device.port.close()
    solo = store.find("g0002")
    assert solo.solo == "EA" and solo.mode == "solitaire (EA)" and len(store.games()) == 1
    rows = list(csv.DictReader(io.StringIO(to_csv([solo]))))
    assert {r["mode"] for r in rows} == {"solitaire (EA)"} and len(rows) == 5
    assert '{"a":"ai","die":6' in solo.log and '"step":"s3"' in solo.log and '"step":"s11"' in solo.log
    store.set_players([solo], {"CP": "Anna"})  # a person recorded for the AI's side never takes it
    play_json = play(solo, players.of(store, solo))
    assert play_json["solo"] is True
    assert [p["name"] for p in play_json["players"]] == ["AI (Solitaire 3.3)", "Entente Allies"]  # CP is the AI


def test_a_long_scenario_state_fits_a_frame_with_its_recent_turns(tmp_path: pathlib.Path) -> None:
    from shared_engine import frames

    with SimDevice(tmp_path / "flash.img", seed=2, timeout=300) as dev:
        dev.wait(300)
        dev.press("BACK")  # menu: New game, scenario of 40 turns
        dev.press("DOWN", 3)
        dev.press("OK")
        dev.press("DOWN")
        dev.press("OK")  # turns
        dev.press("DOWN", 10)  # from 10 down past 1: wraps round to the 40-turn limit
        dev.press("OK")
        dev.press("DOWN", 2)
        dev.press("OK")  # start the scenario
        dev.press("OK")  # the 2.2-2.6 setup, read
        assert dev.state()["game"]["turns"] == 40
        turn = ["OK", "OK", "UP", "OK", "OK", "OK"]  # roll, round 1, attack, round 2, bonus, battle
        turn += ["OK", "UP", "OK", "OK", "UP", "OK", "OK", "OK"]  # CP 1-0, 1 BP captured (to the draw); flip
        for number in range(1, 25):
            for button in turn + (["OK"] if number == 5 else []):  # the turn-5 reshuffle screen
                dev.press(button)
        start = len(dev.serial.output)
        dev.serial.send(frames.encode({"id": 1, "op": "state"}))
        dev.wait(50)
        dev.serial.wait_for(b"\n", start)
        reply, _ = frames.decode(bytes(dev.serial.output[start:]).split(b"\n")[0])
        assert reply["st"] == 0, reply
        state = reply["state"]
        assert state["turn"] > 20 and state["track_from"] > 1
        assert state["track"][-1]["turn"] == state["turn"]


def test_a_game_that_moves_on_during_a_pull_is_left_for_the_next_and_the_rest_is_stored(
    tmp_path: pathlib.Path,
) -> None:
    import hashlib

    from adjutant.errors import DeviceRefused, InvalidData

    from shared_engine import frames
    from shared_engine.log import decode, encode_compact

    log = (REPO / "tests/golden/basic_game.jsonl").read_text()
    compact = "".join(encode_compact(decode(line)) + "\n" for line in log.splitlines()).encode()
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
