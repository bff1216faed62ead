"""Maintenance: a boot that starts no game and no watchdog, so the REPL is free for mpremote.

A watchdog can't be stopped once started, and it outlives a soft reset, so a
maker's mpremote session longer than its 8 s needs a boot that never starts it.
Reached by holding BACK at power-up, or by `adjutant maintenance` (the link
leaves a `maintenance` file for the next boot); runtime.py checks both, and
loads this only then. Any reset leaves it.
"""

import gfx
import machine

# OK works until mpremote's first soft reset, which drops every pin's interrupt handler.
LINES = ("No watchdog: the", "REPL is free.", "OK: play again.", "After mpremote:", "unplug, or", "mpremote reset")


def show(display, ok):
    display.fill(0)
    gfx.bar(display, 0, "MAINTENANCE")
    for row, line in enumerate(LINES):
        gfx.text(display, line, 0, 11 + 9 * row)
    display.show()
    ok.irq(_restart, machine.Pin.IRQ_FALLING)
    print("Adjutant maintenance: no watchdog, the REPL is free. To play: OK on the device, or machine.reset()")


def _restart(_):
    machine.reset()
