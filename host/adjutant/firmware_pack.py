"""firmware.pack: deploy's compiled modules in one file, as firmware/firmware_pack.py mounts it
on the board (that module says why): a line with the index's length, the index ("\\n" path
offset length for each .mpy), then the files one after another."""

from __future__ import annotations

import pathlib

NAME = "firmware.pack"
MOUNT = "/p"  # where the board mounts it, so the folder in every path an import makes there
LOOSE = ("firmware_pack.mpy",)  # what opens the pack stays a file of its own


def write(out: pathlib.Path) -> list[str]:
    """Move every .mpy under `out` but LOOSE into out/firmware.pack; the paths packed."""
    files = sorted(p for p in out.rglob("*.mpy") if p.relative_to(out).as_posix() not in LOOSE)
    index, data = [], bytearray()
    for path in files:
        code = path.read_bytes()
        index.append(b"\n%s %d %d" % (path.relative_to(out).as_posix().encode(), len(data), len(code)))
        data += code
    table = b"".join(index) + b"\n"
    (out / NAME).write_bytes(b"%d\n" % len(table) + table + data)
    packed = [p.relative_to(out).as_posix() for p in files]
    for path in files:
        path.unlink()
    for folder in sorted((p for p in out.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if not any(folder.iterdir()):
            folder.rmdir()
    return packed


def paths(pack: pathlib.Path) -> list[str]:
    """The paths a pack holds ("screens/menu.mpy"), from its index."""
    with pack.open("rb") as f:
        table = f.read(int(f.readline()))
    return [line.rsplit(b" ", 2)[0].decode() for line in table.split(b"\n") if line]


def folders(files: list[str]) -> list[str]:
    """The folders of these paths, the deepest first: the order they can be removed in once empty."""
    found = {"/".join(path.split("/")[:n]) for path in files for n in range(1, path.count("/") + 1)}
    return sorted(found, key=lambda folder: (-folder.count("/"), folder))


def files(pack: pathlib.Path) -> dict[str, bytes]:
    """Each path the pack holds, with its bytes."""
    data = pack.read_bytes()
    length, _, rest = data.partition(b"\n")
    table, body = rest[: int(length)], rest[int(length) :]
    found = {}
    for line in table.split(b"\n"):
        if line:
            path, at, size = line.rsplit(b" ", 2)
            found[path.decode()] = body[int(at) : int(at) + int(size)]
    return found
