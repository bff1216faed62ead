"""The board's flash: a littlefs image in a file, through MicroPython's block device protocol.

As on a Pico, the filesystem is vfs.VfsLfs2 on 4 KiB erase blocks. For the
power-cut tests a write can be made to fail part way: `fail_after` counts
block writes, and the one that reaches it writes only its first half, then
the power goes (PowerCut), as if the board lost power mid-program.
"""

from clock import PowerCut

BLOCK = 4096
ERASED = b"\xff" * BLOCK  # made once: littlefs may erase from a finaliser, with the heap locked,
# and the heap figures should count the firmware, not the simulator's scratch buffers


class FileFlash:
    def __init__(self, path, blocks):
        self.path = path
        self.blocks = blocks
        self.writes = 0
        self.fail_after = None  # power fails at this write
        self.dead = False  # from a power cut to the next power-on: nothing reaches the chip
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

    def readblocks(self, block, buf, offset=0):
        self.file.seek(block * BLOCK + offset)
        self.file.readinto(buf)

    def writeblocks(self, block, buf, offset=None):
        if self.dead:  # a file left open before the cut, closed by its finaliser
            raise OSError(5)
        if offset is None:  # the simple protocol: erase, then program whole blocks
            for i in range(len(buf) // BLOCK):
                self.ioctl(6, block + i)
            offset = 0
        self.writes += 1
        self.file.seek(block * BLOCK + offset)
        if self.fail_after is not None and self.writes >= self.fail_after:
            self.file.write(memoryview(buf)[: len(buf) // 2])
            self.file.flush()
            self.fail_after = None
            self.cut()
            raise PowerCut()
        self.file.write(buf)
        self.file.flush()

    def cut(self):
        self.dead = True

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return BLOCK
        if op == 6:  # erase
            if self.dead:
                return -5
            self.file.seek(arg * BLOCK)
            self.file.write(ERASED)
            return 0
        return 0  # init, deinit, sync

    def close(self):
        self.file.close()
