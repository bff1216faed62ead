"""The scripted game in one MicroPython process, each press marked for callgrind (runs under micropython).

    valgrind --tool=callgrind --dump-before=time_ticks_cpu \
        micropython -X heapsize=N bench/press_work.py REPO CODE FLASH_IMAGE

CODE holds firmware/ and shared_engine/: this repository, or an earlier
version of it (the anchor). The firmware runs on the simulator's pins, clock
and flash; its I2C bus only counts bytes, so the simulated panel's decoding
is not counted as the firmware's work. The loop is driven as the firmware's
own runtime drives it: woken by button edges and by what falls due, or, for
firmware from before that design, polled every 5 ms with a frame at least
every 50 ms.

`time.ticks_cpu()`, which nothing else here calls, marks each boundary; with
--dump-before callgrind writes one profile part per stretch: the harness's
start, boot to the first screen, then one part per press (pin down, held,
released, and 100 ms after), each followed by a part for the player's pause
before the next press (scripted_game.PAUSE_MS), where the firmware does what it
keeps out of presses (folding the journal into a snapshot). The last line printed says whether the game
ended as the rules say; the first, the heap the harness itself holds live
before boot (bench/instructions.py sizes the heap from it, a Pico's on top).
The flash chip is an image file, as in the simulator: a chip in a bytearray
would sit in the GC heap, scanned at every collection, which a board's flash
is not.
"""

import sys

repo, code, image = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path[:0] = [code + "/firmware", code, repo + "/host/adjutant/sim/device", repo]

import clock  # noqa: E402

sys.modules["time"] = clock.time_module
sys.modules["select"] = clock.select_module
import machine  # noqa: E402

sys.modules["machine"] = machine
import gc  # noqa: E402
import os  # noqa: E402

import vfs  # noqa: E402
from clock import CLOCK  # noqa: E402
from flash import FileFlash, littlefs  # noqa: E402

from bench import scripted_game, scripted_game_before  # noqa: E402
from bench.stand_ins import Dice, Flag  # noqa: E402

mark = clock._real_time.ticks_cpu
NAMES = ("UP", "DOWN", "OK", "BACK")
PINS = {"UP": 10, "DOWN": 11, "OK": 12, "BACK": 13}
POLL_MS = 5  # the earlier design's button poll
FRAME_MS = 50  # and its screen task's longest wait
SETTLE_MS = 100
PAUSE_MS = scripted_game.PAUSE_MS


class Bus:
    """An I2C bus that takes every transfer and only counts it."""

    sent = 0

    def writevto(self, addr, vector, stop=True):
        for part in vector:
            Bus.sent += len(part)


dice = Dice(3)


def allow(ms):
    CLOCK.until = CLOCK.now + ms
    CLOCK.advance(ms)


def now():
    return CLOCK.now & 0x3FFFFFFF


def run_woken(device, wake, ms):
    """This design's loop: asleep until an edge or until the UI has something due."""
    end = CLOCK.now + ms
    while True:
        if wake.state:
            wake.state = False
            device.step()
            continue
        wait = device.due(now())
        if wait is None or CLOCK.now + wait > end:
            allow(end - CLOCK.now)
            return
        allow(wait)
        device.step()


def run_polled(device, ms, since):
    """The earlier loop: poll the buttons every 5 ms, step on events or every 50 ms."""
    for _ in range(ms // POLL_MS):
        allow(POLL_MS)
        if device.buttons.poll() or CLOCK.now - since[0] >= FRAME_MS:
            device.step()
            since[0] = CLOCK.now


vfs.mount(littlefs(FileFlash(image, 64), True)[0], "/flash")
os.chdir("/flash")
machine.Pin.pins = {}
pins = [machine.Pin(PINS[name], machine.Pin.IN, machine.Pin.PULL_UP) for name in NAMES]
allow(1)
gc.collect()
print("harness %d" % gc.mem_alloc())
mark()  # -- the harness is ready: boot begins
from buttons import Buttons  # noqa: E402
from oled import Oled  # noqa: E402

display = Oled(Bus(), "ssd1306", 0x3C, 0)
buttons = Buttons(pins, NAMES)
try:
    try:
        import settings_file as config
    except ImportError:  # the anchors' firmware: the settings file was config.py
        import config  # type: ignore[no-redef]
    from ui import UI

    settings, _ = config.load()
    device = UI(display, buttons, dice, settings, "bench", now=now())
    woken = True
    if "attack" in config.DEFAULTS:  # the turn as it is pressed now (the presses merged)
        events = scripted_game.events(False)
    else:  # the battle's entry opens by itself after 5ab3fa3
        events = scripted_game_before.events(False, "battles" in config.DEFAULTS)
except ImportError:  # firmware from before the Session/UI design
    from app import App

    device = App(display, buttons, dice, "bench", now=now())
    woken = False
    events = scripted_game_before.events(False, False)
device.step()
mark()  # -- the first screen is on the panel
wake = Flag()
buttons.wake = wake
since = [CLOCK.now]
presses = 0
for button, ms in events:
    for level, held in ((0, ms), (1, SETTLE_MS)):
        machine.Pin.pins[PINS[button]].set_level(level)
        if woken:
            run_woken(device, wake, held)
        else:
            run_polled(device, held, since)
    presses += 1
    mark()  # -- one press
    if woken:  # the player's pause before the next press: what waits for one is done now
        run_woken(device, wake, PAUSE_MS)
    else:
        run_polled(device, PAUSE_MS, since)
    mark()  # -- the pause after it
session = getattr(device, "session", device)
final = session.game.state.result[0] if session.game.state.result else None
print("presses %d, i2c %d, final %s, expected %s" % (presses, Bus.sent, final, scripted_game.expected_totals()))
