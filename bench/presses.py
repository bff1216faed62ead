"""Presses for a plain turn, as a person makes them: this firmware beside the one before.

    make bench        (or: .venv/bin/python bench/presses.py [ANCHOR_COMMIT])

A plain turn of a basic game: the Random Event d6 rolled, the Attacker's
Attack card marked in Combat Round 1, OK held on to Battle Resolution (the
README's shortcut), the battle entered, the captured BP, the draw and the
flip. The scripted game's turns give the numbers (bench/scripted_game.py):
the Attacker wins six of the battles counted, the Defender two.

The person reads the panel (the simulator's panel_text, off the emulated
OLED's pixels) and counts a tap or a hold as one press each:
- a number one above the one shown is tapped; a larger one is held, and the
  hold is let go as soon as the panel shows the number wanted, never timed;
  an overshoot (a count that came as the finger lifted) is tapped back;
- with "Battles: winner", the winner is picked instead of both BP totals.

The anchor is the firmware at ANCHOR_COMMIT (default: the commit before
winner-only entry), played the same way; it has no winner-only entry.
"""

from __future__ import annotations

import pathlib
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "host"), str(ROOT / "bench")]

from adjutant.sim.panel_text import read  # noqa: E402
from adjutant.sim.process import SimDevice  # noqa: E402
from instructions import anchor_source  # noqa: E402

from bench import scripted_game  # noqa: E402

ANCHOR = "5ab3fa3"  # the firmware before winner-only entry and the battle entry opening by itself (issue 33)
PLAIN = (1, 2, 3, 4, 6, 7, 8, 9)  # turn 5 ends with the reshuffle (8.1), turn 10 with the count: not plain
LOOK_MS = 10  # how often the person's eye takes in the panel while holding
SETTLE_MS = 120  # after letting go: the release debounced, the panel redrawn


class Person:
    """Presses buttons on a simulated device and reads its panel; counts every press."""

    def __init__(self, dev: SimDevice):
        self.dev = dev
        self.presses = 0
        self.read: dict[bytes, list[str]] = {}  # panel pixels -> their texts: a glance at an unchanged panel

    def texts(self) -> list[str]:
        pixels = self.dev.frame().pixels
        if pixels not in self.read:
            self.read[pixels] = read(pixels)
        return self.read[pixels]

    def tap(self, button: str) -> None:
        self.dev.hold(button, scripted_game.SHORT, SETTLE_MS)
        self.presses += 1

    def hold(self, button: str) -> None:
        self.dev.hold(button, scripted_game.LONG, SETTLE_MS)
        self.presses += 1

    def shown_number(self) -> int:
        numbers = [int(t) for t in self.texts() if t.isdigit()]
        if len(numbers) != 1:
            raise AssertionError(f"no one number on the panel: {self.dev.shown()}")
        return numbers[0]

    def enter(self, wanted: int) -> None:
        """Set the entry's number to `wanted` as a person does, watching the panel."""
        shown = self.shown_number()
        if wanted == shown + 1:
            self.tap("UP")
        elif wanted > shown:
            self.dev.down("UP")
            for _ in range(20_000 // LOOK_MS):
                self.dev.wait(LOOK_MS)
                if self.shown_number() >= wanted:
                    break
            self.dev.up("UP")
            self.dev.wait(SETTLE_MS)
            self.presses += 1
        while self.shown_number() > wanted:
            self.tap("DOWN")
        while self.shown_number() < wanted:
            self.tap("UP")


def plain_turn(person: Person, turn: int, winner_only: bool, asks_to_open: bool) -> int:
    """One plain turn from its Random Event phase to the next turn's; returns its presses."""
    dev = person.dev
    before = person.presses
    cp, ea, captured = scripted_game.bp(turn)
    person.tap("OK")  # "OK roll d6"
    person.tap("OK")  # the d6 screen: "OK next"
    person.tap("UP")  # "Attack? ^ mark" (7.10)
    person.hold("OK")  # on through Combat Round 2 and the Bonus phase to Battle Resolution
    if asks_to_open:
        person.tap("OK")  # "OK enter BP"
    state = dev.state()["game"]
    winner = "CP" if cp > ea else "EA" if ea > cp else state["defender"]
    if winner_only:
        if winner != state["defender"]:  # the Defender is picked first
            person.tap("DOWN")
        person.tap("OK")
    else:
        person.enter(cp)
        person.tap("OK")
        person.enter(ea)
        person.tap("OK")
    person.enter(captured)
    person.tap("OK")  # the capture, and on to the draw
    if turn == 5:
        person.tap("OK")  # the reshuffle (8.1), read and closed
    person.tap("OK")  # "Draw 7.19 OK nxt"
    person.tap("OK")  # "OK flip DTT"
    game = dev.state()["game"]
    record = game["track"][turn - 1]
    if (record["winner"], record["captured"], game["turn"]) != (winner, captured, turn + 1):
        raise AssertionError(f"turn {turn} did not play as meant: {record}, now turn {game['turn']}")
    return person.presses - before


def play(code: pathlib.Path, winner_only: bool, asks_to_open: bool) -> list[int]:
    with tempfile.TemporaryDirectory() as tmp, SimDevice(pathlib.Path(tmp) / "flash.img", seed=3, code=code) as dev:
        dev.wait(500)
        if winner_only:
            choose_winner_only(dev)
        person = Person(dev)
        counts = [plain_turn(person, turn, winner_only, asks_to_open) for turn in range(1, PLAIN[-1] + 1)]
        return [counts[turn - 1] for turn in PLAIN]


def choose_winner_only(dev: SimDevice) -> None:
    """Menu, Settings, "Battles": winner (not counted: it is set once, not each turn)."""
    dev.press("BACK")  # the menu
    dev.press("DOWN", 7)  # Back to game, Undo, Redo, New game, End game 3.4, History, Card data: Settings
    dev.press("OK")
    dev.press("DOWN", 4)  # Contrast, Sleep, Rotate, Last draw: Battles
    dev.press("OK")
    if not dev.shown().replace(" ", "").count("Battleswinner"):
        raise AssertionError(f"the setting did not take: {dev.shown()}")
    dev.press("BACK")
    dev.press("BACK")


def line(name: str, counts: list[int]) -> str:
    cells = " ".join(f"{c:>3}" for c in counts)
    return f"  {name:<34} {cells}   mean {statistics.mean(counts):5.2f}, most {max(counts)}"


def main() -> None:
    anchor = sys.argv[1] if len(sys.argv) > 1 else ANCHOR
    print("Presses for a plain turn of the scripted game, a person reading the panel; by turn:")
    print("  " + " " * 35 + " ".join(f"T{t:<2}" for t in PLAIN))
    winner = play(ROOT, winner_only=True, asks_to_open=False)
    both = play(ROOT, winner_only=False, asks_to_open=False)
    print(line("now, winner only (target <= 10)", winner))
    print(line("now, both BP totals (target <= 20)", both))
    with tempfile.TemporaryDirectory() as tmp:
        source = anchor_source(anchor, pathlib.Path(tmp) / "anchor")
        if source is None:
            print(f"  {anchor} (before): not in this clone, skipped")
        else:
            before = play(source, winner_only=False, asks_to_open=True)
            print(line(f"{anchor} (before), both BP totals", before))
            print(f"  both BP: {statistics.mean(before) / statistics.mean(both):.2f}x fewer presses now")
    scripted = scripted_game.events()
    print(f"The scripted 10-turn game (a hold counts once): {len(scripted)} presses")


if __name__ == "__main__":
    main()
