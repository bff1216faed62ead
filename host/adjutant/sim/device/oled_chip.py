"""An SSD1306 / SH1106 controller, emulated from the bytes sent to it over I2C.

It follows the datasheets' command set: control bytes (Co and D/C bits),
multi-byte commands split across transfers, page, horizontal and vertical
addressing (SSD1306), the SH1106's 132-column RAM of which columns 2-129 are
visible, segment remap and COM scan direction, start line, contrast,
inversion, entire-display-on and display on/off. Runs on CPython and
MicroPython alike, so the simulator and the reference test share it.
"""

# Commands followed by argument bytes, and how many (0xAD: IREF select on the
# SSD1306B, DC-DC control on the SH1106).
ARGS = {
    "ssd1306": {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2, 0xAD: 1,
                0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1},
    "sh1106": {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1},
}  # fmt: skip
RAM_COLUMNS = {"ssd1306": 128, "sh1106": 132}
VISIBLE_FROM = {"ssd1306": 0, "sh1106": 2}
WIDTH = 128
HEIGHT = 64
PAGES = 8


CONTROL, ONE, REST, DATA = 0, 1, 2, 4  # what the next byte of a transfer is


class OledChip:
    def __init__(self, kind="ssd1306"):
        if kind not in ARGS:
            raise ValueError("unknown controller %r" % kind)
        self.kind = kind
        self.columns = RAM_COLUMNS[kind]
        self.ram = bytearray(self.columns * PAGES)
        self.args = ARGS[kind]
        self.pending = None  # (command, [arguments so far])
        self.on = False
        self.contrast = 0x7F if kind == "ssd1306" else 0x80
        self.inverted = False
        self.all_on = False
        self.seg_remap = False
        self.com_remap = False
        self.start_line = 0
        self.mode = 2  # page addressing after reset
        self.page = 0
        self.column = 0
        self.col_range = (0, self.columns - 1)
        self.page_range = (0, PAGES - 1)
        self.bytes_in = 0
        self.transfers = 0
        self.unknown = []  # commands it did not understand, for tests to see
        self.on_frame = None  # called once, when a whole frame's bytes have come (the first frame)
        self.frame_at = 0  # bytes_in then

    # -- the I2C side ---------------------------------------------------------

    def write(self, data):
        """One I2C write transfer (without the address byte): a buffer, or a list of them.

        Byte by byte, with no slices or joins: the simulator should not need heap
        that the firmware's heap figures would then be charged with.
        """
        self.transfers += 1
        expect = CONTROL
        for part in data if type(data) in (list, tuple) else (data,):
            self.bytes_in += len(part)
            for b in part:
                if expect == CONTROL:
                    # Co = 1: one byte, then another control byte; Co = 0: the rest is all one kind
                    expect = (ONE if b & 0x80 else REST) | (DATA if b & 0x40 else 0)
                    continue
                if expect & DATA:
                    self._data(b)
                else:
                    self._command(b)
                if expect & ONE:
                    expect = CONTROL
        if self.on_frame is not None and self.bytes_in >= self.frame_at:
            told, self.on_frame = self.on_frame, None
            told()

    def watch_frame(self, told):
        """Call `told` once a whole frame's bytes more have been written."""
        self.frame_at = self.bytes_in + self.columns * PAGES
        self.on_frame = told

    # -- commands -------------------------------------------------------------

    def _command(self, b):
        if self.pending is not None:
            cmd, got = self.pending
            got.append(b)
            if len(got) == self.args[cmd]:
                self.pending = None
                self._with_args(cmd, got)
            return
        if b in self.args:
            self.pending = (b, [])
        elif b <= 0x0F:
            self.column = (self.column & 0xF0) | b
        elif b <= 0x1F:
            self.column = (self.column & 0x0F) | (b & 0x0F) << 4
        elif 0x40 <= b <= 0x7F:
            self.start_line = b - 0x40
        elif 0xB0 <= b <= 0xB7:
            self.page = b - 0xB0
        elif b in (0xAE, 0xAF):
            self.on = b == 0xAF
        elif b in (0xA0, 0xA1):
            self.seg_remap = b == 0xA1
        elif b in (0xC0, 0xC8):
            self.com_remap = b == 0xC8
        elif b in (0xA6, 0xA7):
            self.inverted = b == 0xA7
        elif b in (0xA4, 0xA5):
            self.all_on = b == 0xA5
        elif b in (0x2E, 0x2F, 0xE3) or (self.kind == "sh1106" and (0x30 <= b <= 0x33 or b in (0xE0, 0xEE))):
            pass  # scrolling off/on, no-op, pump voltage, read-modify-write: no effect on pixels here
        else:
            self.unknown.append(b)

    def _with_args(self, cmd, a):
        if cmd == 0x81:
            self.contrast = a[0]
        elif cmd == 0x20:
            self.mode = a[0] & 3
        elif cmd == 0x21:
            self.col_range = (a[0] & 0x7F, a[1] & 0x7F)
            self.column = self.col_range[0]
        elif cmd == 0x22:
            self.page_range = (a[0] & 7, a[1] & 7)
            self.page = self.page_range[0]

    # -- display RAM ----------------------------------------------------------

    def _data(self, b):
        if self.column < self.columns:
            self.ram[self.page * self.columns + self.column] = b
        if self.mode == 2:  # page addressing: the column advances and wraps (SSD1306) or stops (SH1106)
            self.column += 1
            if self.column >= self.columns and self.kind == "ssd1306":
                self.column = 0
        elif self.mode == 0:  # horizontal: column within its range, then the next page
            if self.column >= self.col_range[1]:
                self.column = self.col_range[0]
                self.page = self.page_range[0] if self.page >= self.page_range[1] else self.page + 1
            else:
                self.column += 1
        else:  # vertical: page within its range, then the next column
            if self.page >= self.page_range[1]:
                self.page = self.page_range[0]
                self.column = self.col_range[0] if self.column >= self.col_range[1] else self.column + 1
            else:
                self.page += 1

    # -- what the glass shows ---------------------------------------------------

    def pixel(self, x, y):
        """1 if the pixel at (x, y) from the top left is lit, as a viewer sees it."""
        if not self.on:
            return 0
        if self.all_on:
            return 1
        first = VISIBLE_FROM[self.kind]
        column = x + first if self.seg_remap else self.columns - 1 - first - x
        line = ((y if self.com_remap else HEIGHT - 1 - y) + self.start_line) % HEIGHT
        bit = (self.ram[(line >> 3) * self.columns + column] >> (line & 7)) & 1
        return bit ^ 1 if self.inverted else bit

    def frame(self):
        """What the glass shows as 1,024 bytes, MONO_VLSB like a framebuf: page by page."""
        out = bytearray(WIDTH * PAGES)
        for y in range(HEIGHT):
            mask = 1 << (y & 7)
            row = (y >> 3) * WIDTH
            for x in range(WIDTH):
                if self.pixel(x, y):
                    out[row + x] |= mask
        return out
