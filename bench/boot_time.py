"""Where boot's time goes on the rp2 build: each import to the first frame, timed on the board.

    .venv/bin/python bench/boot_time.py [--top N]

Boots the firmware as `adjutant deploy` lays it out on MicroPython v1.28.0 RPI_PICO in the RP2040
emulator (the rp2 instrument, as bench/boards.py finds it), on a fresh board and into a Great War
game at turn 6, with a main.py that wraps `__import__` and prints each import's time
(`time.ticks_us()`, the emulated clock) before running the firmware's own `runtime.run()`. Printed:
each case's first frame (later than boards.py's: the printing takes time too) and the imports that
took longest on their own, their modules' code and the names they take in, but not the imports
made within them. The figures in bench/README.md's boot paragraph come from here.
"""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT), str(ROOT / "host")]

MAIN = r"""
import builtins, time
_import = builtins.__import__
_depth = [0]
def _timed(name, *args):
    started = time.ticks_us()
    _depth[0] += 1
    try:
        return _import(name, *args)
    finally:
        _depth[0] -= 1
        print("IMPORT", _depth[0], name or ".", time.ticks_diff(time.ticks_us(), started))
builtins.__import__ = _timed
import firmware_pack
firmware_pack.mount()
import runtime
import micropython
micropython.qstr_info()  # the pools the boot opened, its names table taken in
runtime.run()
"""


POOLS = 7  # the pools the firmware's names fill (tests/budget/test_name_pools.py): all open at boot


def own_times(lines: list[str]) -> list[tuple[int, str]]:
    """(microseconds, module) of each import less the imports made within it: an import's line
    comes after those of the imports it made, one level deeper."""
    inner: dict[int, int] = {}  # depth -> time of the imports finished at that depth, not yet claimed
    out = []
    for line in lines:
        _, depth, name, us = line.split()
        own = int(us) - inner.pop(int(depth) + 1, 0)
        inner[int(depth)] = inner.get(int(depth), 0) + int(us)
        out.append((own, name))
    return out


def main() -> None:
    import board_runs
    import boards

    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 12
    tool = boards.tools()
    if tool is None:
        print("Boot imports: skipped. It needs node and the rp2 instrument (see bench/boards.py).")
        return
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        emu = boards.Emulator(tool, work)
        cases = {"a fresh board": None, "a Great War game at turn 6": board_runs.great_war_in_progress(work)}
        print("Boot imports on MicroPython v1.28.0 RPI_PICO (RP2040 emulator), .mpy, each timed on the board")
        for case, games in cases.items():
            emu.image(None, games)
            staged = work / "staged-run"
            (staged / "main.py").write_text(MAIN)
            image = work / "run.img"
            micropython = ROOT / ".venv/bin/micropython"
            mkfs = [str(micropython), "-X", "heapsize=8M", str(tool / "mkfs.py"), str(staged), str(image)]
            subprocess.run(mkfs, check=True, stdout=subprocess.DEVNULL)
            pico = emu._start(image)
            try:
                first_ms = pico.boot()["first_frame_ns"] / 1e6
                lines = [line for line in pico.serial.splitlines() if line.startswith("IMPORT ")]
            finally:
                pico.close()
            pools = re.search(r"n_pool=(\d+), n_qstr=(\d+)", pico.serial)
            if not pools or int(pools.group(1)) < POOLS:
                raise SystemExit(
                    "boot_time: the boot opened %s name pools, not %d: the firmware's later names would open "
                    "the last in a fragmented heap; raise MARGIN in host/adjutant/interned_names.py"
                    % (pools.group(1) if pools else "no count of its", POOLS)
                )
            times = own_times(lines)
            total_ms = sum(t for t, _ in times) / 1000
            print(
                "  %s: first frame %.0f ms, %d import statements, %.0f ms in them; %s name pools, %s names"
                % (case, first_ms, len(times), total_ms, pools.group(1), pools.group(2))
            )
            for us, name in sorted(times, reverse=True)[:top]:
                print("    %7.1f ms  %s" % (us / 1000, name))


if __name__ == "__main__":
    main()
