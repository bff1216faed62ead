"""How the device's costs grow with its work, on MicroPython's real rp2 build (emulated clock):

    make bench        (or: .venv/bin/python bench/growth.py [--quick])

The rp2 instrument (bench/boards.py's Emulator) runs the firmware as `adjutant deploy` lays it
out, in a Pico's whole heap unless a row says otherwise. Each cost at 10, 100 and 1,000 of its
work (games kept: 10, 100 and 200, about what a Pico's flash holds), with its ratio to the first:

- games kept (finished basic games, written by the firmware's own journal code): boot to the
  first full frame; New game's two OKs, in busy milliseconds of the core until the panel is quiet
  (making room may remove games there), and the slower one's answer (its edge to the last byte
  of the first refresh after it, as press_latency.py times a press); a pull of every game by the
  CLI's client, in busy cycles per game pulled, and whether that pull fits the Pico W with 30% of
  its heap cut;
- one game's length in actions, for each registered game (bench/long_game_flash.py plays it on
  the unix port, the device's own session, press by press): boot into it, and the heap live
  after boot (gc.collect(), then mem_alloc), then whether it boots with 30% of the Pico W's heap
  cut and plays on (OK twice, then a hold of BACK: no fault on the console or the panel);
- a full flash: unpulled games until littlefs is nearly out of room, then New game: what the
  panel says, how long the core is busy, and the slowest press's answer.

--quick: 10 and 100 only. The full run takes about 25 minutes of wall time.
"""

from __future__ import annotations

import contextlib
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "host"), str(ROOT / "bench")]

CYCLE_NS = 8
PICO_W_CUT = int(205_184 * 0.7) // 16 * 16  # the Pico W's heap, 30% cut (hardware/boards)
PROBE = """import gc, micropython, machine
def _heap(_):
    gc.collect()
    print("HEAP", gc.mem_free(), gc.mem_alloc())
_pin = machine.Pin(22, machine.Pin.IN, machine.Pin.PULL_UP)
_pin.irq(lambda p: micropython.schedule(_heap, 0), machine.Pin.IRQ_FALLING)
"""
NEW_GAME = ["BACK", "DOWN", "DOWN", "DOWN", "OK"]  # from a game's end: the menu, New game's list


