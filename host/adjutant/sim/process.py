"""Start the simulated device and talk to it.

    with SimDevice(flash="adjutant.img", fresh=True, seed=1) as dev:
        dev.press("OK")                 # a short press: down 80 ms, then up
        dev.hold("BACK", 800)           # a long press
        dev.wait(500)
        dev.state()["game"]["phase"]    # the game, as the link's `state` request gives it
        dev.frame()                     # 128x64 pixels as the emulated OLED shows them

Time is the device's simulated time: a scripted game of many minutes runs in
seconds, and runs the same way every time with the same seed. With
realtime=True device time follows the wall clock instead, for a host talking
to the board's serial port: `dev.serial_path` is a pty that pyserial,
mpremote and `adjutant --port` open as they would a board's USB serial.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import threading
import time

from adjutant.sim import launch
from adjutant.sim.frame import Frame
from adjutant.sim.interpreter import (
    SimError,
    micropython,  # noqa: F401  (tests and benches take it from here)
)
from adjutant.sim.launch import DEVICE_DIR, REPO  # noqa: F401  (as micropython)
from adjutant.sim.serial_relay import SerialRelay, reply_in
from shared_engine import frames

SHORT_MS = 80
LONG_MS = 800
SETTLE_MS = 60  # after a release, time for the debounce and a redraw
REQUEST_IDS = 1 << 30  # the simulator's own link request ids: a host's client counts from 1
# What the board says when main.py is not running (boot.py); "boot N" comes before main.py starts.
STOPPED = (
    "no main.py",
    "main.py returned",
    "main.py interrupted",
    "soft reboot",
    "power cut",
    "watchdog reset",
    "reset",
)


class SimDevice:
    def __init__(
        self,
        flash: str | pathlib.Path,
        fresh: bool = False,
        seed: int | None = None,
        blocks: int = 128,
        board: str | None = None,
        heap: int | None = None,
        code: str | pathlib.Path = REPO,
        timeout: float | None = None,
        realtime: bool = False,
        device_code: str | pathlib.Path | None = None,
        oled: int | None = None,
        micropython_version: str | None = None,
    ):
        self.realtime = realtime
        options = {"--blocks": blocks, "--seed": seed, "--board": board, "--oled": oled}
        options["--micropython"] = micropython_version  # a board flashed with an older MicroPython
        cmd, env = launch.command(code, flash, heap, device_code, options, fresh, realtime)
        commands_r, commands_w = os.pipe()
        replies_r, replies_w = os.pipe()
        rx_r, rx_w = os.pipe()  # serial bytes from the host, in chunks, to the device's USB driver
        stdin_r, stdin_w = os.pipe()  # what the driver passes on: the firmware's sys.stdin
        cmd += ["--control", f"{commands_r},{replies_w}", "--serial", f"{rx_r},{stdin_w}"]
        self.proc = subprocess.Popen(
            cmd,
            stdin=stdin_r,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=(commands_r, replies_w, rx_r, stdin_w),
            env=env,
        )
        for fd in (commands_r, replies_w, rx_r, stdin_r, stdin_w):
            os.close(fd)
        self.commands = os.fdopen(commands_w, "w", buffering=1)
        # Read raw, with a buffer of our own: a terminal waits on this pipe with select() between
        # commands (the device says when its panel changed), which a file object's hidden buffer defeats.
        self.replies_fd = replies_r
        self._pending = b""
        self.panel_changed = False  # the device said its panel changed (realtime) since this was cleared
        assert self.proc.stdout is not None
        self.serial = SerialRelay(self.proc.stdout.fileno(), rx_w)
        self.serial_path = self.serial.path
        # A device that stops answering (e.g. starved of heap) is killed after `timeout` s.
        self.timer = threading.Timer(timeout, self.proc.kill) if timeout else None
        if self.timer:
            self.timer.daemon = True
            self.timer.start()
        self.now = 0
        self.i2c_bytes = 0
        self._request_id = REQUEST_IDS
        self.events: list[str] = []
        self._ready()

    # -- the protocol ----------------------------------------------------------

    def _readline(self) -> str:
        while b"\n" not in self._pending:
            chunk = os.read(self.replies_fd, 65536)
            if not chunk:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                raise SimError("the simulated device stopped:\n" + err[-3000:])
            self._pending += chunk
        line, _, self._pending = self._pending.partition(b"\n")
        return line.decode(errors="replace")

    def _read(self) -> tuple[str, str]:
        while True:
            line = self._readline()
            if line.startswith("\x01"):
                kind, _, rest = line[1:].partition(" ")
                return kind, rest

    def buffered(self) -> bool:
        """Whether replies wait in our buffer, where select() on replies_fd cannot see them."""
        return bool(self._pending)

    def _until(self, wanted: str) -> str:
        """Read replies until one of kind `wanted`, keeping events and raising errors."""
        while True:
            kind, rest = self._read()
            if kind == wanted:
                return rest
            if kind == "event" and rest == "panel":
                self.panel_changed = True  # frequent, and only ever asked as "since I last looked"
            elif kind == "event":
                self.events.append(rest)
            elif kind == "error":
                raise SimError(rest)

    def _ready(self) -> None:
        now, wire = self._until("ready").split()
        self.now, self.i2c_bytes = int(now), int(wire)

    def _send(self, line: str) -> None:
        self.commands.write(line + "\n")

    def command(self, line: str, answer: str | None = None) -> str | None:
        self._send(line)
        result = None if answer is None else self._until(answer)
        self._ready()
        return result

    # -- what a user does --------------------------------------------------------

    def wait(self, ms: int) -> None:
        if self.realtime:  # the device runs on its own; catch up with its clock afterwards
            time.sleep(ms / 1000)
            self.command("run 0")
        elif ms > 0:
            self.command(f"run {ms}")

    def go_realtime(self) -> None:
        """Switch a scripted device to the wall clock, e.g. after playing a scripted game fast."""
        self._send("realtime")  # answered by the next command's "ready", as "run" is
        self.realtime = True
        self.command("run 0")

    def sync(self) -> None:
        """Catch up with a realtime device's clock and screen without waiting."""
        self.command("run 0")

    def down(self, button: str) -> None:
        self.command(f"pin {button} 0")

    def up(self, button: str) -> None:
        self.command(f"pin {button} 1")

    def hold(self, button: str, ms: int = LONG_MS, settle: int = SETTLE_MS) -> None:
        self.down(button)
        self.wait(ms)
        self.up(button)
        self.wait(settle)

    def press(self, button: str, times: int = 1) -> None:
        for _ in range(times):
            self.hold(button, SHORT_MS)

    def power_cut(self) -> None:
        self.command("cut")
        self.wait(1)

    def hang(self, on: bool = True) -> None:
        self.command(f"hang {int(on)}")

    # -- what a test reads -------------------------------------------------------

    def frame(self) -> Frame:
        text = self.command("frame", "frame")
        assert text is not None
        pixels, on, contrast, inverted = text.split()
        return Frame(bytes.fromhex(pixels), on == "1", int(contrast), inverted == "1")

    def state(self) -> dict:
        """What the firmware answers the link's `state` request, as a host would hear it.

        {"screen", "gid", "game"}, the game being the engine's state dict (its
        turn track cut to the recent turns if long, from "track_from"), and
        "asleep": the panel switched off. A device whose firmware does not
        answer (a bare board) gives {"screen": None}.
        """
        reply = self.ask("state")
        if reply is None:
            return {"screen": None}
        return {"screen": reply["screen"], "gid": reply["gid"], "game": reply["state"], "asleep": not self.frame().on}

    def firmware_running(self) -> bool:
        """Whether main.py runs now, from the board's own events since it powered on."""
        self.sync()  # the events so far, a realtime device's included
        for event in reversed(self.events):
            if event.startswith("boot "):
                return True
            if event in STOPPED:
                return False
        return False

    def display_problem(self) -> str | None:
        """What the firmware says is wrong with its display, in its answer to a host's hello."""
        reply = self.ask("hello", proto=frames.PROTOCOL)
        return reply.get("display") if reply else None

    def ask(self, op: str, timeout: float = 3.0, **fields: object) -> dict | None:
        """The firmware's reply to one link request sent on the serial cable; None if none comes.

        Nothing is sent while the firmware is not running (a bare board, or one left in the
        REPL): there the frame would be typed into the REPL."""
        if not self.firmware_running():
            return None
        self._request_id += 1
        rid = self._request_id
        start = self.serial.position
        self.serial.inject(frames.encode(dict(fields, op=op, id=rid)))
        deadline = time.monotonic() + timeout
        reply = None
        while reply is None and time.monotonic() < deadline:
            if not self.realtime:
                self.wait(1)  # scripted time: the device reads and answers while its clock runs
            with self.serial.changed:  # the relay passes on what it printed in its own time
                self.serial.changed.wait(0.01)
            reply = reply_in(self.serial.since(start), rid)
        if reply is not None and reply.get("st") != frames.OK:
            raise SimError(f"the device refused the {op} request: {reply.get('err')}")
        return reply

    def stats(self) -> dict:
        return json.loads(self.command("stats", "stats") or "{}")

    def shown(self) -> str:
        """The texts on the panel, read off its pixels, top to bottom."""
        return " ".join(self.texts())

    def texts(self) -> list[str]:
        from adjutant.sim.panel_text import read

        return read(self.frame().pixels)

    def close(self) -> None:
        if self.timer:
            self.timer.cancel()
        if self.proc.poll() is None:
            try:
                self._send("quit")
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
        self.proc.wait()
        self.serial.drain()  # what it printed last is still kept for the caller
        self.serial.close()
        try:
            os.close(self.replies_fd)
        except OSError:
            pass
        for stream in (self.commands, self.proc.stdout, self.proc.stderr):
            if stream:
                try:
                    stream.close()
                except OSError:  # a command still buffered for a process that was killed (the cable out)
                    pass

    def __enter__(self) -> SimDevice:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
