"""Run the firmware tests on CPython too: the few MicroPython modules they touch, in plain Python.

Installed by tests/tools/mp_run.py before tests/firmware/ is imported, in a
process of its own (it replaces modules for the whole interpreter):

- `time` gains MicroPython's ticks functions (the simulator's clock wraps them);
- `micropython` gives const() and kbd_intr();
- `json.dump` writes to a bytes stream, as MicroPython's does;
- `framebuf` is a MONO_VLSB FrameBuffer with the drawing the firmware uses. Its
  text is a stand-in font (each glyph a pattern of its character code): tests
  read what a screen says from the drawing calls (table.py), not from the glyphs' pixels;
- `vfs` maps each simulated flash chip to a directory of its own, so the
  firmware's open() and os calls work as on the board's littlefs.

What needs littlefs itself (a torn block write, a full flash) stays
MicroPython-only: such tests say so with MICROPYTHON_ONLY.
"""

import io
import os
import sys
import tempfile
import time
import types

PERIOD = 1 << 30
FILE_MAX = 8 << 20  # bytes in any one file this process writes


def _ticks_diff(a, b):
    return ((a - b + PERIOD // 2) & (PERIOD - 1)) - PERIOD // 2


def install():
    # A directory has no size: a test that fills "the flash" must not fill the disk instead.
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an over-large write fails with EFBIG instead
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_MAX, FILE_MAX))

    time.ticks_ms = lambda: int(time.monotonic() * 1000) & (PERIOD - 1)
    time.ticks_us = lambda: int(time.monotonic() * 1_000_000) & (PERIOD - 1)
    time.ticks_diff = _ticks_diff
    time.ticks_add = lambda t, delta: (t + delta) & (PERIOD - 1)
    time.sleep_ms = lambda ms: time.sleep(ms / 1000)

    # MicroPython's gc says how much of its heap is free (the About screen shows it);
    # CPython has no fixed heap: a Pico's, as an example figure
    import gc

    gc.mem_free = lambda: 233_792
    gc.mem_alloc = lambda: 0

    micropython = types.ModuleType("micropython")
    micropython.const = lambda value: value
    micropython.kbd_intr = lambda char: None
    sys.modules["micropython"] = micropython

    # MicroPython's json.dump writes to a bytes stream too (the journal's lines are bytes)
    import json

    def dump(value, stream, **options):
        text = json.dumps(value, **options)
        stream.write(text.encode() if isinstance(stream, (io.BufferedIOBase, io.BytesIO)) else text)

    json_module = types.ModuleType("json")
    json_module.__dict__.update(json.__dict__)
    json_module.dump = dump
    sys.modules["json"] = json_module

    framebuf = types.ModuleType("framebuf")
    framebuf.MONO_VLSB = 0
    framebuf.FrameBuffer = FrameBuffer
    sys.modules["framebuf"] = framebuf

    import atexit
    import shutil

    atexit.register(lambda: [shutil.rmtree(d, ignore_errors=True) for d in _CREATED])

    vfs = types.ModuleType("vfs")
    vfs.VfsLfs2 = _Volume
    vfs.mount = _mount
    vfs.umount = _umount
    sys.modules["vfs"] = vfs

    _real_chdir = os.chdir

    def chdir(path):
        _real_chdir(MOUNTED[0] if path == "/flash" and MOUNTED[0] else path)

    os.chdir = chdir


class FrameBuffer:
    def __init__(self, buf, width, height, mode=0):
        self.buf = buf
        self.width = width
        self.height = height

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None if c is not None else 0
        i = x + (y >> 3) * self.width
        bit = 1 << (y & 7)
        if c is None:
            return 1 if self.buf[i] & bit else 0
        if c:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF
        return None

    def fill(self, c):
        value = 0xFF if c else 0
        for i in range(len(self.buf)):
            self.buf[i] = value

    def fill_rect(self, x, y, w, h, c):
        for yy in range(max(y, 0), min(y + h, self.height)):
            for xx in range(max(x, 0), min(x + w, self.width)):
                self.pixel(xx, yy, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.hline(x, y, w, c)
        self.hline(x, y + h - 1, w, c)
        self.vline(x, y, h, c)
        self.vline(x + w - 1, y, h, c)

    def ellipse(self, cx, cy, rx, ry, c, f=False, m=15):
        for yy in range(-ry, ry + 1):
            for xx in range(-rx, rx + 1):
                inside = (xx * xx) * (ry * ry) + (yy * yy) * (rx * rx) <= (rx * rx) * (ry * ry)
                if inside:
                    self.pixel(cx + xx, cy + yy, c)

    def text(self, s, x, y, c=1):
        for ch in s:
            code = ord(ch)
            for col in range(1, 7):
                bits = (code * (col + 3)) & 0x7F  # a stand-in glyph, different for each character
                for row in range(7):
                    if bits >> row & 1:
                        self.pixel(x + col, y + row, c)
            x += 8


MOUNTED = [None]  # the directory standing for /flash
_DIRS = {}  # id of a flash chip's data -> its directory
_CREATED = []  # every directory made, to remove at exit


def _new_dir():
    path = tempfile.mkdtemp(prefix="adjutant-flash-")
    _CREATED.append(path)
    return path


class _Volume:
    def __init__(self, flash, **options):
        self.flash = flash

    @staticmethod
    def mkfs(flash, **options):
        _DIRS[id(flash.data)] = _new_dir()

    def path(self):
        key = id(self.flash.data)
        if key not in _DIRS:
            _DIRS[key] = _new_dir()
        return _DIRS[key]


def _mount(volume, point):
    MOUNTED[0] = volume.path()


def _umount(point):
    if MOUNTED[0] is None:
        raise OSError(22, "not mounted")
    MOUNTED[0] = None
