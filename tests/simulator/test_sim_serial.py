"""The simulated board's USB serial port: a pty that mpremote opens as a real board.

Ctrl-C stops main.py and leaves the REPL (friendly, raw and raw-paste, as
MicroPython's pyexec.c), a soft reset runs main.py again, and the watchdog
the firmware started keeps running in the REPL, as on an RP2040.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

from adjutant.sim.process import SimDevice

MPREMOTE = pathlib.Path(sys.executable).parent / "mpremote"


def _interrupt(dev: SimDevice) -> int:
    start = len(dev.serial.output)
    dev.serial.send(b"\r\x03")
    dev.wait(50)
    return dev.serial.wait_for(b">>> ", start)


def test_ctrl_c_stops_the_firmware_and_leaves_the_friendly_repl(dev: SimDevice) -> None:
    assert dev.state()["screen"] == "mat"
    at = _interrupt(dev)
    assert b"KeyboardInterrupt" in dev.serial.output
    assert b'Type "help()"' in dev.serial.output
    assert dev.state() == {"screen": None}  # no firmware to ask: and no frame typed into the REPL
    assert b"~" not in dev.serial.output[at:]
    dev.serial.send(b"6 * 7\r")
    dev.wait(50)
    dev.serial.wait_for(b"6 * 7\r\n42\n>>> ", at)
    # the buttons do nothing now: the firmware is not running
    before = dev.i2c_bytes
    dev.press("OK")
    assert dev.i2c_bytes == before


def test_raw_repl_runs_code_with_the_flash_as_working_directory(dev: SimDevice) -> None:
    at = _interrupt(dev)
    dev.serial.send(b"\x01")
    dev.wait(20)
    at = dev.serial.wait_for(b"raw REPL; CTRL-B to exit\r\n>", at)
    dev.serial.send(b"import os\nprint(os.getcwd(), sorted(os.listdir()))\x04")
    dev.wait(20)
    end = dev.serial.wait_for(b"\x04>", at)
    reply = bytes(dev.serial.output[at:end])
    assert reply.startswith(b"OK/flash [") and b"'saved'" in reply and reply.endswith(b"]\n\x04\x04>")
    dev.serial.send(b"1/0\x04")
    dev.wait(20)
    end2 = dev.serial.wait_for(b"\x04>", end)
    reply = bytes(dev.serial.output[end:end2])
    assert reply.startswith(b"OK\x04Traceback") and b"ZeroDivisionError" in reply


def test_raw_paste_mode_keeps_to_its_flow_control_window(dev: SimDevice) -> None:
    at = _interrupt(dev)
    dev.serial.send(b"\x01")
    dev.wait(20)
    at = dev.serial.wait_for(b"raw REPL; CTRL-B to exit\r\n>", at)
    dev.serial.send(b"\x05A\x01")
    dev.wait(20)
    at = dev.serial.wait_for(b"R\x01\x80\x00\x01", at)
    dev.serial.send(b"x = %r\nprint(len(x))\n" % ("y" * 300) + b"\x04")
    dev.wait(50)
    end = dev.serial.wait_for(b"\x04>", at)
    reply = bytes(dev.serial.output[at:end])
    assert reply.count(b"\x01") == (len(b"x = %r\nprint(len(x))\n" % ("y" * 300))) // 128
    assert reply.endswith(b"\x04300\n\x04\x04>")


def test_soft_reset_from_the_friendly_repl_runs_main_again(dev: SimDevice) -> None:
    _interrupt(dev)
    dev.serial.send(b"\x04")
    dev.wait(300)
    assert b"MPY: soft reboot" in dev.serial.output
    before = dev.i2c_bytes
    dev.press("OK")
    assert dev.i2c_bytes > before, "the firmware runs again and draws"
    dev.wait(10_000)
    assert "watchdog reset" not in dev.events


def test_the_watchdog_keeps_running_in_the_repl_and_the_game_comes_back(dev: SimDevice) -> None:
    dev.press("OK")  # the RE roll
    _interrupt(dev)
    dev.wait(9_000)
    assert "watchdog reset" in dev.events
    assert dev.state()["screen"] == "mat"


def test_mpremote_uses_the_pty_as_a_board(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", realtime=True, timeout=120) as dev:
        dev.wait(300)

        def mpremote(*args: str) -> str:
            done = subprocess.run(
                [str(MPREMOTE), "connect", dev.serial_path, *args], capture_output=True, text=True, timeout=60
            )
            assert done.returncode == 0, done.stderr
            return done.stdout

        assert "settings.json" in mpremote("fs", "ls")
        mpremote("fs", "cp", ":settings.json", str(tmp_path / "settings.json"))
        assert (tmp_path / "settings.json").read_text().startswith("{")
        assert mpremote("eval", "1 + 2").strip() == "3"


def test_the_simulator_asks_the_link_for_state_between_a_hosts_frames_and_neither_loses_a_reply(
    tmp_path: pathlib.Path,
) -> None:
    """The simulator reads the game as a host does, with the link's own `state` request, on the
    cable a host may be using: its frames go in between the host's lines, and each side's
    client passes over the other's replies."""
    import threading

    from adjutant.link.client import connect

    with SimDevice(tmp_path / "flash.img", seed=2, realtime=True, timeout=120) as dev:
        dev.wait(500)
        dev.press("OK")  # the RE roll: a game with something in it
        host = connect(dev.serial_path)
        ours: list[dict] = []

        def simulator() -> None:
            for _ in range(15):
                ours.append(dev.state())

        asking = threading.Thread(target=simulator)
        asking.start()
        theirs = [host.request("state") for _ in range(15)]
        asking.join(60)
        host.port.close()
        assert len(ours) == len(theirs) == 15
        seen = {(s["gid"], s["screen"], s["game"]["phase"], len(s["game"]["track"][0]["rolls"])) for s in ours}
        told = {(r["gid"], r["screen"], r["state"]["phase"], len(r["state"]["track"][0]["rolls"])) for r in theirs}
        assert seen == told == {("g0001", "dice", "cr1", 1)}  # the d6 shown after its roll, on both sides
