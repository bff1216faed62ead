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
from array import array

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

    def __init__(self, file, modules, starts, packages):
        self.file = file
        self.modules = modules  # {"/screens/mat.mpy": its number}: a dict, as each import asks six times
        self.starts = starts  # where each module's bytes begin in the file, and where the last ends
        self.packages = packages  # {"/screens": None, ...}

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.file.close()

    def stat(self, path):
        number = self.modules.get(path)
        if number is not None:
            return (_STAT_FILE, 0, 0, 0, 0, 0, self.starts[number + 1] - self.starts[number], 0, 0, 0)
        if path in self.packages:
            return _DIR
        raise OSError(2)  # ENOENT: the importer asks for a folder and a .py before the .mpy

    def open(self, path, mode):
        number = self.modules.get(path)
        if number is None or "b" not in mode or "w" in mode or "a" in mode:
            raise OSError(2)
        return _Module(self.file, self.starts[number], self.starts[number + 1])


def read(path):
    """The pack at `path`; OSError if there is none, ValueError if it cannot be read whole."""
    f = open(path, "rb")
    try:
        head = f.readline().split()  # b"adjutant-pack 1 <modules> <index bytes> <modules' bytes>"
        if len(head) != 5 or head[0] != MAGIC or head[1] != b"1":
            raise ValueError("not a firmware pack of this version")
        count, index_size, size = int(head[2]), int(head[3]), int(head[4])
        modules, packages, starts = {}, {}, array("I", bytes(4 * (count + 1)))
        lines = f.read(index_size).split(b"\n")  # "/screens/mat.mpy 3456": a module and its size, in order
        at = f.tell()
        try:
            for number in range(count):
                name, length = lines[number].split()
                name = name.decode()
                modules[name] = number
                packages[name[: name.rfind("/")]] = None
                starts[number] = at
                at += int(length)
        except (ValueError, IndexError):
            raise ValueError("its index is damaged: deploy again")
        starts[count] = at
        del lines
        if f.seek(0, 2) != at or at - starts[0] != size or len(modules) != count:
            raise ValueError("cut short: deploy again")
    except (OSError, ValueError) as e:
        f.close()
        raise ValueError(str(e))
    return Pack(f, modules, starts, packages)


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
