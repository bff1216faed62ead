"""Boot the unchanged firmware in the page: the board's modules first, then main.py's work.

The page (device.js) has put the firmware's .mpy files under /fw and the stored
flash under /flash (Emscripten's memory file system, copied from and back to
IndexedDB), as a board has its code and its littlefs. This installs what a
board's MicroPython has and the WebAssembly port lacks, then starts the
firmware's loop on the port's asyncio and returns: the browser runs the loop.
"""

import os as _os
import random
import sys

import js

sys.path[:0] = ["/fw"]  # the firmware, in the layout `adjutant deploy` gives a board

import web_asyncio  # noqa: E402  (after the path: it is on it)

sys.modules["asyncio"] = web_asyncio


class _Os:
    """os as a board has it: the port's, with urandom (the port has none)."""

    def __getattr__(self, name):
        return getattr(_os, name)

    @staticmethod
    def urandom(n):
        return bytes(random.getrandbits(8) for _ in range(n))


random.seed(int(js.Math.random() * 0x3FFFFFFF))
sys.modules["os"] = _Os()


class _Poll:
    def register(self, stream, events=1):
        pass

    def poll(self, timeout=-1):
        return []  # the page has no serial port: the link never has bytes


class _Select:
    POLLIN = 1

    @staticmethod
    def poll():
        return _Poll()


sys.modules["select"] = _Select()

import machine  # noqa: E402  the simulator's: pins with interrupt handlers, I2C to the panel
from oled_chip import OledChip  # noqa: E402

BUTTON_PINS = {}
CHIP = None
UI = []  # the firmware's UI once it runs: the page reads the game from it, as a host asks the link


def power_on(board_name=None):
    """Wire the board as the firmware's own table says, then run main.py's work."""
    global CHIP
    _os.chdir("/flash")
    import boards

    board = boards.board(board_name)
    del sys.modules["boards"]
    CHIP = OledChip(board["display"]["chip"])
    machine.I2C.devices = {board["display"]["addr"]: CHIP}
    machine.Pin.pins = {}
    for name, pin_id in board["buttons"].items():
        BUTTON_PINS[name] = pin_id
        machine.Pin(pin_id, machine.Pin.IN, machine.Pin.PULL_UP)
    import ui

    made = ui.UI.__init__

    def keep(self, *args):
        made(self, *args)
        UI.append(self)

    ui.UI.__init__ = keep
    import runtime

    runtime.run()


def pin(name, level):
    """A finger on a button (0) or off it (1): the pin's level, and its interrupt."""
    machine.Pin.pins[BUTTON_PINS[name]].set_level(level)


def panel():
    """The controller's RAM and state, for the page to draw: hex, then its flags."""
    c = CHIP
    flags = "%s %d %d %d %d %d %d %d" % (
        c.kind,
        c.on,
        c.contrast,
        c.inverted,
        c.all_on,
        c.seg_remap,
        c.com_remap,
        c.start_line,
    )
    return c.ram.hex() + " " + flags


def watchdog():
    """ms until the firmware's watchdog fires (negative: overdue), or None if none is running."""
    from clock import CLOCK

    if CLOCK.watchdog is None:
        return None
    from time import ticks_diff, ticks_ms

    timeout, fed = CLOCK.watchdog
    return timeout - ticks_diff(ticks_ms(), fed)


def state_json():
    """{"screen", "gid", "state"}: what the link's state request answers, as JSON."""
    import json

    if not UI:
        return json.dumps({"screen": None})
    ui = UI[-1]
    return json.dumps({"screen": ui.top().name, "gid": ui.session.gid, "state": ui.session.game.state_dict()})
