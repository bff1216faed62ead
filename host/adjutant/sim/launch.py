"""How the simulated board's process starts: MicroPython running device/boot.py with its wiring,
its flash and its options (process.SimDevice starts it)."""

from __future__ import annotations

import os
import pathlib

from adjutant.sim.interpreter import micropython
from adjutant.source import root

REPO = root()  # firmware/ and shared_engine/: the checkout's, or those the installed package carries
DEVICE_DIR = pathlib.Path(__file__).resolve().parent / "device"


def command(
    code, flash, heap, device_code, options: dict, fresh: bool, realtime: bool
) -> tuple[list[str], dict | None]:
    """The simulated board's process: MicroPython running device/boot.py, and its environment.

    `code` holds firmware/ and shared_engine/: the sources, or the same compiled to .mpy;
    "flash" runs what was deployed onto the flash. `device_code` is the simulator's own device/
    compiled to .mpy (the heap benchmark: the simulated hardware should cost the heap little, as
    on a board it costs nothing). options: --blocks, --seed, --board, --oled (the display at
    another I2C address; 0: none answers), --micropython; those None are left out."""
    cmd = [micropython()]
    if heap is not None:
        cmd += ["-X", f"heapsize={heap}"]
    env = None
    if device_code is None:
        cmd.append(str(DEVICE_DIR / "boot.py"))
    else:
        cmd += ["-m", "boot"]
        env = dict(os.environ, MICROPYPATH=f"{device_code}:.frozen")
    cmd += [str(code), str(flash), "--wiring", str(REPO / "firmware")]
    for option, value in options.items():
        if value is not None:
            cmd += [option, str(value)]
    cmd += ["--fresh"] if fresh else []
    cmd += ["--realtime"] if realtime else []
    return cmd, env
