"""firmware.pack: the compiled modules in one file, for firmware/packed.py to mount on the board.

On a board's littlefs each import looks for a package folder, a .py and a .mpy, walking the
folders' metadata each time, before the file opens: about 15 ms a module on a Pico, a third of
its boot. Deploy packs the modules into one file instead; the board mounts it at /fw, first on
its import path, and finds each module by the pack's index.

The file: a first line "adjutant-pack 1 <modules> <index bytes> <modules' bytes>", then the
index, a line per module in the order of their bytes ("/screens/mat.mpy <size>"), then the
modules one after another.
main.py (source, as MicroPython boots it) and packed.mpy (which mounts the pack) stay files.
"""

from __future__ import annotations

import pathlib

from adjutant.errors import AdjutantError

NAME = "firmware.pack"
MOUNT = "/fw"  # firmware/packed.py's
LOADER = "packed.mpy"
MAGIC = b"adjutant-pack"


def pack(root: pathlib.Path) -> list[str]:
    """Pack every .mpy under `root` but the loader into root/firmware.pack, removing them and
    the folders they leave empty; returns their paths on the board ("screens/mat.mpy")."""
    modules = sorted(p for p in root.rglob("*.mpy") if p.relative_to(root).as_posix() != LOADER)
    index, data = [], bytearray()
    paths = []
    for module in modules:
        path = module.relative_to(root).as_posix()
        code = module.read_bytes()
        index.append("/%s %d\n" % (path, len(code)))
        data += code
        paths.append(path)
        module.unlink()
    for folder in sorted((p for p in root.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if not any(folder.iterdir()):
            folder.rmdir()
    text = "".join(index).encode()
    head = b"%s 1 %d %d %d\n" % (MAGIC, len(paths), len(text), len(data))
    (root / NAME).write_bytes(head + text + bytes(data))
    return paths


def unpack(path: pathlib.Path) -> dict[str, bytes]:
    """The modules in a pack by their path on the board; AdjutantError if it is not one."""
    blob = path.read_bytes()
    head, _, rest = blob.partition(b"\n")
    fields = head.split()
    if len(fields) != 5 or fields[0] != MAGIC or fields[1] != b"1":
        raise AdjutantError(f"{path.name} is not a firmware pack")
    count, size, total = (int(f) for f in fields[2:])
    lines, data = rest[:size].decode().splitlines(), rest[size:]
    if len(lines) != count or len(data) != total:
        raise AdjutantError(f"{path.name} is cut short")
    modules, at = {}, 0
    for line in lines:
        name, length = line.split()
        modules[name[1:]] = data[at : at + int(length)]
        at += int(length)
    return modules
