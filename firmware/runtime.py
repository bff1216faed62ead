"""Boot: build the hardware from the board definition and run the asyncio loop.

Three tasks share one loop: `buttons` polls the debouncer every few ms and
wakes `screen`, which handles events (writing actions to flash) and redraws
only what changed; `link` answers the host on the USB serial port.
"""

import asyncio
import os
import sys

import config
import machine
from buttons import Buttons
from link import Link
from oled import Oled
from ui import UI

POLL_MS = 5
FRAME_MS = 50  # the screen task wakes at least this often: long presses, toasts, sleep
WATCHDOG_MS = 8000  # the longest the RP2040 allows is 8,388 ms


def build(board_name=None):
    import boards

    board = boards.board(board_name)
    bus = board["i2c"]
    i2c = machine.I2C(bus["id"], sda=machine.Pin(bus["sda"]), scl=machine.Pin(bus["scl"]), freq=bus["freq"])
    shown = board["display"]
    gpio = board["gpio"]
    pins = "SDA=%s%d SCL=%s%d" % (gpio, bus["sda"], gpio, bus["scl"])
    display = Oled(i2c, shown["chip"], shown["addr"], shown["rotate"], pins)
    if display.fault is not None:
        print(display.problem())  # on the serial console; `adjutant info` says it too
    names = boards.BUTTONS
    pins = [machine.Pin(board["buttons"][name], machine.Pin.IN, machine.Pin.PULL_UP) for name in names]
    # Every board's definition is code on the heap; only the chosen one is needed from now on.
    del sys.modules["boards"]
    return board, display, Buttons(pins, names)


def _urandom_byte():
    return os.urandom(1)[0]


async def _buttons(ui, wake):
    while True:
        if ui.buttons.poll():
            wake.set()
        await asyncio.sleep_ms(POLL_MS)


async def _screen(ui, link, wake, watchdog):
    while True:
        try:
            await asyncio.wait_for_ms(wake.wait(), FRAME_MS)
        except asyncio.TimeoutError:
            pass
        wake.clear()
        ui.step()
        link.tick()
        watchdog.feed()


async def _main(ui, link):
    watchdog = machine.WDT(timeout=WATCHDOG_MS)
    wake = asyncio.Event()
    poller = asyncio.create_task(_buttons(ui, wake))
    reader = asyncio.create_task(link.run())
    try:
        await _screen(ui, link, wake, watchdog)
    finally:
        poller.cancel()
        reader.cancel()


def run(random_byte=_urandom_byte):
    settings, problem = config.load()
    board, display, buttons = build(settings["board"])
    ui = UI(display, buttons, random_byte, settings, board["name"])
    if problem:
        ui.warn(problem)
    asyncio.run(_main(ui, Link(ui)))
