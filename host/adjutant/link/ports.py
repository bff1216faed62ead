"""Finding and opening the device's serial port: USB boards, the simulator's pty, or a URL.

`--port` takes a device path (/dev/ttyACM0, COM3, the simulator's
/dev/pts/N), `auto`, or any pyserial URL (socket://host:port,
rfc2217://host:port), so a networked board works like a local one.
"""

from __future__ import annotations

import os
import pathlib
from dataclasses import dataclass

from adjutant.errors import BadPort, NoDevice, PortBusy

# USB ids of boards that run MicroPython and of the USB-serial bridges on ESP32 devkits.
KNOWN_USB = {
    (0x2E8A, 0x0005): "Raspberry Pi Pico (MicroPython)",
    (0x2E8A, 0x000A): "Raspberry Pi Pico (C SDK serial)",
    (0x10C4, 0xEA60): "ESP32 devkit (CP210x bridge)",
    (0x1A86, 0x7523): "ESP32 devkit (CH340 bridge)",
    (0x1A86, 0x55D4): "ESP32 devkit (CH9102 bridge)",
    (0x0403, 0x6001): "ESP32 devkit (FTDI bridge)",
    (0x303A, 0x1001): "ESP32-S3/C3 (native USB)",
    (0x303A, 0x4001): "ESP32-S2 (native USB)",
}
BAUD = 115200


@dataclass
class Port:
    path: str
    description: str
    usb: str  # "VID:PID", or "" for a pty


def simulator_markers() -> pathlib.Path:
    """The folder where each running `make sim` leaves a file (named by its process id) with its pty's path."""
    import platformdirs

    return pathlib.Path(platformdirs.user_cache_dir("adjutant")) / "sims"


def simulator_marker(pid: int | None = None) -> pathlib.Path:
    return simulator_markers() / str(os.getpid() if pid is None else pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's: alive
        return True
    return True


def running_simulators() -> list[str]:
    """The pty of every running simulator; a marker left by one that died is removed."""
    found = []
    try:
        markers = sorted(simulator_markers().iterdir())
    except OSError:
        return []
    for marker in markers:
        try:
            pid, path = int(marker.name), marker.read_text().strip()
        except (OSError, ValueError):
            continue
        if _alive(pid) and path and os.path.exists(path):
            found.append(path)
        else:
            try:
                marker.unlink()
            except OSError:
                pass
    return found


def list_devices() -> list[Port]:
    """Known boards first (by USB id), then the simulator if one runs."""
    from serial.tools import list_ports

    found = []
    for info in sorted(list_ports.comports(), key=lambda p: p.device):
        if info.vid is None:
            continue
        name = KNOWN_USB.get((info.vid, info.pid))
        if name is None and info.vid == 0x303A:
            name = "ESP32 (native USB)"
        if name is not None:
            found.append(Port(info.device, name, f"{info.vid:04X}:{info.pid:04X}"))
    for sim in running_simulators():
        found.append(Port(sim, "Adjutant simulator (make sim)", ""))
    return found


def resolve(port: str) -> str:
    if port != "auto":
        return port
    found = list_devices()
    if not found:
        raise NoDevice(
            "no device found: plug in the board (a data USB cable, not charge-only), "
            "start `make sim`, or give --port PATH"
        )
    if len(found) > 1:
        names = ", ".join(f"{p.path} ({p.description})" for p in found)
        raise NoDevice(f"several devices found ({names}): choose one with --port")
    return found[0].path


def open_port(port: str, timeout: float = 0.1):
    """An open pyserial port; NoDevice or PortBusy with a message a user can act on."""
    import serial

    path = resolve(port)
    try:
        if "://" in path:
            return serial.serial_for_url(path, baudrate=BAUD, timeout=timeout)
        return serial.Serial(path, BAUD, timeout=timeout, exclusive=True)
    except ValueError as e:  # pyserial's word for a URL it has no handler for
        raise BadPort(
            f"--port {path}: not a port pyserial can open ({e}); give a device path, auto, "
            "or a URL such as socket://host:port or rfc2217://host:port"
        ) from e
    except serial.SerialException as e:
        text = str(e)
        code = getattr(e, "errno", None)
        if code in (11, 16) or "exclusively lock" in text:  # EAGAIN from flock, EBUSY
            raise PortBusy(f"{path} is busy: another program (a terminal, mpremote, Thonny?) has it open") from e
        if code == 2:
            raise NoDevice(f"{path}: no such port; is the board plugged in? (`adjutant devices` lists them)") from e
        if "Inappropriate ioctl" in text or "Could not configure port" in text:  # a file, /dev/null, a disk
            raise NoDevice(f"{path}: not a serial port (`adjutant devices` lists the boards plugged in)") from e
        raise NoDevice(f"{path}: {text}") from e
