"""Instructions the unix MicroPython executes per button press, and from boot to the first screen.

    make bench        (or: .venv/bin/python bench/instructions.py [ANCHOR_COMMIT])

Runs bench/press_work.py (the scripted 10-turn game, one process) under
`valgrind --tool=callgrind`, with the firmware compiled to .mpy as `adjutant
deploy` lays it out. Instruction counts are deterministic, unlike time on a
shared machine. The anchor is the same game on the firmware of an earlier
commit (by default the one before the Session/UI redesign), measured side by
side; it is skipped if this clone does not have that commit. The player pauses
after each press; what the firmware does in a pause (it folds the journal into
a snapshot there, not in a press) is counted on a line of its own.

Each is measured twice: everything, and without the emulated flash chip's own
code (a second run collects only inside littlefs's calls to the block device,
and its counts are taken off the first's).
That chip is Python here, a few hundred instructions of C copying from
memory-mapped flash on a board, so the second figure is the firmware's work,
as the I2C bus here only counts bytes.
"""

from __future__ import annotations

import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "host")]

from bench.scripted_game import PAUSE_MS, events  # noqa: E402  # PAUSE_MS: the player's pause after each press

ANCHOR = "8b82dc5"  # the firmware before the Session/UI redesign
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"
PICO_HEAP = 233_792  # the GC heap of a Raspberry Pi Pico build of MicroPython 1.29
WORD_SCALE = 1.45  # heap the 64-bit unix port needs for what takes 1 B on the 32-bit Pico


# littlefs's calls into the block device's Python methods: readblocks, writeblocks, ioctl
FLASH_CHIP = ("mp_vfs_blockdev_call_rw", "mp_vfs_blockdev_ioctl")


def measure(source: pathlib.Path, work: pathlib.Path, chip_only: bool = False) -> tuple[int, list[int], list[int]]:
    """(boot to first screen, [each press], [each pause after a press]) in instructions, for the firmware in `source`.

    chip_only counts only the emulated flash chip's code (callgrind's --toggle-collect
    starts with collection off, and collects inside the functions named).
    """
    from adjutant.deploy import build

    code = work / "code"
    if not code.exists():  # the anchor's firmware imported the engine's Game on the board: all of it
        build(source, code, board=source == ROOT, packed=False)  # loose, as the anchor's
    out = work / ("cg-chip" if chip_only else "cg")
    out.mkdir()
    game = [str(ROOT / "bench/press_work.py"), str(ROOT), str(code), str(work / "flash.img")]
    harness = subprocess.run([str(MICROPYTHON), *game], capture_output=True, text=True, check=True)
    own = int(harness.stdout.split()[1])
    heap = own + round(PICO_HEAP * WORD_SCALE)
    if not chip_only:
        print(f"  ({work.name}: -X heapsize={heap:,}: the harness's {own:,} B and a Pico's)")
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--dump-before=time_ticks_cpu",
            *([f"--toggle-collect={name}" for name in FLASH_CHIP] if chip_only else []),
            f"--callgrind-out-file={out}/part",
            str(MICROPYTHON),
            "-X",
            f"heapsize={heap}",
            *game,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    said = run.stdout.strip().splitlines()[-1]
    final, expected = said.split("final ")[1].split(", expected ")
    if final != expected:
        raise SystemExit(f"{source}: the scripted game went wrong: {said}")
    parts = sorted(out.glob("part.*"), key=lambda p: int(p.suffix[1:]))
    counts = [_total(p) for p in parts]
    # part 1: the harness starting; part 2: boot to the first screen; then a press and its pause, in turn
    return counts[1], counts[2::2], counts[3::2]


def _total(part: pathlib.Path) -> int:
    for line in part.read_text().splitlines():
        if line.startswith("totals:"):
            return int(line.split()[1])
    raise SystemExit(f"{part}: no totals line")


def anchor_source(commit: str, out: pathlib.Path) -> pathlib.Path | None:
    """The firmware and engine as they were at `commit`, or None if this clone lacks it."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "firmware", "shared_engine"], capture_output=True
    )
    if archive.returncode != 0:
        return None
    out.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive.stdout, check=True)
    return out


def describe(name: str, boot: int, presses: list[int]) -> str:
    median = statistics.median(presses)
    p90 = statistics.quantiles(presses, n=10)[-1]
    return (
        f"  {name:<9} boot {boot / 1e6:7.2f} M; per press mean {statistics.mean(presses) / 1e6:.2f} M, "
        f"median {median / 1e6:.2f} M, 90th {p90 / 1e6:.2f} M, max {max(presses) / 1e6:.2f} M "
        f"(max/median {max(presses) / median:.1f})"
    )


def main() -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind)")
    commit = sys.argv[1] if len(sys.argv) > 1 else ANCHOR
    with tempfile.TemporaryDirectory() as tmp:
        base = pathlib.Path(tmp)
        (base / "now").mkdir()
        old = anchor_source(commit, base / "anchor-src")
        if old is not None:
            (base / "anchor").mkdir()
        now = measure(ROOT, base / "now")
        anchor = None if old is None else measure(old, base / "anchor")
        report(True, commit, now, anchor)
        now = _without(measure(ROOT, base / "now", chip_only=True), now)
        if old is not None and anchor is not None:
            anchor = _without(measure(old, base / "anchor", chip_only=True), anchor)
        report(False, commit, now, anchor)


Run = tuple[int, list[int], list[int]]


def _without(chip: Run, total: Run) -> Run:
    return (
        total[0] - chip[0],
        [t - c for t, c in zip(total[1], chip[1], strict=True)],
        [t - c for t, c in zip(total[2], chip[2], strict=True)],
    )


def pauses(name: str, each: list[int]) -> str:
    busy = sorted(each, reverse=True)
    return (
        f"  {name:<9} in the pauses after presses ({PAUSE_MS} ms each): total {sum(each) / 1e6:.2f} M, "
        f"largest {busy[0] / 1e6:.2f} M, {busy[1] / 1e6:.2f} M, {busy[2] / 1e6:.2f} M"
    )


def report(chip: bool, commit: str, now: Run, anchor: Run | None) -> None:
    boot, presses, _ = now
    what = "everything" if chip else "the emulated flash chip's code left out"
    print(f"Instructions (callgrind, unix MicroPython, .mpy), scripted game of {len(presses)} presses; {what}")
    print(describe("now", boot, presses))
    print(pauses("now", now[2]))
    slowest = sorted(range(len(presses)), key=lambda i: -presses[i])[:3]
    said = [f"{events()[i][0]} held {events()[i][1]} ms (press {i + 1}) {presses[i] / 1e6:.2f} M" for i in slowest]
    print("  slowest now: " + "; ".join(said))
    if anchor is None:
        print(f"  anchor: commit {commit} is not in this clone; skipped")
        return
    print(describe(commit, anchor[0], anchor[1]))
    print(pauses(commit, anchor[2]))
    print(
        f"  ratio anchor/now: boot {anchor[0] / boot:.2f}x, "
        f"per press mean {statistics.mean(anchor[1]) / statistics.mean(presses):.2f}x"
    )


if __name__ == "__main__":
    main()
