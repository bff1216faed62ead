"""Link figures over the simulated board's pty: pull time against mpremote, wire bytes.

    make bench        (or: .venv/bin/python bench/link.py)

The games are the golden full basic game (tests/golden/basic_game.jsonl,
3,096 bytes of log), written onto the flash by the firmware's own journal
code (bench/seed_flash.py); the plain copies hold the very same bytes.

1. Pull time: `adjutant pull` of GAMES games into an empty archive, against
   `mpremote fs cp` of the same log bytes as files, both whole commands run
   against the same running simulator (median of RUNS each).
2. Wire bytes per payload byte: everything on the wire in both directions
   (handshake, listing, reads, acks) over the canonical log bytes stored.
3. A pull after one new game, with 100 already pulled, against pulling that
   one game alone into an empty archive.
"""

from __future__ import annotations

import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "host")]

import serial  # noqa: E402
from adjutant.link.client import DeviceLink  # noqa: E402
from adjutant.pull import pull  # noqa: E402
from adjutant.sim.process import SimDevice, micropython  # noqa: E402
from adjutant.store import Store  # noqa: E402

LOG = ROOT / "tests/golden/basic_game.jsonl"
GAMES = 10
RUNS = 7
BLOCKS = 512  # a 2 MB flash filesystem, as on a Pico with room for 100 games


def seed(image: pathlib.Path, count: int, plain: bool = False) -> None:
    cmd = [micropython(), str(ROOT / "bench/seed_flash.py"), str(ROOT), str(image), str(BLOCKS), str(LOG), str(count)]
    subprocess.run(cmd + (["plain"] if plain else []), check=True, capture_output=True)


def device_on(dev: SimDevice) -> DeviceLink:
    device = DeviceLink(serial.Serial(dev.serial_path, timeout=0.05))
    device.hello()
    return device


