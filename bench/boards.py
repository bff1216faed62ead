"""Board fit: three runs on MicroPython's real rp2 build, in each listed board's heap.

    make bench        (or: .venv/bin/python bench/boards.py [--quick])

Runs the firmware as `adjutant deploy` lays it out (.mpy) on MicroPython v1.28.0 RPI_PICO in
an RP2040 emulator (the rp2 instrument: `tools/pico` of the shared folder beside the checkout,
or ADJUTANT_PICO_TOOLS), on the emulated clock. The runs: the scripted 10-turn basic game,
a 10-turn solitaire game against the AI, and a pull of 30 stored games by the CLI's own
client (bench/board_runs.py).

A board's heap is modelled on the Pico's 245,888 B (hardware/boards/*.json, "heap"): a
pinned ballast takes what the board lacks, and a board whose heap comes in areas (an ESP32
without PSRAM: 56,000 B, then another 56,000 B) gets free areas of those sizes with a pinned
16-byte wall between them, so no object can span two, as on the board. An area larger than
the Pico's (the ESP32-S3's megabytes of PSRAM) is played in the Pico's whole heap, the
largest the instrument has.

A run counts only with its result right (the final score, every pulled game stored and
scored) and no fault on the console (an "Error" on the panel, a traceback). Printed:
- the smallest one-area heap each run plays in, by bisection and then every step above the
  answer (success is not monotonic in the heap size): 512 B steps and the 4 KiB above for
  the game, 2 KiB for the others; the largest of the three is what the boards need;
- one row per board: its heap, what the runs need, the margin, whether all three play with
  the board's areas each cut by 30% (the target: 30% to spare), and in its whole heap.

A game takes about 35 s of wall time, solitaire about 110 s, the pull about 25 s; the full
bench about 50 minutes, --quick (the 30% checks alone) about 12.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "host")]

PICO_HEAP = 245_888  # MicroPython v1.28.0 RPI_PICO's GC heap: what the emulator's board has
SPARE = 0.30
RUNS = ("game", "solitaire", "pull")  # bench/board_runs.py has the last two
STEP = 512
CHECK_ABOVE = 4096
GAME_WALL_S = 600  # a game that has not ended by then (a busy loop after a fault) fails


def tools() -> pathlib.Path | None:
    found = pathlib.Path(os.environ.get("ADJUTANT_PICO_TOOLS", ROOT.parent / "shared/tools/pico"))
    return found if (found / "drive.py").exists() and (found / "firmware-rpi_pico-v1.28.0.bin").exists() else None


def boot_py(areas: list[int]) -> str:
    """boot.py that leaves the firmware free areas of these sizes, walled apart, and nothing else.

    The areas are taken first (the lowest addresses), with a pinned 16-byte wall between two;
    then a ballast takes all that is left; then the areas are let go. Each allocation shrinks
    until it fits (boot.py's own objects lie about), and nothing may raise: on rp2 an exception
    in boot.py means main.py never runs.
    """
    lines = [
        "import gc",
        "def _take(n):",
        "    while n > 0:",
        "        try:",
        "            return bytearray(n)",
        "        except MemoryError:",
        "            n -= 64",
        "gc.collect()",
    ]
    for i, size in enumerate(areas):
        lines.append("_a%d = _take(%d)" % (i, size - 32))  # (a bytearray's own object: 16-32 B)
        if i < len(areas) - 1:
            lines.append("_wall%d = bytearray(16)" % i)  # pinned: no object spans two areas
    lines.append("_ballast = _take(gc.mem_free())")  # what the board lacks: all the rest
    lines += ["_a%d = None" % i for i in range(len(areas))]
    lines.append("gc.collect()")
    return "\n".join(lines) + "\n"


class Emulator:
    def __init__(self, tool: pathlib.Path, work: pathlib.Path):
        self.tool = tool
        self.work = work
        sys.path.insert(0, str(tool))
        import drive

        self.drive = drive
        self.full_game, self.frames = drive.load_checkout(ROOT)
        subprocess.run(["bash", str(tool / "setup.sh"), str(work)], check=True, capture_output=True)
        from adjutant.deploy import build

        self.staged = work / "staged"
        build(ROOT, self.staged)  # .mpy, as deploy copies it

    def image(self, areas: list[int], games: pathlib.Path | None = None) -> pathlib.Path:
        staged = self.work / "staged-run"
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(self.staged, staged)
        if games is not None:  # games the board played before: saved/ beside the firmware
            shutil.copytree(games, staged, dirs_exist_ok=True)
        (staged / "boot.py").write_text(boot_py(areas))
        out = self.work / "run.img"
        micropython = ROOT / ".venv/bin/micropython"
        subprocess.run(
            [str(micropython), "-X", "heapsize=8M", str(self.tool / "mkfs.py"), str(staged), str(out)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        return out

    def plays(self, areas: list[int], run: str = "game") -> tuple[bool, str]:
        """(the run went right in these heap areas, the first fault or what went wrong).

        run: "game", the scripted basic game; "solitaire", 10 turns against the AI; "pull", 30
        stored games pulled by the host CLI's client (bench/board_runs.py)."""
        import board_runs

        games = board_runs.stored_games(self.work) if run == "pull" else None
        image = self.image(areas, games)
        quiet = os.dup(2)  # the emulator's own chatter on stderr ("Read from invalid SIO address")
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
            pico = self.drive.Pico(self.work, image)
        finally:
            os.dup2(quiet, 2)
            os.close(quiet)
        started = time.monotonic()
        try:
            pico.boot()
            pico.run(3000)
            if run == "pull":
                ok, why = board_runs.pull_all(pico)
                faults = self.drive.faults(pico.serial)
                return (False, faults[0]) if faults else (ok, why)
            if run == "solitaire":
                ok, why = board_runs.play_solitaire(pico, self.frames, self.full_game.number)
                faults = self.drive.faults(pico.serial)
                return (False, faults[0]) if faults else (ok, why)
            for button, ms in self.full_game.events():
                pico.press(button, ms, self.full_game.PAUSE_MS)
                if time.monotonic() - started > GAME_WALL_S:
                    return False, "no end after %d s" % GAME_WALL_S
            pico.run(5000)
            faults = self.drive.faults(pico.serial)
            # The score is read as a host reads it, with the board's whole heap back (boot.py
            # removed, a soft reset): a host's request is not part of the game at the table.
            pico.send(b"\x03")
            pico.run(500)
            pico.repl("import os; os.remove('boot.py') if 'boot.py' in os.listdir() else None")
            pico.send(b"\x04")
            pico.run(4000)
            reply = pico.link_state(self.frames)
            game = reply.get("state") if reply else None
            final = (game.get("end") or {}).get("final") if game else None
            if faults:
                return False, faults[0]
            if final != self.full_game.expected_totals():
                return False, "final score %s" % final
            return True, ""
        except RuntimeError as e:
            return False, str(e).splitlines()[0]
        finally:
            pico.close()


def smallest(emu: Emulator, lo: int, hi: int, run: str, step: int, above: int) -> tuple[int, list[str]]:
    """The smallest one-area heap the run plays in: bisection to `step`, then every `step` of
    the `above` bytes over the answer (success is not monotonic in the heap size)."""
    said = []

    def trial(size: int) -> bool:
        ok, why = emu.plays([size], run)
        said.append("  %-9s %7d B: %s" % (run, size, "plays" if ok else "fails: " + why))
        print(said[-1], flush=True)
        return ok

    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if trial(mid):
            hi = mid
        else:
            lo = mid
    answer = hi
    size = answer + step
    while size <= answer + above:
        if not trial(size):  # a gap above the bisection's answer: the answer is above it
            answer = size + step
            size = answer
        size += step
    return answer, said


def plays_all(emu: Emulator, areas: list[int]) -> tuple[bool, str]:
    """Every run in these areas (an area beyond the emulated Pico's played in the Pico's whole
    heap: the ESP32-S3's PSRAM is bigger still, in one piece); the first failure stops."""
    modelled = [min(a, PICO_HEAP) for a in areas]
    for run in RUNS:
        ok, why = emu.plays(modelled, run)
        if not ok:
            return False, "%s: %s" % (run, why)
    return True, ""


def main() -> None:
    if {"-h", "--help"} & set(sys.argv[1:]):
        print(__doc__)
        return
    quick = "--quick" in sys.argv
    tool = tools()
    if tool is None or shutil.which("node") is None:
        print(
            "Board fit: skipped. It needs node and npm (Debian: apt install nodejs npm) and the rp2 "
            "instrument (tools/pico of the shared folder beside the checkout, or ADJUTANT_PICO_TOOLS=DIR): MicroPython "
            "v1.28.0 RPI_PICO's firmware image and the emulator around npm rp2040js."
        )
        return
    sys.path[:0] = [str(ROOT / "hardware"), str(ROOT / "bench")]
    import board_data

    boards = {name: b["heap"]["areas"] for name, b in board_data.check_all().items()}
    with tempfile.TemporaryDirectory() as tmp:
        emu = Emulator(tool, pathlib.Path(tmp))
        print("Board fit: the scripted game on MicroPython v1.28.0 RPI_PICO (RP2040 emulator), .mpy")
        need = None
        if not quick:
            print("The smallest one-area heap each run plays in (bisection, then every step above):")
            needs = {}
            for run in RUNS:  # the scripted game in 512 B steps; the longer runs in 2 KiB
                step, above = (STEP, CHECK_ABOVE) if run == "game" else (4 * STEP, 4 * STEP)
                needs[run], _ = smallest(emu, 64 * 1024, PICO_HEAP, run, step, above)
            print("  needs: " + ", ".join("%s %d B" % item for item in needs.items()))
            need = max(needs.values())
        rows = []
        for name, areas in sorted(boards.items()):
            cut = [int(a * (1 - SPARE)) // 16 * 16 for a in areas]
            ok, why = plays_all(emu, cut)
            whole, why_whole = (True, "") if ok else plays_all(emu, areas)
            heap = sum(areas)
            margin = "%d%%" % round(100 * (1 - need / heap)) if need and len(areas) == 1 else "-"
            rows.append((name, heap, areas, need if len(areas) == 1 else None, margin, ok, whole, why or why_whole))
        print("%-20s %-18s %-10s %-7s %-22s %s" % ("board", "heap (areas)", "needs", "spare", "with 30% cut", "whole"))
        for name, heap, areas, needs, margin, ok, whole, why in rows:
            shown = "%d" % heap + ("" if len(areas) == 1 else " (%s)" % "+".join(str(a) for a in areas))
            print(
                "%-20s %-18s %-10s %-7s %-22s %s%s"
                % (
                    name,
                    shown,
                    needs or "-",
                    margin,
                    "plays: PASS" if ok else "FAILS",
                    "plays" if whole else "fails",
                    "" if ok else "  (%s)" % why[:90],
                )
            )
        print(json.dumps({"needs_one_area": need, "boards": [r[:2] + r[5:7] for r in rows]}))


if __name__ == "__main__":
    main()
