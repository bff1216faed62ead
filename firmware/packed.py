"""The firmware's modules from one file, firmware.pack, when deploy made one (host/adjutant/firmware_pack.py).

main.py imports this first. On a board's littlefs every import looks for a package folder, a
.py and a .mpy, each a walk through the folders' metadata, before the file opens: about 15 ms a
module on a Pico, a third of its boot, and again each time a screen's code is read back in.
Mounted at /fw, first on the import path, the pack answers those lookups from its index (one
string in RAM) and reads each module from its one open file. Without a pack (the simulator
running a checkout, the phone page) this does nothing and the modules load from their files.
"""

import io
import sys
from binascii import crc32

try:
    from vfs import mount, umount
except ImportError:  # MicroPython before 1.23
    from os import mount, umount  # type: ignore[no-redef]

MOUNT = "/fw"
MAGIC = b"adjutant-pack"
_STAT_FILE = 0x8000
_DIR = (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_CLOSE = 4  # MicroPython's stream requests (py/stream.h)
_BUFFER_SIZE = 11
_READ_AT_ONCE = 512  # the importer's reads of a module; it asks the file (_BUFFER_SIZE)


class _Module(io.IOBase):
    """One module's bytes in the pack, read as a file by MicroPython's importer."""

    def __init__(self, pack, at, end):
        self.pack = pack
        self.at = at
        self.end = end

    def readinto(self, buf):
        left = self.end - self.at
        if left <= 0:
            return 0
        if left < len(buf):
            buf = memoryview(buf)[:left]
        self.pack.seek(self.at)
        got = self.pack.readinto(buf)
        self.at += got
        return got

    def ioctl(self, request, arg):
        if request == _BUFFER_SIZE:
            return _READ_AT_ONCE
        return 0 if request == _CLOSE else -1  # closing a module leaves the pack open


class Pack:
    """A read-only filesystem of the modules in the pack, as MicroPython's vfs.mount takes one."""

    def __init__(self, file, folders):
        self.file = file
        # {"/screens": b"\nmat.mpy 5123 3456\n...", ...}: where each module's bytes are in the file
        # and how many, by its folder. A bytes object a folder, searched: a dict of every path took
        # twice the heap, for good; one for the whole pack took 3 ms a search.
        self.folders = folders

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.file.close()

    def _find(self, path):
        """(where, size) of the module at `path` ("/screens/mat.mpy"), or None."""
        cut = path.rfind("/")
        index = self.folders.get(path[:cut])
        if index is None:
            return None
        at = index.find(b"\n%s " % path[cut + 1 :])
        if at < 0:
            return None
        where, size = index[at + len(path) - cut + 1 : index.find(b"\n", at + 1)].split()
        return int(where), int(size)

    def stat(self, path):
        found = self._find(path)
        if found is not None:
            return (_STAT_FILE, 0, 0, 0, 0, 0, found[1], 0, 0, 0)
        if path in self.folders:  # a package
            return _DIR
        raise OSError(2)  # ENOENT: the importer asks for a folder and a .py before the .mpy

    def open(self, path, mode):
        found = self._find(path)
        if found is None or "b" not in mode or "w" in mode or "a" in mode:
            raise OSError(2)
        return _Module(self.file, found[0], found[0] + found[1])


def read(path):
    """The pack at `path`; OSError if there is none, ValueError if it cannot be read whole."""
    f = open(path, "rb")
    try:
        head = f.readline().split()  # b"adjutant-pack 2 <index bytes> <modules' bytes> <index's crc32>"
        if len(head) != 5 or head[0] != MAGIC or head[1] != b"2":
            raise ValueError("not a firmware pack of this version")
        index = f.read(int(head[2]))
        end = f.tell() + int(head[3])
        if f.seek(0, 2) != end:
            raise ValueError("cut short: deploy again")
        if crc32(index) != int(head[4], 16):
            raise ValueError("its index is damaged: deploy again")
        folders = {}
        for line in index.split(b"\n"):  # "/screens/mat.mpy 5123 3456"
            if line:
                cut = line.rfind(b"/", 0, line.find(b" "))
                folder = line[:cut].decode()
                folders[folder] = folders.get(folder, b"\n") + line[cut + 1 :] + b"\n"
    except (OSError, ValueError) as e:
        f.close()
        raise ValueError(str(e))
    return Pack(f, folders)


def _mount():
    try:
        pack = read(__file__[: __file__.rfind("/") + 1] + "firmware.pack")
    except OSError:  # no pack: the modules are files
        return
    except ValueError as e:  # on the serial console; the modules' own files load, if any are left
        print("firmware.pack: %s" % e)
        return
    try:  # a board's reset forgets its mounts; the simulator's reboot, in one process, does not
        umount(MOUNT)
    except OSError:
        pass
    mount(pack, MOUNT)
    if MOUNT not in sys.path:
        sys.path.insert(0, MOUNT)


_mount()
