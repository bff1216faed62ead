"""Boot: build the hardware from the board definition and run the asyncio loop.

Two tasks share one loop, and both sleep while nothing happens. `screen`
waits on a ThreadSafeFlag that every button edge sets from its interrupt,
or until something falls due (a long press, a message going, sleep, the
watchdog); then it handles the events (writing actions to flash) and redraws
only if something changed. `link` waits for bytes from the USB serial port.
"""

import lazy

lazy.keep_built_ins()  # before anything imports them (lazy.py says why)

try:  # deploy's list of the firmware's names (host/adjutant/interned_names.py says why):
    import interned_names  # type: ignore[import-not-found]  # deploy makes it: taken in now, the heap whole

    del interned_names  # the names stay; the module's table goes (lazy.py)
    lazy.drop("interned_names")
except ImportError:  # the sources, as the simulator runs them from a checkout
    pass

import asyncio
import os
from time import ticks_ms

import machine
from buttons import Buttons
from link import Link
from oled import Oled
from ui import UI, sooner

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


async def _main(ui, link):
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
    lazy.booted()
    if problem:
        ui.warn(problem)
    if started is not None:
        started(ui)
    asyncio.run(_main(ui, Link(ui)))
