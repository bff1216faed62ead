"""The firmware's code in one file on the flash, as deploy packs it: an import finds its module
by one scan of the pack's index. On littlefs each import tries three names in turn (a package's
folder, the .py, the .mpy), each a walk of a folder's metadata of 1.5-3 ms on a Pico, and walks
again to open the file: about 190 ms of a board's boot, and part of every press that loads a screen.

firmware.pack holds a line with the index's length, the index ("\\n" path offset length for
each .mpy), then the files one after another. It is mounted at /p, first on sys.path; a module
it does not hold is looked for on the flash as before (a maker's own). The index stays on the
flash and a module goes to the loader a piece at a time: neither is ever whole in the heap.
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
        if request == _CLOSE:  # the module is loaded: the pack's file closes until the next import
            self.pack.rest()
        return 255 if request == _BUFFER_SIZE else 0  # the most the loader takes at a time


class Pack:
    """The pack as a file system import can read. Its index stays on the flash, read through in
    pieces at each lookup (3 KB of the heap less, for good); only its folders are held. Its file
    is open only within an import: a littlefs file holds 1.1 KB of the heap while open."""

    def __init__(self, name):
        self.name = name
        self.f = f = open(name, "rb")
        size = int(f.readline())
        self.index_at = f.tell()
        self.base = self.index_at + size
        index = f.read(size)  # once, at boot, with the heap whole: its folders
        folders = set()
        for line in index.split(b"\n"):
            path = line.split(b" ")[0]
            while b"/" in path:
                path = path.rsplit(b"/", 1)[0]
                folders.add(path)
        self.folders = tuple(folders)
        self.found = ("", (0, 0))  # the last lookup: import's stat of a .mpy, then its open
        self.rest()

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
        key = b"\n" + path[1:].encode() + b" "  # the path from the mount point: "/ui.mpy"
        f = self._file()
        piece = bytearray(_PIECE)
        at = self.index_at - 1  # the index's first line starts with its newline
        while at < self.base:
            f.seek(at)
            n = f.readinto(piece)
            i = piece.find(key, 0, n)
            if i >= 0:
                f.seek(at + i + len(key))
                offset, size = f.readline().split()
                self.found = (path, (self.base + int(offset), int(size)))
                return self.found[1]
            if n < _PIECE:
                break
            at += n - len(key)  # a key across the pieces' edge is whole in the next piece
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


_PIECE = 256  # the index is read in pieces of this many bytes


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
    if MOUNT not in sys.path:
        sys.path.insert(0, MOUNT)
    return True
