"""The serial connection end to end: ports, frames amid the REPL's text, Ctrl-C, versions.

The unchanged firmware runs on MicroPython; a scripted game is played on it
through the buttons (fast, in simulated time), then the device switches to
the wall clock and the host talks to it as to a board on USB.
"""

import os
import pathlib
import random
import subprocess
import sys

import pytest
import serial
from adjutant.errors import DeviceRestarted, NoDevice
from adjutant.link.client import DeviceLink
from adjutant.pull import pull
from adjutant.sim.process import SimDevice
from adjutant.store import Store

from tests.host.link_cli import FlakyPort, ScriptedWire, adjutant

REPO = pathlib.Path(__file__).resolve().parents[2]


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


def test_disconnects_at_random_points_lose_nothing_and_duplicate_nothing(
    played: SimDevice, tmp_path: pathlib.Path
) -> None:
    rng = random.Random(11)
    store = Store(tmp_path / "archive.sqlite3")
    cuts = resumed = 0
    for _attempt in range(80):
        port = serial.Serial(played.serial_path, timeout=0.05)
        # the whole pull is about 3 KB on the wire: every run is cut somewhere inside it
        device = DeviceLink(FlakyPort(port, rng.randrange(200, 1500)), timeout=1.0)
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
    device = DeviceLink(serial.Serial(played.serial_path, timeout=0.1))
    device.hello()
    listed = device.request("list")["games"]
    assert [(g["gid"], g["sha"], g["count"]) for g in listed] == [(gid, sha, records)]
    device.port.close()


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
    device = DeviceLink(wire, on_text=seen.append, timeout=1)
    assert device.hello()["boot"] == "b"
    assert seen == ["MPY: soft reboot", "boot log line", "noise"]


def test_help_starts_without_loading_serial_sqlite_rich_or_matplotlib() -> None:
    code = (
        "import sys; from adjutant import cli; "
        "print(sorted(m for m in ('serial', 'sqlite3', 'rich', 'matplotlib') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert done.stdout.strip() == "[]"


def test_a_version_mismatch_and_a_restarted_device_get_clear_errors() -> None:
    from adjutant.errors import VersionMismatch

    from shared_engine import frames

    old = ScriptedWire([{"st": frames.VERSION, "proto": 0, "err": "protocol 2 asked, this device speaks 0"}])
    with pytest.raises(VersionMismatch, match="update the firmware"):
        DeviceLink(old, timeout=0.5).hello()
    # firmware of protocol 1 is still read: the host asks again in its protocol
    older = ScriptedWire(
        [
            {"st": frames.VERSION, "proto": 1, "err": "protocol 2 asked, this device speaks 1"},
            {"st": 0, "proto": 1, "boot": "b1"},
        ]
    )
    device = DeviceLink(older, timeout=0.5)
    assert device.hello()["boot"] == "b1" and device.proto == 1

    class Silent(ScriptedWire):
        def write(self, data: bytes) -> None:  # the device misses one request, then answers again
            if self.replies and self.replies[0] is None:
                self.replies.pop(0)
                return
            super().write(data)

    ok = {"st": 0, "proto": frames.PROTOCOL, "boot": "first"}
    wire = Silent([ok, None, dict(ok, boot="second")])
    device = DeviceLink(wire, timeout=0.3)
    device.hello()
    with pytest.raises(DeviceRestarted, match="restarted during the transfer"):
        device.request("list")


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


def test_a_long_scenario_state_fits_a_frame_with_its_recent_turns(tmp_path: pathlib.Path) -> None:
    from shared_engine import frames

    with SimDevice(tmp_path / "flash.img", seed=2, timeout=300) as dev:
        dev.wait(300)
        dev.press("BACK")  # menu: New game, scenario of 40 turns
        dev.press("DOWN", 3)
        dev.press("OK")
        dev.press("DOWN")
        dev.press("OK")  # turns
        dev.press("UP", 30)  # from 10 up to the 40-turn limit
        dev.press("OK")
        dev.press("DOWN", 2)
        dev.press("OK")  # start the scenario
        dev.press("OK")  # the 2.2-2.6 setup, read
        assert dev.state()["game"]["turns"] == 40
        turn = ["OK", "OK", "UP", "OK", "OK", "OK"]  # roll, round 1, attack, round 2, bonus, battle
        turn += ["OK", "UP", "OK", "OK", "UP", "OK", "OK"]  # CP 1-0, 1 BP captured: the turn ends
        for number in range(1, 25):
            for button in turn + (["OK", "OK"] if number == 5 else []):  # turn 5's reshuffle, then its flip
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
