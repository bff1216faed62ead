"""SSD1306 / SH1106 128x64 OLED over I2C that sends only what changed.

The common drivers resend the whole 1,024-byte frame on every show(). This
one keeps a copy of what the panel holds and, for each 128-byte page, sends
only the runs of columns that changed: a typical button press changes a few
pages, a few dozen bytes each. Page addressing is used
for both chips, as the SH1106 has no horizontal mode and its 132-column RAM
shows columns 2-129. The transfer buffers are made once, as micropython-lib's
ssd1306.py does, so a refresh allocates next to nothing.
"""

import time

import framebuf
from micropython import const

WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)  # rows of 8 pixels, one byte per column

# Control byte at the start of each transfer: what the rest of it is.
_CONTROL_CMD = const(0x00)
_CONTROL_DATA = const(0x40)

# Commands, as both datasheets name them (SSD1306 section 9, SH1106 section 8).
_SET_CONTRAST = const(0x81)  # then 0-255
_NORMAL = const(0xA6)  # 0xA7: inverted
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_SEG_REMAP = const(0xA0)  # | 1: column 127 is SEG0 (mirror left-right)
_COM_SCAN_UP = const(0xC0)  # 0xC8: scan from COM63 (mirror top-bottom)
_COM_SCAN_DOWN = const(0xC8)
_PAGE_ADDR = const(0xB0)  # | page: where the next data goes
_COLUMN_LOW = const(0x00)  # | low nibble of the column
_COLUMN_HIGH = const(0x10)  # | high nibble of the column

