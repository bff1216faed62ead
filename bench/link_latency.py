"""What one request costs on the link, and what the screen task's ThreadSafeFlag adds to it.

    make bench        (or: .venv/bin/python bench/link_latency.py [ANCHOR_COMMIT])

1. `state` round trips over the simulator's pty, 30 of them, with this firmware and with the
   firmware of an earlier commit (before the device slept on a ThreadSafeFlag), side by side;
   skipped if this clone lacks that commit.
2. Plain MicroPython, no simulator: a task echoing stdin byte by byte, alone, and with a second
   task waiting on a ThreadSafeFlag through asyncio.wait_for_ms, as firmware/runtime.py does.
Wall-clock medians on a shared machine: compare the runs side by side, not with other days.
"""

from __future__ import annotations

import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "host")]

from adjutant.link.client import DeviceLink  # noqa: E402
from adjutant.sim.process import SimDevice, micropython  # noqa: E402
from instructions import ANCHOR, anchor_source  # noqa: E402

ECHO = """
import asyncio, sys
async def screen(flag):
    while True:
        try:
            await asyncio.wait_for_ms(flag.wait(), 4000)
        except asyncio.TimeoutError:
            pass
async def echo():
    reader = asyncio.StreamReader(sys.stdin.buffer)
    while True:
        sys.stdout.buffer.write(await reader.read(1))
async def main():
    if FLAG:
        asyncio.create_task(screen(asyncio.ThreadSafeFlag()))
    await echo()
asyncio.run(main())
"""


def state_round_trip(code: pathlib.Path) -> float:
    """Median ms of a `state` request over the simulator's pty, for the firmware in `code`."""
    import serial

    with (
        tempfile.TemporaryDirectory() as tmp,
        SimDevice(pathlib.Path(tmp) / "f.img", realtime=True, timeout=300, code=code, seed=1) as dev,
    ):
        dev.wait(1500)
        device = DeviceLink(serial.Serial(dev.serial_path, timeout=0.05))
        device.hello()
        times = []
        for _ in range(30):
            start = time.perf_counter()
            device.ask("state", {})
            times.append(time.perf_counter() - start)
        device.port.close()
    return statistics.median(times) * 1000


def echo_round_trip(flag: bool) -> float:
    """Median ms for one byte through a plain MicroPython asyncio echo task."""
    script = f"FLAG = {flag}\n" + ECHO
    proc = subprocess.Popen([micropython(), "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        time.sleep(0.5)
        times = []
        for _ in range(200):
            start = time.perf_counter()
            proc.stdin.write(b"x")
            proc.stdout.read(1)
            times.append(time.perf_counter() - start)
    finally:
        proc.kill()
    return statistics.median(times) * 1000


def main() -> None:
    commit = sys.argv[1] if len(sys.argv) > 1 else ANCHOR
    print("Link latency (wall clock, medians)")
    with tempfile.TemporaryDirectory() as tmp:
        old = anchor_source(commit, pathlib.Path(tmp) / "anchor")
        print(f"  state round trip over the simulator's pty: this firmware {state_round_trip(ROOT):.2f} ms", end="")
        print(f", firmware at {commit} {state_round_trip(old):.2f} ms" if old else f"; {commit} not in this clone")
    print(
        f"  plain MicroPython echo: alone {echo_round_trip(False):.3f} ms, "
        f"with a ThreadSafeFlag in wait_for_ms {echo_round_trip(True):.3f} ms"
    )


if __name__ == "__main__":
    main()
