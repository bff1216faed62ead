"""Boot: build the hardware from the board definition and run the asyncio loop.

Two tasks share one loop, and both sleep while nothing happens. `screen`
waits on a ThreadSafeFlag that every button edge sets from its interrupt,
or until something falls due (a long press, a message going, sleep, the
watchdog); then it handles the events (writing actions to flash) and redraws
only if something changed. `link` waits for bytes from the USB serial port.
"""

import os
import sys

import lazy

# deploy's names (host/adjutant/interned_names.py says why they are taken in early), beside this
# module: early_names.mpy, the names of boot's own modules, taken in first (the name pools up to
# the one of 640 open while the heap is whole); interned_names.mpy, the rest, after the first frame
NAMES = __file__[: __file__.rfind("/") + 1] + "interned_names.mpy"
try:
    import early_names  # type: ignore[import-not-found]  # noqa: F401

    lazy.drop("early_names")  # the names stay; the module's table goes (lazy.py)
except ImportError:  # the sources, as the simulator runs them from a checkout
    pass


def _room_for_names():
    """Free heap in one piece at the bottom, held from here until the names are taken in (_take_names).

    Taken in first, all the names would cost a third of boot: each new one is looked up among all
    before it. So the first frame comes first and the rest of the names straight after, into this
    room let go of just then: their pools still open in one piece, as in a whole heap. They take
    about twice the file's size on a 32-bit board, 2.5 times on the 64-bit simulator, most of it
    the pool of 1,280 they open (tests/budget/test_name_pools.py)."""
    try:
        size = os.stat(NAMES)[6]
    except OSError:  # the sources, as the simulator runs them from a checkout: no names to take in
        return None
    return bytearray(size * (11 if sys.maxsize > 1 << 32 else 9) // 4)


_room = _room_for_names()  # before anything else is on the heap

import asyncio  # noqa: E402
import gc  # noqa: E402
from time import ticks_ms  # noqa: E402

import machine  # noqa: E402
from buttons import Buttons  # noqa: E402
from link import Link  # noqa: E402
from oled import Oled  # noqa: E402
from ui import UI, sooner  # noqa: E402

BUTTON_NAMES = ("UP", "DOWN", "OK", "BACK")  # the order of boards.BUTTONS, and of the pins
WATCHDOG_MS = 8000  # the longest the RP2040 allows is 8,388 ms
FEED_MS = WATCHDOG_MS // 2  # the longest the loop sleeps: the watchdog is fed at each wake-up


def build(board_name=None, addr=None):
    """The board's display (at `addr` if given, else the board's address) and its button pins."""
    import boards

    board = boards.board(board_name)
    bus = board["i2c"]
    i2c = machine.I2C(bus["id"], sda=machine.Pin(bus["sda"]), scl=machine.Pin(bus["scl"]), freq=bus["freq"])
    shown = board["display"]
    gpio = board["gpio"]
    where = "SDA=%s%d SCL=%s%d" % (gpio, bus["sda"], gpio, bus["scl"])
    display = Oled(i2c, shown["chip"], addr or shown["addr"], shown["rotate"], where)
    if display.fault is not None:
        print(display.problem())  # on the serial console; `adjutant info` says it too
    pins = [machine.Pin(board["buttons"][name], machine.Pin.IN, machine.Pin.PULL_UP) for name in boards.BUTTONS]
    # Every board's definition is code on the heap; only the chosen one is needed from now on.
    lazy.drop("boards")
    return board, display, pins


def _maintenance_asked(back):
    """A boot for maintenance (maintenance.py): the link's one-boot file, used up here, or BACK held."""
    try:
        os.remove("maintenance")
        return True
    except OSError:
        return back.value() == 0  # pulled up: low while held


def _urandom_byte():
    return os.urandom(1)[0]


async def _screen(ui, link, watchdog):
    wake = asyncio.ThreadSafeFlag()
    ui.buttons.wake = wake
    while True:
        now = ticks_ms()
        wait = sooner(sooner(ui.due(now), link.due(now)), FEED_MS)
        if wait > 0:
            try:
                await asyncio.wait_for_ms(wake.wait(), wait)
            except asyncio.TimeoutError:
                pass
        else:
            await asyncio.sleep_ms(0)  # the link's turn, even when work is due at once
        ui.step()
        link.tick()
        watchdog.feed()


def _take_names():
    """The firmware's names, into the room held for them since boot."""
    global _room
    if _room is None:
        return
    _room = None
    gc.collect()  # the room is free only once collected
    import interned_names  # type: ignore[import-not-found]  # noqa: F401  # the names stay

    lazy.drop("interned_names")  # the module's table goes (lazy.py)


async def _main(ui, link):
    ui.step()  # the first frame; then the names, before any press is handled
    _take_names()
    watchdog = machine.WDT(timeout=WATCHDOG_MS)
    reader = asyncio.create_task(link.run())
    try:
        await _screen(ui, link, watchdog)
    finally:
        reader.cancel()


def run(random_byte=_urandom_byte, started=None):
    """Boot and run the device; `started`, if given, is handed the UI once it is made: a board
    has no use for it, the phone page reads the game through it."""
    # read once, and not held here (this frame lives as long as the device); its code goes at
    # once, not on the mat: making or resuming the game next is when boot needs the most heap
    settings, problem = __import__("settings_file").load()
    lazy.drop("settings_file")
    board, display, pins = build(settings["board"], settings["addr"])
    if _maintenance_asked(pins[3]):  # BACK
        __import__("maintenance").show(display, pins[2])  # OK
        return  # main.py ends: the REPL is the board's, and no watchdog was started
    ui = UI(display, Buttons(pins, BUTTON_NAMES), random_byte, settings, board["name"])
    if problem:
        ui.warn(problem)
    if started is not None:
        started(ui)
    asyncio.run(_main(ui, Link(ui)))
