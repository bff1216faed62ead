"""A bench rig for firmware tests on MicroPython: simulated board, RAM flash.

Importing it installs the simulator's `time`, `select` and `machine` (as the
simulator does before booting), so the firmware modules load as on a board.
"""

import gc
import os
import sys

ROOT = os.getcwd()  # tests run from the repository root
for folder in ("", "/host/adjutant/sim/device", "/firmware"):
    if ROOT + folder not in sys.path:
        sys.path.insert(0, ROOT + folder)

import clock  # noqa: E402

if sys.modules.get("time") is not clock.time_module:
    sys.modules["time"] = clock.time_module
    sys.modules["select"] = clock.select_module
    import machine

    sys.modules["machine"] = machine

import machine  # noqa: E402
import vfs  # noqa: E402
from clock import CLOCK  # noqa: E402
from flash import BLOCK, RamFlash, littlefs  # noqa: E402  (the power-cut test makes its own flash)
from oled_chip import OledChip  # noqa: E402

from bench.stand_ins import Dice  # noqa: E402

BUTTONS = ("UP", "DOWN", "OK", "BACK")
PINS = {"UP": 10, "DOWN": 11, "OK": 12, "BACK": 13}


_CHIPS = {}  # erase blocks -> one chip's bytes


def logged(game):
    """A game's log as text: the device keeps a GameCore, which has no log text of its own."""
    from shared_engine.log import lines

    return "".join(line + "\n" for line in lines(game))


def blank_flash(blocks=64):
    """A flash chip in RAM for one test, to be mounted with format_first.

    Its buffer is reused from test to test: 256 KB in one piece is soon not to be
    found in a long test run's fragmented heap, though most of the heap is free.
    """
    data = _CHIPS.get(blocks)
    if data is None:
        data = _CHIPS[blocks] = bytearray(blocks * BLOCK)
    return RamFlash(blocks, data)


def mount(flash, format_first=False):
    """Mount at /flash and work there, as the device works in its root."""
    os.chdir(ROOT)
    try:
        vfs.umount("/flash")
    except OSError:
        pass
    vfs.mount(littlefs(flash, format_first)[0], "/flash")
    os.chdir("/flash")


def unmount():
    os.chdir(ROOT)
    # A board never unmounts its flash. Files that a test dropped while they were still open are
    # closed by the collector's finaliser, and that must happen now, while their littlefs is mounted.
    # Run later, the finaliser would use the littlefs buffers that umount has freed.
    gc.collect()
    try:
        vfs.umount("/flash")
    except OSError:
        pass


def board(at=0x3C):
    """A fresh display and buttons on the simulated pins and bus; `at`: where the panel answers."""
    from buttons import Buttons
    from oled import Oled

    machine.Pin.pins = {}
    machine.I2C.devices = {}
    chip = OledChip("ssd1306")
    if at:
        machine.I2C.devices[at] = chip
    i2c = machine.I2C(0)
    display = Oled(i2c, "ssd1306", 0x3C, 0)
    pins = [machine.Pin(PINS[name], machine.Pin.IN, machine.Pin.PULL_UP) for name in BUTTONS]
    return display, Buttons(pins, BUTTONS), chip


def new_ui(seed=7, at=0x3C):
    """The device booted on the mounted flash: its UI (with its session) and the panel's chip."""
    import settings_file as config
    from ui import UI

    display, buttons, chip = board(at)
    settings, problem = config.load()
    ui = UI(display, buttons, Dice(seed), settings, "test", now=CLOCK.now & 0x3FFFFFFF)
    if problem:
        ui.warn(problem)
    return ui, chip


def press(pin_name, ms=80):
    """Press a button through its pin for `ms`, letting simulated time pass."""
    machine.Pin.pins[PINS[pin_name]].set_level(0)
    CLOCK.until = CLOCK.now + ms
    CLOCK.advance(ms)
    machine.Pin.pins[PINS[pin_name]].set_level(1)


def allow(ms):
    CLOCK.until = CLOCK.now + ms
    CLOCK.advance(ms)
