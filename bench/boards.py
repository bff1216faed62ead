"""Board fit: three runs on MicroPython's real rp2 build, in each listed board's heap.

    make bench        (or: .venv/bin/python bench/boards.py [--quick])

Runs the firmware as `adjutant deploy` lays it out (.mpy) on MicroPython v1.28.0 RPI_PICO in
an RP2040 emulator (the rp2 instrument: `tools/pico` of the shared folder beside the checkout,
or ADJUTANT_PICO_TOOLS), on the emulated clock. The runs: the scripted 10-turn basic game,
a game of The War from New game to its end, a four-player game of Last Front, a 10-turn
solitaire game against the AI, and a pull of 30 stored games by the CLI's own client
(bench/board_runs.py).

A board's heap is modelled on the Pico's 245,888 B (hardware/boards/*.json, "heap"): a
pinned ballast takes what the board lacks, and a board whose heap comes in areas (an ESP32
without PSRAM: 56,000 B, then another 56,000 B) gets free areas of those sizes with a pinned
16-byte wall between them, so no object can span two, as on the board. An area larger than
the Pico's (the ESP32-S3's megabytes of PSRAM) is played in the Pico's whole heap, the
largest the instrument has.

A run counts only with its result right (the final score, every pulled game stored and
scored) and no fault on the console (an "Error" on the panel, a traceback). Printed:
- boot to the first full frame: a fresh board, into a game of The War, into a Great War game
  halfway (reading its actions back), with 30 finished games kept, and halfway with 120 kept
  (a board used for long: it keeps its games until its flash runs low);
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
RUNS = ("game", "the-war", "last-front", "solitaire", "pull")  # bench/board_runs.py has the last four
STEP = 512
CHECK_ABOVE = 4096
GAME_WALL_S = 600  # a game that has not ended by then (a busy loop after a fault) fails


def tools() -> pathlib.Path | None:
    found = pathlib.Path(os.environ.get("ADJUTANT_PICO_TOOLS", ROOT.parent / "shared/tools/pico"))
    return found if (found / "drive.py").exists() and (found / "firmware-rpi_pico-v1.28.0.bin").exists() else None


DICE_SEED = 1914  # the solitaire run's dice: the same game every time, so its presses replay
# main.py for that run: the firmware's own, with its dice from a seeded generator (runtime.run's
# random_byte, which a board fills from os.urandom).
SEEDED_MAIN = (  # main.py with its dice seeded: the pack mounted, as main.py mounts it
    "import firmware_pack\nfirmware_pack.mount()\nimport random\nimport runtime\n\n"
    "random.seed(%d)\nruntime.run(lambda: random.getrandbits(8))\n"
)
SEEDED_MAIN %= DICE_SEED


def boot_py(areas: list[int]) -> str:
    """boot.py that leaves the firmware free areas of these sizes, walled apart, and nothing else.

    The areas are taken first (the lowest addresses), with a pinned 16-byte wall between two;
    then a ballast takes all that is left; then the areas are let go. Each allocation shrinks
    until it fits (boot.py's own objects lie about), and nothing may raise: on rp2 an exception
    in boot.py means main.py never runs.
    """
    lines = []
    lines += [
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
        self.scripted_game, self.frames = drive.load_checkout(ROOT)
        subprocess.run(["bash", str(tool / "setup.sh"), str(work)], check=True, capture_output=True)
        from adjutant.deploy import build

        self.solitaire: tuple[list[tuple[str, int]], list[str]] | None = None
        self.staged = work / "staged"
        build(ROOT, self.staged)  # .mpy, as deploy copies it

    def image(self, areas: list[int] | None, games: pathlib.Path | None = None, seeded: bool = False) -> pathlib.Path:
        """The flash image: the firmware, `games` beside it, and a boot.py that leaves it these
        heap areas (None: no boot.py, the board's whole heap)."""
        staged = self.work / "staged-run"
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(self.staged, staged)
        if games is not None:  # games the board played before: saved/ beside the firmware
            shutil.copytree(games, staged, dirs_exist_ok=True)
        if areas is not None:
            (staged / "boot.py").write_text(boot_py(areas))
        if seeded:
            (staged / "main.py").write_text(SEEDED_MAIN)
        out = self.work / "run.img"
        micropython = ROOT / ".venv/bin/micropython"
        subprocess.run(
            [str(micropython), "-X", "heapsize=8M", str(self.tool / "mkfs.py"), str(staged), str(out)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        return out

    def _final_state(self, pico) -> dict | None:
        """The game as a host reads it after play, with the board's whole heap back (boot.py
        removed, a soft reset): a host's request is not part of the game at the table."""
        pico.send(b"\x03")
        pico.run(500)
        pico.repl("import os; os.remove('boot.py') if 'boot.py' in os.listdir() else None")
        pico.send(b"\x04")
        pico.run(4000)
        for _ in range(3):  # "busy: try again" is an answer a host retries
            reply = pico.link_state(self.frames)
            if reply and "state" in reply:
                return reply["state"]
            pico.run(1000)
        print("    (the state request after the game: %s)" % (reply and reply.get("err")), flush=True)
        return None

    def _record_solitaire(self) -> tuple[list[tuple[str, int]], list[str]]:
        """The solitaire game's presses with the seeded dice, found by asking the link where the
        screens branch, in the Pico's whole heap; and the words of its result screen. Every trial
        replays the presses with no link request at all, and must end on the same screen."""
        import board_runs

        pico = self._start(self.image([PICO_HEAP], seeded=True))
        try:
            pico.boot()
            pico.run(3000)
            ok, why, presses = board_runs.play_solitaire(pico, self.frames, self.scripted_game.number)
            if not ok:
                raise RuntimeError("the solitaire game could not be recorded: " + why)
            pico.run(5000)
            shown = self._screen(pico)
        finally:
            pico.close()
        if not shown or shown[0] != "GAME OVER 3.5":
            raise RuntimeError("the recorded solitaire game did not end on its result: %s" % shown)
        return presses, shown

    @staticmethod
    def _screen(pico) -> list[str]:
        """The words on the panel, read off its pixels as a player reads them."""
        from adjutant.sim.panel_text import read

        return read(bytes.fromhex(pico.stats()["panel"]))

    def _start(self, image: pathlib.Path):
        quiet = os.dup(2)  # the emulator's own chatter on stderr ("Read from invalid SIO address")
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
            return self.drive.Pico(self.work, image)
        finally:
            os.dup2(quiet, 2)
            os.close(quiet)

    def plays(self, areas: list[int], run: str = "game") -> tuple[bool, str]:
        """(the run went right in these heap areas, the first fault or what went wrong).

        run: "game", the scripted basic game; "solitaire", 10 turns against the AI; "pull", 30
        stored games pulled by the host CLI's client (bench/board_runs.py)."""
        import board_runs

        games = board_runs.stored_games(self.work) if run == "pull" else None
        if run == "solitaire" and self.solitaire is None:  # its presses, found once in the whole heap
            self.solitaire = self._record_solitaire()
        image = self.image(areas, games, seeded=run == "solitaire")
        pico = self._start(image)
        started = time.monotonic()
        try:
            pico.boot()
            pico.run(3000)
            if run == "pull":
                ok, why = board_runs.pull_all(pico)
                faults = self.drive.faults(pico.serial)
                return (False, faults[0]) if faults else (ok, why)
            if run == "solitaire":
                presses, expected = self.solitaire
            elif run == "the-war":
                presses, expected = board_runs.war_game()
            elif run == "last-front":
                presses, expected = board_runs.last_front_game()
            else:
                presses, expected = self.scripted_game.events(), self.scripted_game.expected_totals()
            for button, ms in presses:
                pico.press(button, ms, self.scripted_game.PAUSE_MS)
                if time.monotonic() - started > GAME_WALL_S * (2 if run == "solitaire" else 1):
                    return False, "no end after %d s" % GAME_WALL_S
            pico.run(5000)
            faults = self.drive.faults(pico.serial)
            if faults:
                return False, faults[0]
            if run == "solitaire":  # the result screen, word for word as in the recorded game
                shown = self._screen(pico)
                return (True, "") if shown == expected else (False, "the end screen reads %s" % shown)
            game = self._final_state(pico)
            if run == "the-war":  # the winner, the round and both decks, as the engine has them
                end = game.get("end") if game else None
                return (True, "") if end == expected else (False, "the end %s, not %s" % (end, expected))
            if run == "last-front":  # the winner and the end, as the scenario expects them
                end = {key: game.get(key) for key in expected} if game else None
                return (True, "") if end == expected else (False, "the end %s, not %s" % (end, expected))
            final = (game.get("end") or {}).get("final") if game else None
            if final != expected:
                return False, "final score %s" % final
            return True, ""
        except RuntimeError as e:
            return False, str(e).splitlines()[0]
        finally:
            pico.close()


def boot_ms(emu: Emulator, games: pathlib.Path | None) -> float:
    """Reset to the first full frame on the panel, in the Pico's whole heap, emulated clock (no
    boot.py: its ballast's search would be timed too)."""
    pico = emu._start(emu.image(None, games))
    try:
        return pico.boot()["first_frame_ns"] / 1e6
    finally:
        pico.close()


def smallest(emu: Emulator, lo: int, hi: int, run: str, step: int, above: int) -> int:
    """The smallest one-area heap the run plays in: bisection to `step`, then every `step` of
    the `above` bytes over the answer (bench/heap_search.py: success is not monotonic)."""
    from heap_search import smallest_heap

    def trial(size: int) -> bool:
        ok, why = emu.plays([size], run)
        print("  %-9s %7d B: %s" % (run, size, "plays" if ok else "fails: " + why), flush=True)
        return ok

    return smallest_heap(trial, run, step, lo, hi, steady=above // step)


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
        import board_runs

        boots = {
            "a fresh board": boot_ms(emu, None),
            "into The War's mat": boot_ms(emu, board_runs.war_in_progress(pathlib.Path(tmp))),
            "into a Great War game at turn 6": boot_ms(emu, board_runs.great_war_in_progress(pathlib.Path(tmp))),
            "30 Great War games kept": boot_ms(emu, board_runs.stored_games(pathlib.Path(tmp))),
            "into a game at turn 6 with 120 kept": boot_ms(
                emu, board_runs.great_war_in_progress(pathlib.Path(tmp), kept=120)
            ),
        }
        print(
            "Boot to the first full frame (target <= 1,000 ms): " + ", ".join("%s %.0f ms" % b for b in boots.items())
        )
        need = None
        if not quick:
            print("The smallest one-area heap each run plays in (bisection, then every step above):")
            needs = {}
            for run in RUNS:  # the scripted game in 512 B steps; the longer runs in 2 KiB
                step, above = (STEP, CHECK_ABOVE) if run == "game" else (4 * STEP, 4 * STEP)
                needs[run] = smallest(emu, 64 * 1024, PICO_HEAP, run, step, above)
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
        print(json.dumps({"needs_one_area": need, "boot_ms": boots, "boards": [r[:2] + r[5:7] for r in rows]}))


if __name__ == "__main__":
    main()
