"""`adjutant maintenance`: restart the device into its maintenance boot, with the REPL free.

The firmware's watchdog can't be stopped once started and outlives a soft
reset, so mpremote sessions longer than 8 s need a boot that never starts it
(firmware/maintenance.py). Over the link, the firmware leaves itself a note
for one boot and resets; holding BACK at power-up does the same without a
computer.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from adjutant.errors import AdjutantError, DeviceRefused, NoDevice

REPL_WAIT_S = 10.0  # a board's USB port comes back within a few seconds of a reset
LEAVE = "to play again: OK on the device, `mpremote reset`, or unplug it"


def ask(port: str) -> str | None:
    """Ask running Adjutant firmware for one maintenance boot: its version, or None if none answers."""
    from adjutant.link.client import connect

    try:
        device = connect(port, timeout=1.5)
    except NoDevice:
        return None
    try:
        device.request("maint")
    except DeviceRefused as e:
        raise AdjutantError(f"the device refused to restart into maintenance: {e}") from e
    finally:
        device.port.close()
    return str(device.info.get("fw", "?"))


def repl_answers(port: str, wait_s: float = REPL_WAIT_S) -> bool:
    """Whether the board's friendly REPL answers a bare Enter with its prompt.

    Only Enter is sent: a Ctrl-C would stop running firmware, and mpremote's soft
    reset would drop the OK button's way back to the game."""
    import serial

    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        try:
            with serial.Serial(port, 115200, timeout=0.3, exclusive=True) as link:
                link.reset_input_buffer()
                link.write(b"\r")
                heard = b""
                until = time.monotonic() + 1.0
                while time.monotonic() < until and b">>> " not in heard:
                    heard += link.read(64)
                if b">>> " in heard:
                    return True
        except (OSError, serial.SerialException):
            pass  # the port is gone while the board restarts
        time.sleep(0.3)
    return False


def enter(port: str, echo: Callable[[str], None]) -> None:
    from adjutant.link.ports import resolve

    path = resolve(port)
    if ask(path) is None:
        if repl_answers(path, wait_s=2.0):
            echo(f"the device's REPL is free already (maintenance, or a bare MicroPython); {LEAVE}")
            return
        raise NoDevice(
            f"{path}: no Adjutant firmware answers, and no REPL: is it plugged in? "
            "Holding BACK while plugging it in enters maintenance without the link"
        )
    time.sleep(0.5)  # the firmware's reply leaves before it resets
    if not repl_answers(path):
        raise AdjutantError(
            f"{path}: the device restarted but its REPL does not answer; unplug it and hold BACK while plugging it in"
        )
    echo(f"the device is in maintenance: no watchdog, the REPL is free for mpremote; {LEAVE}")
