"""The firmware's code in one file on the flash, as deploy packs it: an import finds its module
by one line of the pack's index. On littlefs each import tries three names in turn (a package's
folder, the .py, the .mpy), each a walk of a folder's metadata of 1.5-3 ms on a Pico, and walks
again to open the file: about 190 ms of a board's boot, and part of every press that loads a screen.

firmware.pack holds a line with the index's length, the index ("\\n" path offset length for
each .mpy), then the files one after another. It is mounted at /p, first on sys.path; a module
it does not hold is looked for on the flash as before (a maker's own). The index is read whole
once, at mount, with the heap whole, and only a hash and an offset of each line are kept; a
module goes to the loader a piece at a time, never whole in the heap.
"""

import io
import sys
from array import array

import vfs

MOUNT = "/p"
PACK = "firmware.pack"
# os.stat's answer as import reads it: the mode, then nine fields it never looks at
_FILE = (0x8000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_DIR = (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_BUFFER_SIZE = 11  # py/stream.h's MP_STREAM_GET_BUFFER_SIZE: the loader asks for its pieces' size
_CLOSE = 4  # py/stream.h's MP_STREAM_CLOSE: the loader is done with the module


class _Stream(io.IOBase):
    """A module read as the loader asks for it: a large module's bytes in one piece would need a
    block of the heap its size, which a long game's heap may not have."""

    def __init__(self, pack, left):
        self.pack = pack
        self.left = left

    def readinto(self, buf):
        n = min(len(buf), self.left)
        got = self.pack.f.readinto(memoryview(buf)[:n]) if n > 0 else 0
        self.left -= got
        return got

    def ioctl(self, request, arg):
        if request == _CLOSE and not self.pack.held:  # loaded: the file closes until the next import
            self.pack.rest()
        return 255 if request == _BUFFER_SIZE else 0  # the most the loader takes at a time


class Pack:
    """The pack as a file system import can read. Its index stays on the flash: held are a
    16-bit hash of each path and where its line starts (4 B a module, 3 KB of the heap less than
    the index), so a lookup reads one line. Its file is open only within an import: a littlefs
    file holds 1.1 KB of the heap while open. While the boot imports its code, with the heap
    whole, it stays open from one import to the next (40 ms of a Pico's boot)."""

    def __init__(self, name):
        self.name = name
        self.f = f = open(name, "rb")
        size = int(f.readline())
        self.index_at = f.tell()
        self.base = self.index_at + size
        index = f.read(size)  # once, at boot, with the heap whole
        folders = set()
        hashes = bytearray()
        self.lines = array("H")
        at = 0
        for line in index.split(b"\n"):
            path = line.split(b" ")[0]
            if path:
                h = hash(path)
                hashes.append(h & 0xFF)
                hashes.append(h >> 8 & 0xFF)
                self.lines.append(at)
            at += len(line) + 1
            while b"/" in path:
                path = path.rsplit(b"/", 1)[0]
                folders.add(path)
        self.hashes = bytes(hashes)
        self.folders = tuple(folders)
        self.found = ("", (0, 0))  # the last lookup: import's stat of a .mpy, then its open
        self.held = True  # open from one import to the next until the boot's are done (booted)

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.rest()

    def rest(self):
        """Close the file (its littlefs buffer, 1.1 KB, goes) until the next import opens it again."""
        if self.f is not None:
            self.f.close()
            self.f = None

    def _file(self):
        if self.f is None:
            self.f = open(self.name, "rb")
        return self.f

    def _entry(self, path):
        if self.found[0] == path:
            return self.found[1]
        want = path[1:].encode()  # the path from the mount point: "/ui.mpy"
        h = hash(want)
        pair = bytes((h & 0xFF, h >> 8 & 0xFF))
        i = self.hashes.find(pair)
        while i >= 0:
            if not i & 1:  # a hash's own two bytes, not the end of one and the start of the next
                f = self._file()
                f.seek(self.index_at + self.lines[i >> 1])
                name, offset, size = f.readline().split()
                if name == want:
                    self.found = (path, (self.base + int(offset), int(size)))
                    return self.found[1]
            i = self.hashes.find(pair, i + 1)
        self.rest()  # not in the pack: import looks on the flash
        raise OSError(2)

    def stat(self, path):
        if path.endswith(".mpy"):
            self._entry(path)
            return _FILE
        if path.endswith(".py"):  # compiled code only: import goes on to the .mpy
            raise OSError(2)
        # import first asks whether a name is a package's folder; anything else sends it on to the files
        return _DIR if path[1:].encode() in self.folders else _FILE

    def open(self, path, mode):
        offset, size = self._entry(path)
        self._file().seek(offset)
        return _Stream(self, size)


def mount(folder=""):
    """Mount the pack in `folder` (the flash's root on a board); False where there is none (the
    checkout's loose modules, as the simulator and the phone page load them)."""
    try:
        pack = Pack(folder + PACK)
    except OSError:
        return False
    try:
        vfs.umount(MOUNT)  # main.py run again from the REPL: the pack opened anew
    except OSError:
        pass
    vfs.mount(pack, MOUNT)
    _mounted[:] = [pack]
    if MOUNT not in sys.path:
        sys.path.insert(0, MOUNT)
    return True


_mounted = []  # type: list[Pack]


def booted():
    """The boot's imports are done (lazy.booted): from now on the pack's file is open only
    within an import, its 1.1 KB of the heap free for the game's own files between them."""
    for pack in _mounted:
        pack.held = False
        pack.rest()
