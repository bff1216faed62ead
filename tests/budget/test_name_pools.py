"""The names the firmware uses, taken in at boot: all of them, and room left in the pools.

MicroPython keeps each name (qstr) in pools that double and are never freed: on the rp2 build
as on the unix port, six pools hold 1,260 names, the seventh 1,280 more (7.7 KB in one piece on
a board), the eighth 2,560 more. Boot takes in every name the firmware uses (deploy's
interned_names.mpy, host/adjutant/interned_names.py) right after the first frame, into room held
for them since boot began (runtime.py), so the pools open in one piece as in a whole heap.
With a second game (The War, issue 44) the firmware passed 1,200 names on this count: the
boards were measured again with the seventh pool open (bench/boards.py --quick: every board
plays all three runs with 30% of its heap cut), and the room left is now the seventh pool's.
"""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

from adjutant.firmware_pack import NAME, unpack

REPO = pathlib.Path(__file__).resolve().parents[2]
SEVEN_POOLS = 2540  # names seven pools hold (20 + 40 + ... + 1,280), measured on both builds
ROOM = 60  # left for what a board names at run time: 1,072 of 1,260 on the rp2 build at 50568fd

# What a board has built in beside the firmware: imported before the names are taken in, as
# boot and MicroPython's own start do, so that only the firmware's names are counted.
_PORT_MODULES = "asyncio binascii deflate framebuf gc hashlib io json machine micropython os random select struct sys"


def _on_the_board(tmp_path: pathlib.Path, script: str) -> str:
    """What `script` prints on the unix port, run where deploy's build laid the firmware out,
    after the port's own modules and the pack's loader (as main.py begins)."""
    from adjutant.deploy import build

    build(REPO, tmp_path)
    done = subprocess.run(
        [str(pathlib.Path(sys.executable).parent / "micropython"), "-c", _BOOT + script],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    return done.stdout + done.stderr


_BOOT = "import %s, time\nsys.path.insert(0, '')\nimport packed\n" % ", ".join(_PORT_MODULES.split())


def _names_after_boot(tmp_path: pathlib.Path) -> list[int]:
    """The names MicroPython holds after deploy's build took in interned_names, and after all
    the firmware's modules were imported then (the unix port: its pools are the rp2 build's)."""
    from adjutant.deploy import build

    build(REPO, tmp_path / "listed")
    modules = sorted(
        path.removesuffix(".mpy").replace("/", ".").removesuffix(".__init__")
        for path in unpack(tmp_path / "listed" / NAME)
        if path not in ("early_names.mpy", "interned_names.mpy")
    )
    assert {"runtime", "screens.end", "link.pull", "shared_engine.game"} <= set(modules)
    said = _on_the_board(
        tmp_path / "board",
        "import early_names, interned_names\n"
        + "micropython.qstr_info()\n"
        + "for m in %r:\n    __import__(m)\n" % modules
        + "micropython.qstr_info()\n",
    )
    counts = [int(n) for n in re.findall(r"n_qstr=(\d+)", said)]
    assert len(counts) == 2, said
    return counts


def test_after_the_boot_takes_in_the_firmwares_names_no_import_of_its_code_makes_a_new_one(
    tmp_path: pathlib.Path,
) -> None:
    """A name made late, by the game-over screen's import or the link's pull code in a long
    session, could need a new pool of 640 names in one piece that a fragmented heap no longer
    has (on the rp2 build: the pull failed there at the Pico W's heap less 30%). runtime.py
    takes in deploy's interned_names.mpy after the first frame, so all the pools open at boot."""
    counts = _names_after_boot(tmp_path)
    assert counts[1] == counts[0], "importing the firmware made %d new names" % (counts[1] - counts[0])


def test_the_firmwares_names_leave_room_in_the_seven_pools_a_board_opens_for_them(tmp_path: pathlib.Path) -> None:
    """Past 2,540 names a board opens an eighth pool at boot, 15 KB more of its heap for good:
    the figures of bench/boards.py would have to be measured again and stated."""
    counts = _names_after_boot(tmp_path)
    assert counts[0] <= SEVEN_POOLS - ROOM, (
        "the firmware now has %d names, within %d of the %d that seven pools hold: measure the boards "
        "(bench/boards.py) and state the eighth pool, or name less" % (counts[0], ROOM, SEVEN_POOLS)
    )


def test_the_room_boot_holds_for_the_names_is_enough_for_them(tmp_path: pathlib.Path) -> None:
    """runtime.py holds heap for the names from its first line and lets it go just before taking
    them in, after the first frame: if they took more, their pools would open wherever a
    fragmented heap has room (the scripted game needed 19 KB more heap on this port). Measured
    at the least boot loads before the names (runtime's own imports), where most are still new."""
    said = _on_the_board(
        tmp_path,
        "import runtime\n"
        + "room = len(runtime._room)\n"
        + "runtime._room = None\n"
        + "gc.collect()\n"
        + "before = gc.mem_alloc()\n"
        + "import interned_names\n"
        + "gc.collect()\n"
        + "print('names', gc.mem_alloc() - before, 'room', room)\n",
    )
    found = re.search(r"names (\d+) room (\d+)", said)
    assert found, said
    names, room = int(found.group(1)), int(found.group(2))
    assert names <= room, "the names take %d B, the room runtime.py holds for them %d B" % (names, room)


def test_boots_own_names_open_the_pool_of_640_before_anything_else_is_on_the_heap(tmp_path: pathlib.Path) -> None:
    """Boot's own modules name about 700 things: the sixth pool, of 640 (3.9 KB in one piece on
    a board), opened by one of their imports mid-boot, did not fit in the Pico W's heap less 30%.
    runtime.py takes in early_names.mpy first, so it opens while the heap is whole."""
    said = _on_the_board(tmp_path, "micropython.qstr_info()\nimport early_names\nmicropython.qstr_info()\n")
    pools = [int(n) for n in re.findall(r"n_pool=(\d+)", said)]
    assert len(pools) == 2, said
    assert pools[0] < 6 <= pools[1], "the pools open at boot's start: %s" % pools
