"""The firmware's code in one file on the flash, as deploy packs it: an import finds its module
by a lookup in memory. On littlefs each import tries three names in turn (a package's folder,
the .py, the .mpy), each a walk of a folder's metadata of 1.5-3 ms on a Pico, and walks again to
open the file: about 190 ms of a board's boot, and part of every press that loads a screen.

firmware.pack holds a line with the index's length, the index ("\\n" path offset length for
each .mpy), then the files one after another. It is mounted at /p, first on sys.path; a module
it does not hold is looked for on the flash as before (a maker's own).
"""

import io
import sys

import vfs

MOUNT = "/p"
PACK = "firmware.pack"
# os.stat's answer as import reads it: the mode, then nine fields it never looks at
_FILE = (0x8000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_DIR = (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_BUFFER_SIZE = 11  # py/stream.h's MP_STREAM_GET_BUFFER_SIZE: the loader asks for its pieces' size


class _Stream(io.IOBase):
    """A module read as the loader asks for it, where its bytes are not to be had in one piece."""

    def __init__(self, f, left):
        self.f = f
        self.left = left

    def readinto(self, buf):
        n = min(len(buf), self.left)
        got = self.f.readinto(memoryview(buf)[:n]) if n > 0 else 0
        self.left -= got
        return got

    def ioctl(self, request, arg):
        return 255 if request == _BUFFER_SIZE else 0  # the most the loader takes at a time; a close


class Pack:
    def __init__(self, f):
        self.f = f
        self.index = f.read(int(f.readline()))
        self.base = f.tell()

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.f.close()

    def _entry(self, path):
        key = b"\n" + path[1:].encode() + b" "  # the path from the mount point: "/ui.mpy"
        at = self.index.find(key)
        if at < 0:
            raise OSError(2)
        offset, size = self.index[at + len(key) : self.index.index(b"\n", at + 1)].split()
        return self.base + int(offset), int(size)

    def stat(self, path):
        if path.endswith(".mpy"):
            self._entry(path)
            return _FILE
        if path.endswith(".py"):  # compiled code only: import goes on to the .mpy
            raise OSError(2)
        # import first asks whether a name is a package's folder; anything else sends it on to the files
        return _DIR if self.index.find(b"\n" + path[1:].encode() + b"/") >= 0 else _FILE

    def open(self, path, mode):
        offset, size = self._entry(path)
        f = self.f
        f.seek(offset)
        try:
            return io.BytesIO(f.read(size))  # one read of the flash: the loader takes a byte at a time
        except MemoryError:
            return _Stream(f, size)


def mount(folder=""):
    """Mount the pack in `folder` (the flash's root on a board); False where there is none (the
    checkout's loose modules, as the simulator and the phone page load them)."""
    try:
        f = open(folder + PACK, "rb")
    except OSError:
        return False
    try:
        vfs.umount(MOUNT)  # main.py run again from the REPL: the pack opened anew
    except OSError:
        pass
    vfs.mount(Pack(f), MOUNT)
    if MOUNT not in sys.path:
        sys.path.insert(0, MOUNT)
    return True