# fmt: off
INIT = {
    "ssd1306": bytes(
        (
            0xAE,  # display off while it is set up
            0x20, 0x02,  # memory addressing: page mode, as the SH1106 has only that
            0x40,  # RAM start line 0
            0xA8, 0x3F,  # multiplex ratio: 64 rows
            0xD3, 0x00,  # display offset 0
            0xD5, 0x80,  # clock divide 1, oscillator at its reset frequency
            0xDA, 0x12,  # COM pins: alternative layout, as on 128x64 modules
            0xD9, 0xF1,  # precharge: 15 clocks phase 2, 1 clock phase 1 (internal charge pump)
            0xDB, 0x30,  # VCOMH deselect level about 0.83 x VCC
            0x81, 0x7F,  # contrast: the middle, until the settings set it
            0xA4,  # show the RAM
            0xA6,  # not inverted
            0x8D, 0x14,  # charge pump on: the module has no external supply for the panel
        )
    ),
    "sh1106": bytes(
        (
            0xAE,  # display off while it is set up
            0x40,  # RAM start line 0
            0xA8, 0x3F,  # multiplex ratio: 64 rows
            0xD3, 0x00,  # display offset 0
            0xD5, 0x80,  # clock divide 1, oscillator at its reset frequency
            0xDA, 0x12,  # COM pins: alternative layout
            0xD9, 0x22,  # precharge: 2 clocks each phase (the SH1106's reset value)
            0xDB, 0x35,  # VCOMH deselect level (reset value)
            0xAD, 0x8B,  # DC-DC converter on: the SH1106's own pump for the panel
            0x32,  # pump voltage 8.0 V
            0x81, 0x7F,  # contrast: the middle, until the settings set it
            0xA4,  # show the RAM
            0xA6,  # not inverted
        )
    ),
}
# fmt: on
COLUMN_OFFSET = {"ssd1306": 0, "sh1106": 2}
GAP = const(7)  # unchanged columns worth resending rather than starting a new run
# A changed page is compared in chunks of this many columns (in C), and only the ends of a run of
# changed chunks byte by byte (in Python, about 1,800 cycles a byte on an RP2040).
CHUNK = const(32)
RETRY_MS = const(2000)  # how often a display that stopped answering is tried again
_BLANK = bytes(256)  # dark columns, copied over the frame to clear it


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
        # Made once and reused: a refresh sends a dozen runs, each a command and its data.
        self._frame = memoryview(self.buffer)
        self._held = memoryview(self.shown)
        # Each chunk of both, as views made once: a view made at each comparison would be garbage.
        self._frame_chunks = [self._frame[i : i + CHUNK] for i in range(0, WIDTH * PAGES, CHUNK)]
        self._held_chunks = [self._held[i : i + CHUNK] for i in range(0, WIDTH * PAGES, CHUNK)]
        self._head = bytearray(1)  # the control byte of a transfer
        self._cmd = bytearray(3)  # up to 3 command bytes: page, column low, column high
        self._one = memoryview(self._cmd)[:1]
        self._two = memoryview(self._cmd)[:2]
        self._vector = [self._head, None]  # writevto's list: control byte, then the bytes
        self.stale = True  # panel RAM unknown: the next show() sends everything
        self.on = True  # the state to restore when the panel answers again
        self.degrees = rotate
        # A missing or miswired display must not stop the device: the game goes on
        # in the frame buffer, and the panel is tried again every RETRY_MS.
        self.fault = None  # the OSError of the last transfer that failed
        self.tried = time.ticks_ms()
        super().__init__(self.buffer, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.start()

    def fill(self, color):
        """framebuf's fill sets pixel by pixel; clearing copies dark bytes, about a tenth of the work."""
        if color:
            super().fill(color)
            return
        frame = self._frame
        step = len(_BLANK)
        for start in range(0, WIDTH * PAGES, step):
            frame[start : start + step] = _BLANK

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
        other = self.addr ^ 1  # modules come at 0x3C or 0x3D, set by a resistor on the back
        try:
            moved = other in self.i2c.scan()
        except OSError:  # a bus held low answers nothing
            moved = False
        if moved:
            return "the display answers at 0x%02X, not 0x%02X: set it with `adjutant settings addr=0x%02X`" % (
                other,
                self.addr,
                other,
            )
        return "no display answers at 0x%02X on %s: check the wiring and the address" % (self.addr, self.pins)

    def _write(self, control, payload):
        if self.fault is not None:
            return False
        self._head[0] = control
        self._vector[1] = payload
        try:
            self.i2c.writevto(self.addr, self._vector)
            return True
        except OSError as e:  # no ACK: unplugged, wrong address, wrong pins
            self.fault = e
            self.stale = True
            return False
        finally:
            self._vector[1] = None  # let the frame's slice go

    def command(self, codes):
        self._write(_CONTROL_CMD, codes)

    def _command1(self, code):
        self._cmd[0] = code
        self._write(_CONTROL_CMD, self._one)

    def _command2(self, code, value):
        self._cmd[0] = code
        self._cmd[1] = value
        self._write(_CONTROL_CMD, self._two)

    def power(self, on):
        self._command1(_DISPLAY_ON if on else _DISPLAY_OFF)
        self.on = on

    def contrast(self, level):
        self._command2(_SET_CONTRAST, max(0, min(255, level)))

    def invert(self, on):
        self._command1(_NORMAL | (1 if on else 0))

    def rotate(self, degrees):
        """0 or 180: mirrors segments and COM scan, then redraws all."""
        if degrees not in (0, 180):
            raise ValueError("rotation must be 0 or 180, not %r" % degrees)
        self.degrees = degrees
        if degrees == 0:
            self._command2(_SEG_REMAP | 1, _COM_SCAN_DOWN)
        else:
            self._command2(_SEG_REMAP, _COM_SCAN_UP)
        self.stale = True

    def show(self, area=None):
        """Send each run of changed columns, page by page.

        Runs closer than GAP columns are sent as one: a new run costs 7 bytes
        on the wire (a 3-byte position command and a data header, each in its
        own transfer with its address byte), so resending a few unchanged
        bytes is cheaper than starting again.

        `area` (x, y, w, h) is where the caller expects the change, such as
        the digits of a count: where a page changed only inside its columns,
        only those are scanned. It is a hint: a change anywhere else is
        still found and sent.
        """
        if self.fault is not None:
            if time.ticks_diff(time.ticks_ms(), self.tried) < RETRY_MS or not self.start():
                return
        frame = self._frame
        held = self._held
        for page in range(PAGES):
            start = page * WIDTH
            end = start + WIDTH
            if self.stale:
                self._send(page, start, end - 1)
                continue
            if frame[start:end] == held[start:end]:
                continue  # compared in C: most pages of a refresh have not changed
            if area is not None and area[1] < page * 8 + 8 and page * 8 < area[1] + area[3]:
                left = start + area[0]
                right = left + area[2]
                if frame[start:left] == held[start:left] and frame[right:end] == held[right:end]:
                    self._diff(page, left, right)  # the rest of the page is as shown: the byte scan skips it
                    continue
            self._chunked(page)
        if self.fault is None:
            self.shown[:] = self.buffer  # the panel holds it all now; after a fault, all is sent again
        self.stale = self.fault is not None

    def _diff(self, page, start, end):
        """Send the page's runs of changed columns.

        One pass over the columns, allocating nothing: C could compare
        chunks faster, but each memoryview slice it needs is a new object,
        and a refresh would leave kilobytes of garbage for the collector.
        """
        buf = self.buffer
        shown = self.shown
        first = last = -GAP - 1
        for i in range(start, end):
            if buf[i] != shown[i]:
                if i - last > GAP:
                    if first >= start:
                        self._send(page, first, last)
                    first = i
                last = i
        if first >= start:  # a hinted area may hold no change in this page
            self._send(page, first, last)

    def _chunked(self, page):
        """Send the page's runs of changed chunks, each trimmed to its first and last changed column."""
        frames = self._frame_chunks
        helds = self._held_chunks
        first = last = -1
        per_page = WIDTH // CHUNK
        for k in range(page * per_page, page * per_page + per_page):
            if frames[k] != helds[k]:
                if first < 0:
                    first = k
                last = k
            elif first >= 0:
                self._trimmed(page, first, last)
                first = -1
        if first >= 0:
            self._trimmed(page, first, last)

    def _trimmed(self, page, first, last):
        buf = self.buffer
        shown = self.shown
        lo = first * CHUNK
        hi = last * CHUNK + CHUNK - 1
        while buf[lo] == shown[lo]:  # the chunk holds a change: the scan stops in it
            lo += 1
        while buf[hi] == shown[hi]:
            hi -= 1
        self._send(page, lo, hi)

    def _send(self, page, first, last):
        column = first - page * WIDTH + self.offset
        cmd = self._cmd
        cmd[0] = _PAGE_ADDR | page
        cmd[1] = _COLUMN_LOW | (column & 0x0F)
        cmd[2] = _COLUMN_HIGH | (column >> 4)
        self._write(_CONTROL_CMD, cmd)
        self._write(_CONTROL_DATA, self._frame[first : last + 1])
