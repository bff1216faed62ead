"""What the link's end-to-end tests share: the scripted game played through the buttons, the
CLI run against a simulated board, and serial ports that fail as real ones do."""

import pathlib
import subprocess

import serial
from adjutant.sim.process import SimDevice

from bench import scripted_game
from tests.cli_run import run_cli


def play(dev: SimDevice) -> None:
    assert scripted_game.play(dev.hold, lambda: dev.state()["game"]) == []


def adjutant(dev: SimDevice, db: pathlib.Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    return run_cli(*args, db=db, port=dev.serial_path, check=check)


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
