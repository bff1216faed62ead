"""The names the firmware uses, taken in at boot: all of them, and room left in the pools.

MicroPython keeps each name (qstr) in pools that double and are never freed: on the rp2 build
as on the unix port, six pools hold 1,260 names, the seventh 1,280 more (7.7 KB in one piece on
a board), the eighth 2,560 more. Boot takes in every name the firmware uses (deploy's
interned_names.mpy, host/adjutant/interned_names.py), so the pools open while the heap is whole.
With a second game (The War) the firmware passed 1,200 names on this count: the
boards were measured again with the seventh pool open (bench/boards.py --quick: every board
plays all three runs with 30% of its heap cut), and the room left is now the seventh pool's.
"""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
SEVEN_POOLS = 2540  # names seven pools hold (20 + 40 + ... + 1,280), measured on both builds
ROOM = 60  # left for what a board names at run time: 1,072 of 1,260 on the rp2 build at 50568fd

# What a board has built in beside the firmware: imported before the names are taken in, as
# boot and MicroPython's own start do, so that only the firmware's names are counted.
_PORT_MODULES = "asyncio binascii deflate framebuf gc hashlib io json machine micropython os random select struct sys"


def _names_after_boot(tmp_path: pathlib.Path) -> list[int]:
    """The names MicroPython holds after the boot of deploy's build took in interned_names (main.py
    mounts the pack, runtime.py's imports, then the table), and after all the firmware's modules
    were imported then (the unix port: its pools are the rp2 build's)."""
    from adjutant.deploy import build
    from adjutant.firmware_pack import NAME, paths

    build(REPO, tmp_path)
    modules = sorted(
        ".".join(pathlib.PurePosixPath(path).with_suffix("").parts).removesuffix(".__init__")
        for path in paths(tmp_path / NAME)
        if path != "interned_names.mpy"
    )
    assert {"runtime", "screens.over", "link.pull", "shared_engine.the_war.rules"} <= set(modules)
    script = (
        "import %s, time\n" % ", ".join(_PORT_MODULES.split())
        + "sys.path.insert(0, '')\n"
        + "import firmware_pack\nassert firmware_pack.mount()\n"
        + "import runtime\n"  # the table, then its imports, as it boots
        + "micropython.qstr_info()\n"
        + "for m in %r:\n    __import__(m)\n" % modules
        + "micropython.qstr_info()\n"
    )
    done = subprocess.run(
        [str(pathlib.Path(sys.executable).parent / "micropython"), "-c", script],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    counts = [(int(p), int(n)) for p, n in re.findall(r"n_pool=(\d+), n_qstr=(\d+)", done.stdout)]
    assert len(counts) == 2, done.stdout + done.stderr
    return counts


def test_after_the_boot_took_in_its_names_no_import_of_the_firmwares_code_opens_a_pool(
    tmp_path: pathlib.Path,
) -> None:
    """A name made late, by the game-over screen's import or the link's pull code in a long
    session, could need a new pool of 1,280 names in one piece that a fragmented heap no longer
    has (on the rp2 build: the pull failed there at the Pico W's heap less 30%). runtime.py takes
    in deploy's interned_names.mpy as it loads, enough names to open the last pool the firmware
    fills, so every pool opens at boot; later names take their room in it."""
    (pools, names), (pools_after, names_after) = _names_after_boot(tmp_path)
    assert pools == 7 and pools_after == pools, (pools, names, pools_after, names_after)
    assert names_after > names  # the names of code loaded later come as it loads, in the room left


def test_the_firmwares_names_leave_room_in_the_seven_pools_a_board_opens_for_them(tmp_path: pathlib.Path) -> None:
    """Past 2,540 names a board opens an eighth pool, 15 KB more of its heap for good, late: the
    figures of bench/boards.py would have to be measured again and stated."""
    every = _names_after_boot(tmp_path)[1][1]
    assert every <= SEVEN_POOLS - ROOM, (
        "the firmware now has %d names, within %d of the %d that seven pools hold: measure the boards "
        "(bench/boards.py) and state the eighth pool, or name less" % (every, ROOM, SEVEN_POOLS)
    )


def test_the_names_of_the_code_a_board_boots_come_last_where_lookups_start(tmp_path: pathlib.Path) -> None:
    """MicroPython searches its name pools from the newest, which the table's last names fill: the
    boot's imports (interned_names.first_frame) find theirs soonest."""
    from adjutant.deploy import build
    from adjutant.firmware_pack import MOUNT, NAME, files
    from adjutant.interned_names import first_frame, import_names, names_of

    build(REPO, tmp_path)
    packed = files(tmp_path / NAME) | {path.name: path.read_bytes() for path in tmp_path.glob("*.mpy")}  # its loader
    table = names_of(packed["interned_names.mpy"])
    at = {name: i for i, name in enumerate(table)}
    booted: set[str] = set()
    for path, code in packed.items():
        if import_names(path)[1] in first_frame(REPO):
            booted |= set(names_of(code) + import_names(path, MOUNT))
    # the game-over screen's own names: its code loads long after boot
    late = (set(names_of(packed["screens/over.mpy"])) - booted) & set(table)  # those it holds
    assert late and {"MatScreen", "UI", "BytesIO"} <= booted <= set(table)
    assert min(at[name] for name in booted) > max(at[name] for name in late)
