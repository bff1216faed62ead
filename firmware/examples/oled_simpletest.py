"""Check the display's wiring before `adjutant deploy`. From the repository, with the board on USB:

    mpremote mount firmware run firmware/examples/oled_simpletest.py

It uses the board's pins and display from firmware/boards.py, lists what
answers on the I2C bus, then shows two pictures, 3 s each:

1. a frame round the edge of the panel, with the controller's name inside.
   All four edges must show. If the left edge is missing and the right one
   is noisy, the panel is the other controller (SSD1306 or SH1106).
2. the panel lit all over: a dark row or column is a damaged panel.

If it says "no display answers", check SDA and SCL (not swapped), VCC and
GND (some modules swap them: read the labels on the module, not a picture of
it), and the address on the module's back (0x3C or 0x3D): a module at the other one is
named, with the setting that moves the firmware to it (`adjutant settings addr=0x3D`).
"""

import time

import boards
import machine
from oled import Oled

SHOW_MS = 3000


def main(name=None, say=print):
    board = boards.board(name)
    bus = board["i2c"]
    gpio = board["gpio"]
    pins = "SDA=%s%d SCL=%s%d" % (gpio, bus["sda"], gpio, bus["scl"])
    i2c = machine.I2C(bus["id"], sda=machine.Pin(bus["sda"]), scl=machine.Pin(bus["scl"]), freq=bus["freq"])
    found = i2c.scan()
    say("%s, I2C on %s: %s" % (board["name"], pins, ", ".join("0x%02X" % a for a in found) or "nothing answers"))
    wanted = board["display"]
    display = Oled(i2c, wanted["chip"], wanted["addr"], wanted["rotate"], pins)
    if display.fault is not None:
        say(display.problem())
        return False
    display.fill(0)
    display.rect(0, 0, 128, 64, 1)
    display.text("Adjutant", 32, 20)
    display.text(wanted["chip"].upper(), 64 - 4 * len(wanted["chip"]), 36)
    display.show()
    say("1/2: a frame round the edge, all four sides: if the left is missing, change the chip")
    time.sleep_ms(SHOW_MS)
    display.fill(1)
    display.show()
    say("2/2: the whole panel lit")
    time.sleep_ms(SHOW_MS)
    display.fill(0)
    display.show()
    ok = display.fault is None
    say("display OK at 0x%02X" % wanted["addr"] if ok else display.problem())
    return ok


if __name__ == "__main__":
    main()
