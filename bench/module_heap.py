"""Where the firmware's heap goes at boot: each module's code and tables, the pools of names, the objects.

    make bench        (or: .venv/bin/python bench/module_heap.py)

Boots the firmware compiled to .mpy, as `adjutant deploy` lays it out, on the
simulator's pins, clock and flash (bench/boot_imports.py: bench/press_work.py's
boot with every import statement traced, stopped at the first screen). For each module
it prints the live heap and the interned names its import added, less what the
modules it imported added: its bytecode, constants, functions, classes, module
table and the text of its names. MicroPython's pools of names are counted apart:
they double in size, so whichever module crosses a pool's boundary would pay for
a pool the next ones fill. What is left of the live heap at the first screen is
objects: the display's buffers, the buttons, the game and the screen stack. This
is the 64-bit unix port; a Pico needs about 0.69 times the heap.
"""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "host")]

MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"
QSTR_INFO = re.compile(r"n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)")


def names_and_pools(line: str) -> tuple[int, int]:
    """(interned names, bytes of the pools that index them) from micropython.qstr_info()'s line."""
    names, text, total = (int(n) for n in QSTR_INFO.search(line).groups())
    return names, total - text


Trace = tuple[list[tuple[str, int, int, bool]], int, int, int]


def traced_boot(code: pathlib.Path, flash: pathlib.Path) -> Trace:
    """Boot the firmware in `code` on a fresh flash image with every import traced; see attribute()."""
    probe = [str(ROOT / "bench/boot_imports.py"), str(ROOT), str(code), str(flash)]
    run = subprocess.run(
        [str(MICROPYTHON), "-X", "heapsize=600000", *probe],
        capture_output=True,
        text=True,
        check=True,
    )
    return attribute(run.stdout.splitlines())


def attribute(lines: list[str]) -> Trace:
    """([(module, own heap, own names, still loaded)] in the order they loaded, pools opened, harness heap,
    live heap at the first screen).

    `lines` is boot_imports.py's trace: "IN name heap" and "OUT name heap modules-loaded", each
    followed by micropython.qstr_info()'s line; what comes before press_work.py's "harness"
    line is the harness loading. A module's own heap is what its import statement
    added less what the imports inside it added, and less the pools of names opened meanwhile:
    which module crosses a pool's boundary depends on how many names were there before it.
    """
    harness = live = pools_first = pools_last = 0
    kept: set[str] = set()
    stack: list[list] = []  # [name, heap before, names before, heap of its imports, names of its imports, order]
    found: dict[int, tuple[str, int, int]] = {}
    order = 0
    for at, line in enumerate(lines):
        word = line.split()
        if word[0] == "harness":  # the firmware's boot begins
            harness = int(word[1])
            stack.clear()
            found.clear()
            pools_first = 0
        elif word[0] == "LIVE":
            live = int(word[1])
        elif word[0] == "KEPT":
            kept = set(word[1:])
        elif word[0] == "IN":
            names, pool_bytes = names_and_pools(lines[at + 1])
            pools_first = pools_first or pool_bytes
            stack.append([word[1], int(word[2]) - pool_bytes, names, 0, 0, order])
            order += 1
        elif word[0] == "OUT":
            name, heap0, names0, inner_heap, inner_names, began = stack.pop()
            names, pool_bytes = names_and_pools(lines[at + 1])
            pools_last = pool_bytes
            heap = int(word[2]) - pool_bytes - heap0
            names -= names0
            if int(word[3]):  # the statement loaded something, not only bound a loaded module
                found[began] = (name, heap - inner_heap, names - inner_names)
            if stack:
                stack[-1][3] += heap
                stack[-1][4] += names
    modules = [(name, heap, names, name in kept) for name, heap, names in (found[k] for k in sorted(found))]
    return modules, pools_last - pools_first, harness, live


def main() -> int:
    from adjutant.deploy import build

    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        build(ROOT, work / "code", packed=False)  # each module's own file, for the trace
        modules, pools, harness, live = traced_boot(work / "code", work / "flash.img")
    print("Heap and interned names each module's import adds at boot (.mpy, 64-bit unix port):")
    print(f"  {'module':28} {'heap B':>8} {'names':>6}")
    for name, heap, names, loaded in modules:
        print(f"  {name:28} {heap:8,} {names:6}{'' if loaded else '  dropped again by the first screen'}")
    kept = [m for m in modules if m[3]]
    engine = [m for m in kept if m[0].startswith("shared_engine")]
    code_heap = sum(m[1] for m in kept)
    engine_heap, engine_names = sum(m[1] for m in engine), sum(m[2] for m in engine)
    print(f"  {'of which the engine':28} {engine_heap:8,} {engine_names:6}  ({len(engine)} modules)")
    print(f"  {'modules still loaded':28} {code_heap:8,} {sum(m[2] for m in kept):6}  ({len(kept)} modules)")
    print(f"  {'pools of names opened':28} {pools:8,}")
    print(f"live heap at the first screen over the harness: {live - harness:,} B")
    rest = live - harness - code_heap - pools
    print(f"  modules {code_heap:,} B, pools {pools:,} B, objects (display, buttons, game, screens) {rest:,} B")
    return 0


if __name__ == "__main__":
    sys.exit(main())
