"""Boot the unchanged firmware in the page: the board's modules first, then main.py's work.

The page (device.js) has put the firmware's .mpy files under /fw and the stored
flash under /flash (Emscripten's memory file system, copied from and back to
IndexedDB), as a board has its code and its littlefs. This installs what a
board's MicroPython has and the WebAssembly port lacks, then starts the
firmware's loop on the port's asyncio and returns: the browser runs the loop.
"""

import builtins
import io
import os as _os
import random
import sys

import js

sys.path[:0] = ["/fw"]  # the firmware, in the layout `adjutant deploy` gives a board

import web_asyncio  # noqa: E402  (after the path: it is on it)

sys.modules["asyncio"] = web_asyncio


# The flash's files the firmware wrote, renamed or removed since the page last asked (written()):
# the page copies only those to its store, not the whole flash after every frame.
WRITTEN = set()


def _on_flash(path):
    """path as the store names it (relative to /flash), or None if it is not on the flash."""
    full = path if path.startswith("/") else _os.getcwd().rstrip("/") + "/" + path
    return full[7:] if full.startswith("/flash/") else None


def _touched(path):
    name = _on_flash(path)
    if name is not None:
        WRITTEN.add(name)


class _Writing(io.IOBase):
    """A file open for writing: each write, flush and close marks it written. A stream (io.IOBase)
    as the file is, so that what writes to one in C (json.dump) writes to this too."""

    def __init__(self, f, name):
        self._f, self._name = f, name  # its name on the flash, found once (_on_flash)
        WRITTEN.add(name)

    def write(self, data):
        WRITTEN.add(self._name)
        return self._f.write(data)

    def readinto(self, buf):
        return self._f.readinto(buf)

    def flush(self):
        WRITTEN.add(self._name)
        return self._f.flush()

    def close(self):
        WRITTEN.add(self._name)
        return self._f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __getattr__(self, name):
        return getattr(self._f, name)


_open = builtins.open


def _open_tracked(path, mode="r", *args, **kw):
    f = _open(path, mode, *args, **kw)
    name = _on_flash(path) if any(c in mode for c in "wax+") else None
    return f if name is None else _Writing(f, name)


builtins.open = _open_tracked


class _Os:
    """os as a board has it: the port's, with urandom (the port has none); what it changes on
    the flash is marked written."""

    def __getattr__(self, name):
        return getattr(_os, name)

    @staticmethod
    def urandom(n):
        return bytes(random.getrandbits(8) for _ in range(n))

    @staticmethod
    def remove(path):
        _touched(path)
        _os.remove(path)

    @staticmethod
    def rename(old, new):
        _touched(old)
        _touched(new)
        _os.rename(old, new)


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


class _Panel(OledChip):
    """The panel's controller, which tells the page when the firmware has written to it: the page
    looks for a frame then, and not at every animation frame (an idle page costs nothing)."""

    def write(self, data):
        super().write(data)
        js.adjutantPanelWritten()  # device.js's PageBoard sets it before the firmware starts


UI = []  # the firmware's UI once it runs: the page reads the game from it, as a host asks the link


def power_on(now, board_name=None):
    """Wire the board as the firmware's own table says, then run main.py's work. now: the
    phone's epoch seconds (from JS as a whole number: a JS millisecond count overflows)."""
    global CHIP
    _os.chdir("/flash")
    import boards

    board = boards.board(board_name)
    del sys.modules["boards"]
    CHIP = _Panel(board["display"]["chip"])
    machine.I2C.devices = {board["display"]["addr"]: CHIP}
    machine.Pin.pins = {}
    for name, pin_id in board["buttons"].items():
        BUTTON_PINS[name] = pin_id
        machine.Pin(pin_id, machine.Pin.IN, machine.Pin.PULL_UP)
    import wallclock

    wallclock.set_time(now)  # the phone knows the time, as a host tells a board its own
    import runtime

    runtime.run(started=UI.append)


def written():
    """The flash's files changed since the last call, a line each (the page's settle)."""
    names = "\n".join(WRITTEN)
    WRITTEN.clear()
    return names


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


def font():
    """The 8x8 font the firmware draws its text with, as the panel shows it: a line per printable
    character, its code and its 8 column bytes in hex (the page reads the panel's words with it)."""
    import framebuf

    buf = bytearray(8)
    fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
    lines = []
    for code in range(32, 127):
        fb.fill(0)
        fb.text(chr(code), 0, 0, 1)
        lines.append("%d %s" % (code, buf.hex()))
    return "\n".join(lines)


def keys():
    """What the buttons do on the screen on top beyond its words (its `keys`): "BUTTON words" lines."""
    top = UI[0].top() if UI else None
    return "\n".join("%s %s" % key for key in getattr(top, "keys", ()))


def transfers():
    """How many I2C writes the panel's controller has had: a new frame only if this moved."""
    return CHIP.transfers if CHIP else 0


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
    from link.ops import state_of

    return json.dumps(state_of(UI[-1]))


def saved_game():
    """The game on the mat as the device stores it, for "Save game": its compact records, a line
    each, their sha256, the device's id and when it was played: what `adjutant pull` receives
    over the link, and what `adjutant import` takes."""
    import json

    from journal.fold import log_digest, log_records
    from link.pull import played

    session = UI[-1].session
    # The whole log: what a long game has settled on flash, then the window in memory.
    sha, _, _ = log_digest(session.game, session.journal)
    records = [r.decode() for r in log_records(session.game, session.journal)]
    return json.dumps(
        {
            "adjutant-game": 1,
            "dev": device_id(),
            "board": "phone",
            "fw": __import__("version").VERSION,
            "gid": session.gid,
            "sha": sha,
            "t": played(session.journal.times),
            "records": records,
        }
    )


def bgstats_seats():
    """The seats a BG Stats play of the game on the mat names, as JSON {seat: its own name}, where
    people are to be named (The Great War's sides, The War's P1 and P2); "{}" where its players
    are people by name already (Last Front's)."""
    import json

    from shared_engine.games import ENGINE, face

    return json.dumps(face(UI[-1].session.play.GAME, ENGINE, "bgstats").GAME[2] or {})


def bgstats_link(start, end, estimated, stamp, play_date, named=""):
    """The BG Stats link of the game on the mat once it has ended, else "": its engine's bgstats
    module (the registry's), as `adjutant export --format bgstats` makes it. start, end: epoch
    seconds (end 0: not known); stamp and play_date: the start in the phone's local time, as the
    host writes its own; named: JSON {seat: person}, as the CLI's --player gives them."""
    from shared_engine import bgstats
    from shared_engine.games import ENGINE, face

    session = UI[-1].session
    minutes = bgstats.minutes(start, end) if end else None
    when = bgstats.played(stamp, minutes, estimated)
    source = "%s/%s" % (device_id(), session.gid)
    game = face(session.play.GAME, ENGINE, "bgstats")
    import json

    people = json.loads(named) if named else None
    one = game.play(session.game.state, source, play_date, when, session.gid, people, minutes)
    return bgstats.link(one) if one is not None else ""


def device_id():
    """The device's id, as the link gives it a host (firmware/link/ops.py)."""
    from link.ops import device_id

    return device_id()


def over():
    """Whether the game on the mat has ended (the page then offers its BG Stats link)."""
    return bool(UI) and UI[-1].session.game.state.phase == "over"
