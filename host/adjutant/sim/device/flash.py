"""The board's flash, for the simulator and the firmware tests alike: one chip, two stores.

As on a Pico, the filesystem is littlefs (vfs.VfsLfs2) on 4 KiB erase blocks,
programmed in 256-byte pages (`progsize=256`, as the rp2 port's _boot.py
mounts it). The simulator keeps the chip in an image file (FileFlash), the
firmware tests in RAM (RamFlash); both fail the same way:

- a power cut at block write number `fail_after` writes only the first half
  of that write, then raises PowerCut, as if the board lost power mid-program;
- from the cut until the next power-on the chip is dead: it reads and writes
  nothing. Code still runs here as the PowerCut unwinds (a `with` closing
  its file), where a board would have stopped: each of its writes raises the
  PowerCut again, so that no error of theirs (littlefs finding its write
  missing) replaces the cut, and no handler of flash errors carries on. A
  finaliser (a file dropped open) cannot raise: its writes are lost, as they
  would be on a board.
"""

import gc
import os
import sys

import vfs
from clock import PowerCut

BLOCK = 4096
PROGSIZE = 256  # bytes programmed at once: the rp2 port's littlefs geometry
ERASED = b"\xff" * BLOCK  # made once: littlefs may erase from a finaliser, with the heap locked,
# and the heap figures should count the firmware, not the simulator's scratch buffers


def littlefs(flash, format_first=False):
    """(filesystem, formatted): the flash as the rp2 port mounts it, a blank or ruined one formatted first."""
    if not format_first:
        try:
            return vfs.VfsLfs2(flash, progsize=PROGSIZE), False
        except OSError:
            pass
    vfs.VfsLfs2.mkfs(flash, progsize=PROGSIZE)
    return vfs.VfsLfs2(flash, progsize=PROGSIZE), True


class Flash:
    """The chip's behaviour; a store gives _read(pos, buf) and _write(pos, data)."""

    def __init__(self, blocks):
        self.blocks = blocks
        self.writes = 0
        self.fail_after = None  # power fails at this write
        self.dead = False  # from a power cut to the next power-on: nothing reaches the chip

    def readblocks(self, block, buf, offset=0):
        if not self.dead:
            self._read(block * BLOCK + offset, buf)

    def _dead(self):
        try:
            cut = PowerCut()
        except MemoryError:  # a finaliser: the heap is locked, and nothing may raise
            return
        raise cut

    def writeblocks(self, block, buf, offset=None):
        if self.dead:
            return self._dead()
        if offset is None:  # the simple protocol: erase, then program whole blocks
            for i in range(len(buf) // BLOCK):
                self.ioctl(6, block + i)
            offset = 0
        self.writes += 1
        if self.fail_after is not None and self.writes >= self.fail_after:
            self._write(block * BLOCK + offset, memoryview(buf)[: len(buf) // 2])
            self.fail_after = None
            self.cut()
            raise PowerCut()
        self._write(block * BLOCK + offset, buf)

    def cut(self):
        self.dead = True

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return BLOCK
        if op == 6:  # erase
            if self.dead:
                self._dead()
                return -5  # EIO, to a finaliser
            self._write(arg * BLOCK, ERASED)
            return 0
        return 0  # init, deinit, sync


class FileFlash(Flash):
    """The chip in an image file, kept between runs of the simulator."""

    def __init__(self, path, blocks):
        super().__init__(blocks)
        self.path = path
        try:
            f = open(path, "r+b")
            f.seek(0, 2)
            if f.tell() != blocks * BLOCK:
                f.close()
                raise OSError(22)
        except OSError:
            f = open(path, "w+b")
            for _ in range(blocks):
                f.write(ERASED)
            f.flush()
        self.file = f

    def _read(self, pos, buf):
        self.file.seek(pos)
        self.file.readinto(buf)

    def _write(self, pos, data):
        self.file.seek(pos)
        self.file.write(data)
        self.file.flush()

    def close(self):
        self.file.close()


class RamFlash(Flash):
    """The chip in RAM, for the firmware tests; `data` survives a power cycle (power_on)."""

    def __init__(self, blocks=64, data=None):
        super().__init__(blocks)
        self.data = bytearray(blocks * BLOCK) if data is None else data

    def power_on(self):
        """The same chip after the power returns, as a new device object; this one stays dead."""
        self.dead = True
        return RamFlash(self.blocks, self.data)

    def _read(self, pos, buf):
        buf[:] = self.data[pos : pos + len(buf)]

    def _write(self, pos, data):
        self.data[pos : pos + len(data)] = data


def mount_rom(path):
    """A ROMFS image as a board's ROM partition: .mpy code in it runs in place, not copied to RAM.

    The image is read into one buffer before the firmware allocates anything.
    Returns the heap that buffer takes, which the heap benchmark subtracts: a
    board keeps the image in memory-mapped flash.
    """
    gc.collect()
    before = gc.mem_alloc()
    rom = bytearray(os.stat(path)[6])
    with open(path, "rb") as f:
        f.readinto(rom)
    vfs.mount(vfs.VfsRom(rom), "/rom")
    sys.path.insert(0, "/rom")
    return gc.mem_alloc() - before
