"""firmware.pack: the compiled modules in one file, for firmware/packed.py to mount on the board.

On a board's littlefs each import looks for a package folder, a .py and a .mpy, walking the
folders' metadata each time, before the file opens: about 15 ms a module on a Pico, a third of
its boot. Deploy packs the modules into one file instead; the board mounts it at /fw, first on
its import path, and finds each module by the pack's index.

The file: a first line "adjutant-pack 2 <index bytes> <modules' bytes> <the index's crc32 in
hex>", then the index, a
line per module ("/screens/mat.mpy <where> <size>", where counted from the file's start; the
index starts with a newline, so every path is found as "\\n" + path + " "), then the modules.
main.py (source, as MicroPython boots it) and packed.mpy (which mounts the pack) stay files.
"""

from __future__ import annotations

import pathlib
import zlib

from adjutant.errors import AdjutantError

NAME = "firmware.pack"
MOUNT = "/fw"  # firmware/packed.py's
LOADER = "packed.mpy"
MAGIC = b"adjutant-pack"


def pack(root: pathlib.Path) -> list[str]:
    """Pack every .mpy under `root` but the loader into root/firmware.pack, removing them and
    the folders they leave empty; returns their paths on the board ("screens/mat.mpy")."""
    modules = sorted(p for p in root.rglob("*.mpy") if p.relative_to(root).as_posix() != LOADER)
    codes = {module.relative_to(root).as_posix(): module.read_bytes() for module in modules}
    for module in modules:
        module.unlink()
    for folder in sorted((p for p in root.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if not any(folder.iterdir()):
            folder.rmdir()
    total = sum(len(code) for code in codes.values())
    # where each module begins depends on the index's length, which holds those numbers: settled
    # by trying the index's own length until it no longer changes
    size = 0
    while True:
        head_size = len(b"%s 2 %d %d 00000000\n" % (MAGIC, size, total))
        at, lines = head_size + size, [b""]
        for path, code in codes.items():
            lines.append(b"/%s %d %d" % (path.encode(), at, len(code)))
            at += len(code)
        index = b"\n".join(lines) + b"\n"
        if len(index) == size:
            break
        size = len(index)
    head = b"%s 2 %d %d %08x\n" % (MAGIC, size, total, zlib.crc32(index))
    (root / NAME).write_bytes(head + index + b"".join(codes.values()))
    return list(codes)


def unpack(path: pathlib.Path) -> dict[str, bytes]:
    """The modules in a pack by their path on the board; AdjutantError if it is not one."""
    blob = path.read_bytes()
    head, _, _ = blob.partition(b"\n")
    fields = head.split()
    if len(fields) != 5 or fields[0] != MAGIC or fields[1] != b"2":
        raise AdjutantError(f"{path.name} is not a firmware pack")
    size, total = int(fields[2]), int(fields[3])
    start = len(head) + 1
    if len(blob) != start + size + total:
        raise AdjutantError(f"{path.name} is cut short")
    index = blob[start : start + size]
    if zlib.crc32(index) != int(fields[4], 16):
        raise AdjutantError(f"{path.name}'s index is damaged")
    modules = {}
    for line in index.decode().split("\n"):
        if line:
            name, where, length = line.split()
            modules[name[1:]] = blob[int(where) : int(where) + int(length)]
    return modules
