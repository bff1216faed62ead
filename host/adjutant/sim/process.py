"""Start the simulated device and talk to it.

    with SimDevice(flash="adjutant.img", fresh=True, seed=1) as dev:
        dev.press("OK")                 # a short press: down 80 ms, then up
        dev.hold("BACK", 800)           # a long press
        dev.wait(500)
        dev.state()["game"]["phase"]    # the firmware's own state
        dev.frame()                     # 128x64 pixels as the emulated OLED shows them

Time is the device's simulated time: a scripted game of many minutes runs in
seconds, and runs the same way every time with the same seed.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass

REPO = pathlib.Path(__file__).resolve().parents[3]
DEVICE_DIR = pathlib.Path(__file__).resolve().parent / "device"
SHORT_MS = 80
LONG_MS = 800
SETTLE_MS = 60  # after a release, time for the debounce and a redraw


class SimError(RuntimeError):
    pass


@dataclass
class Frame:
    pixels: bytes  # 1,024 bytes, MONO_VLSB: byte x + 128 * (y // 8), bit y % 8
    on: bool
    contrast: int
    inverted: bool

    def pixel(self, x: int, y: int) -> int:
        return (self.pixels[x + (y >> 3) * 128] >> (y & 7)) & 1

    def rows(self) -> list[str]:
        return ["".join("#" if self.pixel(x, y) else "." for x in range(128)) for y in range(64)]


def micropython() -> str:
    found = pathlib.Path(sys.executable).parent / "micropython"
    if found.exists():
        return str(found)
    which = shutil.which("micropython")
    if which is None:
        raise SimError("the micropython command is not installed: run `make sim` or `make test` once")
    return which


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
    ):
        cmd = [micropython()]
        if heap is not None:
            cmd += ["-X", f"heapsize={heap}"]
        # `code` holds firmware/ and shared_engine/: the sources, or the same compiled to .mpy.
        cmd += [str(DEVICE_DIR / "boot.py"), str(code), str(flash), "--blocks", str(blocks)]
        if fresh:
            cmd.append("--fresh")
        if seed is not None:
            cmd += ["--seed", str(seed)]
        if board is not None:
            cmd += ["--board", board]
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1
        )
        # A device that stops answering (e.g. starved of heap) is killed after `timeout` s.
        self.timer = threading.Timer(timeout, self.proc.kill) if timeout else None
        if self.timer:
            self.timer.daemon = True
            self.timer.start()
        self.now = 0
        self.i2c_bytes = 0
        self.events: list[str] = []
        self.console: list[str] = []
        self._ready()

    # -- the protocol ----------------------------------------------------------

    def _read(self) -> tuple[str, str]:
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                err = self.proc.stderr.read() if self.proc.stderr else ""
                raise SimError("the simulated device stopped:\n" + err[-3000:])
            if line.startswith("\x01"):
                kind, _, rest = line[1:].rstrip("\n").partition(" ")
                return kind, rest
            self.console.append(line.rstrip("\n"))

    def _until(self, wanted: str) -> str:
        """Read replies until one of kind `wanted`, keeping events and raising errors."""
        while True:
            kind, rest = self._read()
            if kind == wanted:
                return rest
            if kind == "event":
                self.events.append(rest)
            elif kind == "error":
                raise SimError(rest)

    def _ready(self) -> None:
        now, wire = self._until("ready").split()
        self.now, self.i2c_bytes = int(now), int(wire)

    def _send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def command(self, line: str, answer: str | None = None) -> str | None:
        self._send(line)
        result = None if answer is None else self._until(answer)
        self._ready()
        return result

    # -- what a user does --------------------------------------------------------

    def wait(self, ms: int) -> None:
        if ms > 0:
            self.command(f"run {ms}")

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

    def fail_write(self, after: int) -> None:
        self.command(f"failwrite {after}")

    def hang(self, on: bool = True) -> None:
        self.command(f"hang {int(on)}")

    # -- what a test reads -------------------------------------------------------

    def frame(self) -> Frame:
        text = self.command("frame", "frame")
        assert text is not None
        pixels, on, contrast, inverted = text.split()
        return Frame(bytes.fromhex(pixels), on == "1", int(contrast), inverted == "1")

    def state(self) -> dict:
        return json.loads(self.command("state", "state") or "{}")

    def stats(self) -> dict:
        return json.loads(self.command("stats", "stats") or "{}")

    def shown(self) -> str:
        return " ".join(self.state().get("shown", []))

    def close(self) -> None:
        if self.timer:
            self.timer.cancel()
        if self.proc.poll() is None:
            try:
                self._send("quit")
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()

    def __enter__(self) -> SimDevice:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