def image(emu, games: pathlib.Path | None, areas: list[int] | None = None, probe: bool = False) -> pathlib.Path:
    """The firmware's flash with `games` beside it; boot.py leaves it these heap areas and/or the
    heap probe on GP22."""
    import boards

    out = emu.image(areas, games)
    if not probe:
        return out
    staged = emu.work / "staged-run"
    boot = (boards.boot_py(areas) if areas else "") + PROBE
    (staged / "boot.py").write_text(boot)
    subprocess.run(
        [str(ROOT / ".venv/bin/micropython"), "-X", "heapsize=8M", str(emu.tool / "mkfs.py"), str(staged), str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return out


@contextlib.contextmanager
def running(emu, flash: pathlib.Path):
    """The emulated board on this flash image, closed however the run ends."""
    pico = emu._start(flash)
    try:
        yield pico
    finally:
        pico.close()


def busy_ms(pico, button: str) -> float:
    return pressed(pico, button)[0]


def pressed(pico, button: str) -> tuple[float, float]:
    """(busy, answer) in ms of one press: the core's busy time until the panel is quiet, and the
    press's answer, from the edge the first refresh after it follows (the release, for OK and
    BACK) to that refresh's last byte on the wire, as press_latency.py times a press."""
    import drive

    transfers, edges = len(pico.transfers), len(pico.edges)
    before = pico.stats()["busy"]
    pico.press(button, 80, 1500)
    busy = (pico.stats()["busy"] - before) * CYCLE_NS / 1e6
    mine = [e for e in pico.edges[edges:] if e[1] in drive.BUTTON_PINS.values()]
    runs = drive.bursts(pico.transfers[transfers:])
    if not mine or not runs:
        return busy, float("inf")  # no refresh at all: never answered
    first = next((r for r in runs if r[0][0] >= mine[0][0]), None)
    if first is None:
        return busy, float("inf")
    edge = max(e[0] for e in mine if e[0] <= first[0][0])
    return busy, (first[-1][1] - edge) / 1e6


def kept_row(emu, work: pathlib.Path, count: int) -> dict:
    import board_runs

    games = board_runs.stored_games(work, count)
    row: dict = {"kept": count}
    with running(emu, image(emu, games)) as pico:
        row["boot_ms"] = pico.boot()["first_frame_ns"] / 1e6
        pico.run(2000)
        steps = [pressed(pico, b) for b in NEW_GAME + ["OK"]]  # the list's OK, then "Start a new game?"
        row["new_game_ms"] = steps[-2][0] + steps[-1][0]
        row["new_game_answer_ms"] = max(answer for _, answer in steps[-2:])
        row["new_game_says"] = emu._screen(pico)[:3]
    with running(emu, image(emu, games)) as pico:
        pico.boot()
        pico.run(2000)
        before = pico.stats()["busy"]
        ok, why = pull_every(pico, count)
        row["pull_cycles_a_game"] = (pico.stats()["busy"] - before) / count
        row["pull"] = "ok" if ok else why
    with running(emu, image(emu, games, [PICO_W_CUT])) as pico:
        pico.boot()
        pico.run(2000)
        ok, why = pull_every(pico, count)
        faults = emu.drive.faults(pico.serial)
        row["pull_pico_w_cut"] = "fits" if ok and not faults else "fails: " + (why or faults[0])[:80]
    return row


def pull_every(pico, count: int) -> tuple[bool, str]:
    """Every game pulled into a fresh archive by the CLI's client, each ended."""
    from adjutant.errors import AdjutantError
    from adjutant.link.client import DeviceLink
    from adjutant.pull import pull
    from adjutant.store import Store
    from board_runs import EmulatedPort

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(pathlib.Path(tmp) / "archive.sqlite3")
        try:
            device = DeviceLink(EmulatedPort(pico), None, timeout=60.0)
            device.hello()
            pull(device, store)
        except AdjutantError as e:
            return False, str(e)
        finally:
            stored = store.games()
            store.close()
    if len(stored) != count or not all(g.over for g in stored):
        return False, "%d of %d games stored and ended" % (sum(g.over for g in stored), count)
    return True, ""


def long_row(emu, work: pathlib.Path, game: str, length: int) -> dict:
    folder = work / ("long-%s-%d" % (game, length))
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    micropython = [str(ROOT / ".venv/bin/micropython"), "-X", "heapsize=8M"]
    made = subprocess.run(
        [*micropython, "bench/long_game_flash.py", game, str(length), str(folder)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    row: dict = {"game": game, "actions": int(made.stdout.split()[-1])}
    with running(emu, image(emu, folder, probe=True)) as pico:
        row["boot_ms"] = pico.boot()["first_frame_ns"] / 1e6
        pico.run(2000)
        row["live_after_boot"] = pico.heap()[1]
        row["faults"] = emu.drive.faults(pico.serial)[:1]
    with running(emu, image(emu, folder, [PICO_W_CUT])) as pico:
        pico.boot()
        pico.run(2000)
        for button, ms in PLAY_ON:  # and plays on: what the mat's OK does, then an undo of it
            pico.press(button, ms, 1500)
        faults = emu.drive.faults(pico.serial) + [w for w in emu._screen(pico) if "Error" in w]
        row["pico_w_cut"] = "plays on" if not faults else "fails: " + faults[0][:80]
    return row


PLAY_ON = [("OK", 80), ("OK", 80), ("BACK", 800)]


def full_row(emu, work: pathlib.Path) -> dict:
    """Unpulled games until littlefs nearly runs out, then New game."""
    import board_runs

    count = 212  # the basic game's snapshot, a block each: what leaves about 16 KiB of a Pico's flash
    games = board_runs.stored_games(work, count)
    with running(emu, image(emu, games)) as pico:
        pico.boot()
        pico.run(2000)
        steps = [pressed(pico, b) for b in NEW_GAME + ["OK"]]
        said = emu._screen(pico)
        return {
            "kept": count,
            "busiest_press_ms": max(busy for busy, _ in steps),
            "slowest_answer_ms": max(answer for _, answer in steps),
            "new_game_says": said[:5],
        }


def ratios(rows: list[dict], key: str) -> str:
    first = rows[0][key]
    return ", ".join("%.2fx" % (r[key] / first) for r in rows)


def main() -> None:
    import boards

    if {"-h", "--help"} & set(sys.argv[1:]):
        print(__doc__)
        return
    tool = boards.tools()
    if tool is None or shutil.which("node") is None:
        print("Growth: skipped. It needs node and the rp2 instrument (see bench/boards.py).")
        return
    quick = "--quick" in sys.argv
    from shared_engine.games import ids

    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        emu = boards.Emulator(tool, work)
        print("Growth on MicroPython v1.28.0 RPI_PICO (RP2040 emulator, emulated clock), .mpy")
        kept = [kept_row(emu, work, n) for n in ((10, 100) if quick else (10, 100, 200))]
        heads = ("kept", "boot ms", "New game ms", "answered", "pull cycles a game", "pull, Pico W-30%", "says")
        print("%-6s %-9s %-13s %-9s %-22s %-14s %s" % heads)
        for r in kept:
            print(
                "%-6d %-9.0f %-13.0f %-9.0f %-22s %-14s %s"
                % (r["kept"], r["boot_ms"], r["new_game_ms"], r["new_game_answer_ms"],
                   "{:,.0f}".format(r["pull_cycles_a_game"]),
                   "fits" if r["pull_pico_w_cut"] == "fits" else "FAILS", " / ".join(r["new_game_says"]))
            )  # fmt: skip
        print("  ratios to 10 kept: boot %s; New game %s; pull a game %s" % (
            ratios(kept, "boot_ms"), ratios(kept, "new_game_ms"), ratios(kept, "pull_cycles_a_game")))  # fmt: skip
        longs = []
        for game in ids():
            rows = [long_row(emu, work, game, n) for n in (10, 100, 1000)]
            longs += rows
            for r in rows:
                print(
                    "%-14s %5d actions: boot %5.0f ms, live heap after boot %7d B, Pico W-30%%: %s%s"
                    % (game, r["actions"], r["boot_ms"], r["live_after_boot"], r["pico_w_cut"],
                       "  " + r["faults"][0] if r["faults"] else "")
                )  # fmt: skip
            boots, heaps = ratios(rows, "boot_ms"), ratios(rows, "live_after_boot")
            print("  %s ratios to 10 actions: boot %s; live heap %s" % (game, boots, heaps))
        full = None if quick else full_row(emu, work)
        if full:
            print("A full flash (%d unpulled games): the busiest press %.0f ms, the slowest answer %.0f ms" % (
                full["kept"], full["busiest_press_ms"], full["slowest_answer_ms"]))  # fmt: skip
            print("  New game says " + " / ".join(full["new_game_says"]))
        print(json.dumps({"kept": kept, "long": longs, "full": full}))


if __name__ == "__main__":
    main()
