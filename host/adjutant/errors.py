"""What can go wrong for the `adjutant` CLI, each with its own exit code (documented in `adjutant --help`)."""

from __future__ import annotations

EXIT_CODES = {
    0: "success",
    1: "an error not listed below",
    2: "bad command line (wrong option or argument, a seat BG Stats needs unnamed)",
    3: "no device found, or the port does not exist",
    4: "the port is busy (another program has it open)",
    5: "the device restarted or stopped answering during a transfer; run again to resume",
    6: "protocol version mismatch between this CLI and the device's firmware",
    7: "invalid data: a card file or a game log failed its checks",
    8: "the device refused a request (its message says why)",
    9: "the archive cannot be used: not SQLite, damaged, a folder, read-only, or its --db folder missing "
    "(nothing was written)",
    130: "stopped by Ctrl-C (nothing half-written: a pull keeps what it committed)",
}


class AdjutantError(Exception):
    exit_code = 1


class NoDevice(AdjutantError):
    exit_code = 3


class BadPort(AdjutantError):
    """--port names no kind of port there is: a bad command line."""

    exit_code = 2


class PortBusy(AdjutantError):
    exit_code = 4


class DeviceRestarted(AdjutantError):
    exit_code = 5


class DeviceGone(DeviceRestarted):
    """The port failed under us: the cable came out, or the simulator stopped."""

    def __init__(self, message: str = "the device stopped answering (unplugged?): run the command again to resume"):
        super().__init__(message)


class VersionMismatch(AdjutantError):
    exit_code = 6


class InvalidData(AdjutantError):
    exit_code = 7


class DeviceRefused(AdjutantError):
    exit_code = 8

    def __init__(self, status: int, message: str, reply: dict | None = None):
        super().__init__(message)
        self.status = status
        self.reply = reply or {}


class ArchiveError(AdjutantError):
    exit_code = 9
