"""SSD1306 / SH1106 128x64 OLED over I2C that sends only what changed.

The common drivers resend the whole 1,024-byte frame on every show(). This
one keeps a copy of what the panel holds and, for each 128-byte page, sends
only the runs of columns that changed: a typical button press changes a few
pages, a few dozen bytes each. Page addressing is used
for both chips, as the SH1106 has no horizontal mode and its 132-column RAM
shows columns 2-129.
"""

import time

import framebuf

WIDTH = 128
HEIGHT = 64
PAGES = HEIGHT // 8
CMD = b"\x00"  # control byte: the rest of the transfer is commands
DATA = b"\x40"  # control byte: the rest of the transfer is display data

INIT = {
    # off, page addressing, start line 0, mux 64, offset 0, clock, COM pins,
    # precharge, VCOMH, contrast, RAM shown, not inverted, charge pump on
    "ssd1306": b"\xae\x20\x02\x40\xa8\x3f\xd3\x00\xd5\x80\xda\x12\xd9\xf1\xdb\x30\x81\x7f\xa4\xa6\x8d\x14",
    # off, start line 0, mux 64, offset 0, clock, COM pins, precharge,
    # VCOMH, DC-DC on, pump 8 V, contrast, RAM shown, not inverted
    "sh1106": b"\xae\x40\xa8\x3f\xd3\x00\xd5\x80\xda\x12\xd9\x22\xdb\x35\xad\x8b\x32\x81\x7f\xa4\xa6",
}
COLUMN_OFFSET = {"ssd1306": 0, "sh1106": 2}
GAP = 7  # unchanged columns worth resending rather than starting a new run
RETRY_MS = 2000  # how often a display that stopped answering is tried again


class Oled(framebuf.FrameBuffer):
    def __init__(self, i2c, chip="ssd1306", addr=0x3C, rotate=0, pins="the I2C pins"):
        if chip not in INIT:
            raise ValueError("display chip must be ssd1306 or sh1106, not %r" % chip)
        self.i2c = i2c
        self.addr = addr
        self.pins = pins  # e.g. "SDA=GP4 SCL=GP5", for the builder's message
        self.chip = chip
        self.offset = COLUMN_OFFSET[chip]
        self.buffer = bytearray(WIDTH * PAGES)
        self.shown = bytearray(WIDTH * PAGES)  # what the panel's RAM holds
        self.stale = True  # panel RAM unknown: the next show() sends everything
        self.on = True  # the state to restore when the panel answers again
        self.degrees = rotate
        # A missing or miswired display must not stop the device: the game goes on
        # in the frame buffer, and the panel is tried again every RETRY_MS.
        self.fault = None  # the OSError of the last transfer that failed
        self.tried = 0
        super().__init__(self.buffer, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.start()

    def start(self):
        """Initialise the controller; False if it does not answer."""
        self.fault = None
        self.tried = time.ticks_ms()
        self.command(INIT[self.chip])
        self.rotate(self.degrees)
        self.power(self.on)
        return self.fault is None

    def problem(self):
        """What the builder should check when the panel does not answer, else None."""
        if self.fault is None:
            return None
        return "no display answers at 0x%02X on %s: check the wiring and the address" % (self.addr, self.pins)

    def _write(self, vector):
        if self.fault is not None:
            return False
        try:
            self.i2c.writevto(self.addr, vector)
            return True
        except OSError as e:  # no ACK: unplugged, wrong address, wrong pins
            self.fault = e
            self.stale = True
            return False

    def command(self, codes):
        self._write((CMD, codes))

    def power(self, on):
        self.command(b"\xaf" if on else b"\xae")
        self.on = on

    def contrast(self, level):
        self.command(bytes((0x81, max(0, min(255, level)))))

    def invert(self, on):
        self.command(b"\xa7" if on else b"\xa6")

    def rotate(self, degrees):
        """0 or 180: mirrors segments and COM scan, then redraws all."""
        if degrees not in (0, 180):
            raise ValueError("rotation must be 0 or 180, not %r" % degrees)
        self.degrees = degrees
        self.command(b"\xa1\xc8" if degrees == 0 else b"\xa0\xc0")
        self.stale = True

    def show(self):
        """Send each run of changed columns, page by page.

        Runs closer than GAP columns are sent as one: a new run costs 7 bytes
        on the wire (a 3-byte position command and a data header, each in its
        own transfer with its address byte), so resending a few unchanged
        bytes is cheaper than starting again.
        """
        if self.fault is not None:
            if time.ticks_diff(time.ticks_ms(), self.tried) < RETRY_MS or not self.start():
                return
        buf = self.buffer
        shown = self.shown
        for page in range(PAGES):
            start = page * WIDTH
            end = start + WIDTH
            if self.stale:
                self._send(page, start, end - 1)
                continue
            i = start
            while i < end:
                if buf[i] == shown[i]:
                    i += 1
                    continue
                first = last = i
                i += 1
                while i < end and i - last <= GAP:
                    if buf[i] != shown[i]:
                        last = i
                    i += 1
                self._send(page, first, last)
                i = last + 1
        self.stale = self.fault is not None

    def _send(self, page, first, last):
        column = first - page * WIDTH + self.offset
        self.command(bytes((0xB0 | page, column & 0x0F, 0x10 | column >> 4)))
        if self._write((DATA, memoryview(self.buffer)[first : last + 1])):
            self.shown[first : last + 1] = self.buffer[first : last + 1]