def timed(cmd: list[str], env: dict | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def our_pull(path: str, db: pathlib.Path) -> tuple[float, int, int, list[str]]:
    """Open the port, handshake, pull into an empty archive: seconds, wire bytes, log bytes, caps.

    The archive file exists already (made once in a user's life); its commit is timed."""
    store = Store(db)
    start = time.perf_counter()
    device = DeviceLink(serial.Serial(path, timeout=0.05))
    device.hello()
    result = pull(device, store)
    device.port.close()
    return time.perf_counter() - start, device.wire_in + device.wire_out, result.payload_bytes, device.info["caps"]


def mpremote_copy(path: str, names: list[str], out: pathlib.Path) -> tuple[float, int]:
    """What `mpremote fs cp` does for each file, without its process start: seconds, bytes."""
    from mpremote.transport_serial import SerialTransport

    start = time.perf_counter()
    transport = SerialTransport(path, baudrate=115200)
    transport.enter_raw_repl(soft_reset=False)
    got = 0
    for name in names:
        data = transport.fs_readfile(name)
        (out / pathlib.Path(name).name).write_bytes(data)  # as fs cp does
        got += len(data)
    transport.exit_raw_repl()
    transport.close()
    return time.perf_counter() - start, got


def in_child(kind: str, *args: str) -> float:
    """Time one transfer in a process of its own, so the simulator's relay threads in this
    process do not contend with it for the GIL; imports are done before the clock starts."""
    done = subprocess.run(
        [sys.executable, __file__, kind, *args], check=True, capture_output=True, text=True, timeout=120
    )
    return float(done.stdout.split()[-1])


def pull_vs_mpremote(tmp: pathlib.Path) -> None:
    image = tmp / "ten.img"
    seed(image, GAMES, plain=True)
    payload = LOG.stat().st_size * GAMES
    names = [f"plain/g{i:04d}.log" for i in range(1, GAMES + 1)]
    with SimDevice(image, blocks=BLOCKS, realtime=True, timeout=600) as dev:
        dev.wait(1500)
        ours = [in_child("--pull", dev.serial_path, str(tmp / f"lib{run}.sqlite3")) for run in range(RUNS)]
        _, wire, pulled, caps = our_pull(dev.serial_path, tmp / "wire.sqlite3")
        commands = []
        for run in range(RUNS):
            env = dict(os.environ, ADJUTANT_DB=str(tmp / f"cli{run}.sqlite3"))
            commands.append(timed([sys.executable, "-m", "adjutant.cli", "--port", dev.serial_path, "pull"], env))
        # mpremote stops the firmware (Ctrl-C) and leaves the board in its REPL: run it last
        theirs = []
        for run in range(RUNS):
            (tmp / f"mp{run}").mkdir()
            theirs.append(in_child("--mpremote", dev.serial_path, str(tmp / f"mp{run}"), *names))
        out = tmp / "copy"
        out.mkdir()
        files = [":" + name for name in names]
        mp_command = timed(
            [sys.executable, "-m", "mpremote", "connect", dev.serial_path, "fs", "cp", *files, f"{out}/"]
        )
        assert sum(p.stat().st_size for p in out.iterdir()) == payload
    assert pulled == payload
    a, b = statistics.median(ours), statistics.median(theirs)
    best_a, best_b = min(ours), min(theirs)
    print(f"Pull of {GAMES} games ({payload:,} bytes of log) over the simulator's pty, {RUNS} runs each")
    ms = "median {:4.0f} ms, best {:4.0f} ms"
    print("  adjutant pull (open, handshake, list, reads, acks, SQLite): " + ms.format(a * 1000, best_a * 1000))
    print("  anchor, mpremote fs cp of the same bytes (raw REPL, 256 B): " + ms.format(b * 1000, best_b * 1000))
    print(f"  speed-up: {b / a:.1f}x by medians, {best_b / best_a:.1f}x by best runs")
    print(
        f"  as whole commands, with process start: adjutant pull {statistics.median(commands) * 1000:.0f} ms, "
        f"mpremote fs cp {mp_command * 1000:.0f} ms"
    )
    zipped = "with deflate" if "z" in caps else "no deflate: this MicroPython build cannot compress"
    print(f"Wire bytes per payload byte, that pull: {wire:,} / {payload:,} = {wire / payload:.2f}")
    print(f"  ({zipped}; records travel in their compact tuple form, base64 in frames)")


def incremental(tmp: pathlib.Path) -> None:
    alone = tmp / "alone.img"
    seed(alone, 1)
    with SimDevice(alone, blocks=BLOCKS, realtime=True, timeout=600) as dev:
        dev.wait(1500)
        device = device_on(dev)
        before = device.wire_in + device.wire_out
        pull(device, Store(tmp / "alone.sqlite3"))
        one = device.wire_in + device.wire_out - before
    image = tmp / "hundred.img"
    seed(image, 100)
    store = Store(tmp / "hundred.sqlite3")
    with SimDevice(image, blocks=BLOCKS, realtime=True, timeout=900) as dev:
        dev.wait(1500)
        pulled = pull(device_on(dev), store)
        assert len(pulled.new) == 100
    seed(image, 1)  # one more game, played after that pull
    with SimDevice(image, blocks=BLOCKS, realtime=True, timeout=600) as dev:
        dev.wait(1500)
        device = device_on(dev)
        before = device.wire_in + device.wire_out
        result = pull(device, store)
        after = device.wire_in + device.wire_out - before
    assert result.new == ["g0101"], result
    print("Pull after 1 new game with 100 already pulled")
    print(f"  wire bytes: {after:,}; that game alone into an empty archive: {one:,}; ratio {after / one:.2f}")


def main() -> None:
    if sys.argv[1:2] == ["--pull"]:
        print(our_pull(sys.argv[2], pathlib.Path(sys.argv[3]))[0])
        return
    if sys.argv[1:2] == ["--mpremote"]:
        seconds, got = mpremote_copy(sys.argv[2], sys.argv[4:], pathlib.Path(sys.argv[3]))
        assert got == LOG.stat().st_size * (len(sys.argv) - 4)
        print(seconds)
        return
    with tempfile.TemporaryDirectory() as tmp:
        pull_vs_mpremote(pathlib.Path(tmp))
        incremental(pathlib.Path(tmp))


if __name__ == "__main__":
    main()
