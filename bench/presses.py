"""Presses for a turn as a person makes them at the table, on real battles: this firmware beside the one before.

    make bench        (or: .venv/bin/python bench/presses.py [--turns FILE.csv] [--anchor COMMIT])

The turns come from FILE (default bench/turns-real.csv): columns
turn,bp_cp,bp_ea,captured, one row a turn of a basic game. The winner is the
side with the higher face-up BP, the Defender on a tie (7.14; CP defends turn
1, 2.7, and the Defender flips each turn, 7.20). Each is played in both entry
modes: "Battles: winner" (set once in Settings, not counted) and both BP.
The scripted game's battles (bench/scripted_game.py: captures of 1-4) are
played the same way as a second row, to compare with.

The person reads the panel (the simulator's panel_text, off the emulated
OLED's pixels), and:
- sees the panel 250 ms after it changes, and acts on what it shows: OK does
  what the status line says; a dark panel is pressed once to wake it;
- taps at most every 150 ms (a finger down 80 ms);
- sets a number one away with a tap, else holds the button and lets go 250 ms
  after the panel first shows the number wanted (a row more: 190 and 310 ms),
  then taps back any overshoot;
- plays cards for 90 s between Combat Round 1 and the battle, so the panel's
  sleep and the press that wakes it count.
Every tap and every hold counts 1. A turn runs from its Random Event phase to
the next turn's; the hand's time is the turn's time on the device, the 90 s of
card play left out. Plain turns leave out turn 5 (the reshuffle, 8.1) and the
last (the count, 3.2).

The anchor is the firmware at COMMIT (default: the last before the presses
merged), played the same way by the same person, as its screens ask: the d6
screen's "OK next", the Attack card marked, OK held on to the battle, numbers
counted from 0, the draw and the flip.

Then The War's turns, each with one deck attack (WAR_HITS), as the same person plays them.

The last line, for the default turns and this firmware, is exactly:
    mean presses per plain turn: winner-only W, both BP B
"""

from __future__ import annotations

import argparse
import csv
import pathlib
import statistics
import sys
import tempfile
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "host"), str(ROOT / "bench")]

from adjutant.sim.panel_text import read  # noqa: E402
from adjutant.sim.process import SimDevice  # noqa: E402
from instructions import anchor_source  # noqa: E402

from bench import scripted_game  # noqa: E402

ANCHOR = "ae2ec62"  # the firmware before the roll, the battle and the flip took fewer presses
REAL_TURNS = ROOT / "bench" / "turns-real.csv"
SEE_MS = 250  # the panel is seen this long after it changes; a hold is let go this long after the number shows
TAP_EVERY_MS = 150  # the quickest a person taps again
TAP_MS = 80  # a finger on the button, for a tap
LONG_MS = 800  # a long press (OK held on to the battle, on firmware before)
LOOK_MS = 10  # how often the eye takes in the panel while a button is held
CARD_PLAY_MS = 90_000  # the combat rounds and the Bonus phase, played with the cards
LET_GO = (190, 250, 310)  # the benched person's let-go, and one sooner and one later
READ_MS = 4000  # the longest a message over the words wanted is read before it goes by itself


@dataclass
class Turn:
    number: int
    cp: int
    ea: int
    captured: int

    @property
    def defender(self) -> str:
        return "CP" if self.number % 2 else "EA"

    @property
    def winner(self) -> str:
        return "CP" if self.cp > self.ea else "EA" if self.ea > self.cp else self.defender


def read_turns(path: pathlib.Path) -> list[Turn]:
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    turns = [Turn(int(r["turn"]), int(r["bp_cp"]), int(r["bp_ea"]), int(r["captured"])) for r in rows]
    if [t.number for t in turns] != list(range(1, len(turns) + 1)):
        raise SystemExit(f"{path}: turns must be numbered 1, 2, 3 ... in order")
    return turns


def scripted_turns() -> list[Turn]:
    return [Turn(n, *scripted_game.bp(n)) for n in range(1, scripted_game.TURNS + 1)]


class Person:
    """Presses buttons on a simulated device as a person does, and reads its panel; counts every press."""

    def __init__(self, dev: SimDevice, let_go_ms: int = SEE_MS):
        self.dev = dev
        self.let_go_ms = let_go_ms  # a hold is let go this long after the number wanted shows
        self.presses = 0
        self.last_tap = -TAP_EVERY_MS
        self.read: dict[bytes, list[str]] = {}  # panel pixels -> their texts: a glance at an unchanged panel

    def look(self) -> list[str]:
        """What the panel shows, seen SEE_MS after the last press changed it."""
        self.dev.wait(SEE_MS)
        return self.texts()

    def texts(self) -> list[str]:
        frame = self.dev.frame()
        if not frame.on:
            return []  # dark
        if frame.pixels not in self.read:
            self.read[frame.pixels] = read(frame.pixels)
        return self.read[frame.pixels]

    def shows(self, words: str) -> bool:
        return words.replace(" ", "") in "".join(self.texts()).replace(" ", "")

    def awake(self) -> None:
        """A dark panel is pressed once to light it (that press does nothing else), then read."""
        if not self.dev.frame().on:
            self.tap("OK")
            self.look()

    def tap(self, button: str) -> None:
        self.dev.wait(max(0, self.last_tap + TAP_EVERY_MS - self.dev.now))
        self.last_tap = self.dev.now
        self.dev.down(button)
        self.dev.wait(TAP_MS)
        self.dev.up(button)
        self.presses += 1

    def long_press(self, button: str) -> None:
        self.dev.down(button)
        self.dev.wait(LONG_MS)
        self.dev.up(button)
        self.presses += 1

    def number(self) -> int:
        numbers = [int(t) for t in self.texts() if t.isdigit()]
        if len(numbers) != 1:
            raise AssertionError(f"no one number on the panel: {self.dev.shown()}")
        return numbers[0]

    def set_number(self, wanted: int, shown: int | None = None) -> None:
        """Set the number on the panel (or, `shown` given, the one a press will open at) to `wanted`."""
        if shown is None:
            shown = self.number()
        if abs(wanted - shown) == 1:
            self.tap("UP" if wanted > shown else "DOWN")
            self.look()
        elif wanted != shown:
            self.hold_to("UP" if wanted > shown else "DOWN", wanted)
        while (shown := self.number()) != wanted:  # the overshoot, tapped back
            for _ in range(abs(shown - wanted)):
                self.tap("UP" if wanted > shown else "DOWN")
            self.look()

    def hold_to(self, button: str, wanted: int) -> None:
        """Hold `button` until the panel shows `wanted` (or passes it), and let go SEE_MS later."""
        self.dev.down(button)
        for _ in range(30_000 // LOOK_MS):
            self.dev.wait(LOOK_MS)
            numbers = [int(t) for t in self.texts() if t.isdigit()]
            # not yet the d6 screen the press leaves, with its face (Last Front's bid: "OK bid")
            entry = self.shows("OK enter") or self.shows("OK bid")
            if entry and len(numbers) == 1 and (numbers[0] >= wanted if button == "UP" else numbers[0] <= wanted):
                break
        self.dev.wait(self.let_go_ms)
        self.dev.up(button)
        self.presses += 1
        self.look()

    def ok(self, expect: str) -> None:
        """OK, where the panel says what OK does (a message over it read first, until it goes)."""
        self.awake()
        for _ in range(READ_MS // SEE_MS):
            if self.shows(expect):
                break
            self.dev.wait(SEE_MS)
        else:
            raise AssertionError(f"the panel does not say {expect!r}: {self.dev.shown()}")
        self.tap("OK")
        self.look()


def play_turn_now(person: Person, turn: Turn, winner_only: bool, last: bool) -> None:
    """One turn on this firmware, as its screens ask."""
    dev = person.dev
    person.ok("OK roll d6")  # the d6 rolled, and Combat Round 1 begins with it shown
    dev.wait(CARD_PLAY_MS)
    person.awake()
    if winner_only:
        if not person.shows("Won? ^CP vEA"):
            raise AssertionError(f"the d6 screen does not ask who won: {dev.shown()}")
        person.tap("UP" if turn.winner == "CP" else "DOWN")
        person.look()
    else:
        footer = [t for t in person.texts() if t.startswith("OK/^v")]
        if not footer:
            raise AssertionError(f"the d6 screen does not offer the BP: {dev.shown()}")
        start = int(footer[0].split()[-1])  # "OK/^v: CP BP 12": where CP's number opens
        if turn.cp == start:
            person.tap("OK")
            person.look()
        else:
            person.set_number(turn.cp, start)
        person.ok("OK enter")
        person.set_number(turn.ea)
        person.ok("OK enter")
    capture(person, turn)  # its OK ends the turn (7.20); the next turn's mat asks for the draw and the d6
    if turn.number == 5 and not last:
        person.ok("8.1 then OK flip")  # the reshuffle's draw is a step of its own


def capture(person: Person, turn: Turn) -> None:
    """The captured BP, entered; after turn 5, the reshuffle (8.1) read and closed."""
    person.set_number(turn.captured)
    person.ok("OK enter")
    if turn.number == 5:
        person.ok("END OF TURN 5")


def play_turn_before(person: Person, turn: Turn, winner_only: bool, last: bool) -> None:
    """One turn on the firmware before, as its screens asked."""
    dev = person.dev
    person.ok("OK roll d6")
    person.ok("OK next")  # the d6 screen
    person.tap("UP")  # "Attack? ^ mark" (7.10)
    person.look()
    dev.wait(CARD_PLAY_MS)
    person.awake()
    person.long_press("OK")  # on through Combat Round 2 and the Bonus phase to the battle
    person.look()
    if winner_only:
        if turn.winner != turn.defender:  # the Defender was picked first
            person.tap("DOWN")
            person.look()
        person.ok("OK enter")
    else:
        for value in (turn.cp, turn.ea):
            person.set_number(value)
            person.ok("OK enter")
    capture(person, turn)
    if not last:
        person.ok("reshuffle OK" if turn.number == 5 else "OK nxt")  # "Draw 7.19 OK nxt"
        person.ok("OK flip DTT")


@dataclass
class Played:
    presses: list[int]
    hand_s: list[float]


def play(code: pathlib.Path, turns: list[Turn], winner_only: bool, before: bool, let_go_ms: int = SEE_MS) -> Played:
    turn_of = play_turn_before if before else play_turn_now
    presses, hand = [], []
    with tempfile.TemporaryDirectory() as tmp, SimDevice(pathlib.Path(tmp) / "flash.img", seed=3, code=code) as dev:
        dev.wait(500)
        if winner_only:
            choose_winner_only(dev)
        person = Person(dev, let_go_ms)
        for turn in turns:
            count, began = person.presses, dev.now
            turn_of(person, turn, winner_only, turn.number == len(turns))
            presses.append(person.presses - count)
            hand.append((dev.now - began - CARD_PLAY_MS) / 1000)
            check(dev.state()["game"], turn, winner_only, len(turns))
    return Played(presses, hand)


def check(game: dict, turn: Turn, winner_only: bool, turns: int) -> None:
    """The turn was played as meant: its winner, BP and capture on the track, the game moved on."""
    record = game["track"][turn.number - 1 - (game.get("track_from", 1) - 1)]
    bp = None if winner_only else {"CP": turn.cp, "EA": turn.ea}
    got = (record["winner"], record["bp"], record["captured"])
    if got != (turn.winner, bp, turn.captured):
        raise AssertionError(f"turn {turn.number} did not play as meant: {record}")
    if turn.number < turns and game["turn"] != turn.number + 1:
        raise AssertionError(f"turn {turn.number} did not move on: now turn {game['turn']}, {game['phase']}")


# The War: each turn one deck attack, of the powers real decks hit with (a breakthrough's attack
# power 2-4, a bomber's bombing power 3-5, heavy artillery's 1-2), then the turn's end.
WAR_HITS = (3, 2, 4, 5, 1, 3, 2, 4, 3, 2)


def play_the_war(code: pathlib.Path) -> list[int]:
    """Presses per The War turn with one deck attack, as a person makes them."""
    presses = []
    with tempfile.TemporaryDirectory() as tmp, SimDevice(pathlib.Path(tmp) / "flash.img", seed=3, code=code) as dev:
        dev.wait(500)
        dev.press("BACK")  # Menu, New game, The War (not counted: once a game)
        dev.press("DOWN", 3)
        dev.press("OK")
        dev.press("DOWN", 7)
        dev.press("OK")
        person = Person(dev)
        person.ok("OK start")  # the hands kept
        for hit in WAR_HITS:
            before = dev.state()["game"]
            count = person.presses
            person.awake()
            if not person.shows("hit"):
                raise AssertionError(f"the mat does not offer the deck attack: {dev.shown()}")
            person.tap("UP")  # "^hit": the deck attack's number, opening at the last one's
            person.look()
            person.set_number(hit)
            person.ok("OK enter")  # OK enters the hit; a held OK would name what hit
            person.ok("OK end")  # the turn ends; the next player draws 2
            presses.append(person.presses - count)
            after = dev.state()["game"]
            target = "P2" if before["player"] == "P1" else "P1"
            if after["decks"][target] != before["decks"][target] - hit - 2:
                raise AssertionError(f"The War's turn did not play as meant: {before['decks']} -> {after['decks']}")
    return presses


# Last Front: the raises a table makes, over the bid to beat: a player adds a card or two to
# their bid (Unit cards of 1-4, Icons and Specials on top), so most raises are 1-3.
FRONT_RAISES = (1, 2, 1, 3, 2, 1, 2, 4, 1, 3, 2, 1)


def play_last_front(code: pathlib.Path) -> list[tuple[int, int]]:
    """(raise, presses) for each bid of a four-player battle, as a person makes them: OK opens
    the entry at one more than the bid to beat, UP at two more."""
    out = []
    with tempfile.TemporaryDirectory() as tmp, SimDevice(pathlib.Path(tmp) / "flash.img", seed=3, code=code) as dev:
        dev.wait(500)
        dev.press("BACK")  # Menu, New game, Last Front (not counted: once a game)
        dev.press("DOWN", 3)
        dev.press("OK")
        dev.press("DOWN", 10)
        dev.press("OK")
        dev.press("OK")  # the first territory turned up: the first of the list (not a bid)
        dev.press("OK")
        person = Person(dev)
        for wanted in FRONT_RAISES:
            before = dev.state()["game"]["battles"][-1]
            count = person.presses
            person.awake()
            if wanted == 1:
                person.tap("OK")
            else:
                person.tap("UP")  # the entry at two more
            person.look()
            person.set_number(before["high"] + wanted)
            person.ok("OK bid")
            after = dev.state()["game"]["battles"][-1]
            if after["high"] != before["high"] + wanted:
                raise AssertionError(f"Last Front's bid did not take: {before['high']} -> {after['high']}")
            out.append((wanted, person.presses - count))
    return out


def choose_winner_only(dev: SimDevice) -> None:
    """Menu, Settings, "Battles": winner (not counted: it is set once, not each turn)."""
    dev.press("BACK")  # the menu
    dev.press("DOWN", 6)  # Back to game, Undo, Redo, New game, History, Card data: Settings
    dev.press("OK")
    dev.press("DOWN", 4)  # Contrast, Sleep, Rotate, Last draw: Battles
    dev.press("OK")
    if not dev.shown().replace(" ", "").count("Battleswinner"):
        raise AssertionError(f"the setting did not take: {dev.shown()}")
    dev.press("BACK")
    dev.press("BACK")


def plain(values: list, turns: int) -> list:
    return [v for n, v in enumerate(values, 1) if n != 5 and n != turns]


def row(name: str, played: Played) -> str:
    cells = " ".join(f"{c:>3}" for c in played.presses)
    counts = plain(played.presses, len(played.presses))
    hand = statistics.mean(plain(played.hand_s, len(played.hand_s)))
    return f"  {name:<30} {cells}   {statistics.mean(counts):5.2f} {max(counts):>4}   {hand:5.1f} s"


def header(turns: list[Turn]) -> str:
    cells = " ".join(f"T{t.number:<2}" for t in turns)
    return f"  {'':<30} {cells}   plain: mean most   hand/turn"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=pathlib.Path, default=REAL_TURNS, help="CSV: turn,bp_cp,bp_ea,captured")
    parser.add_argument("--anchor", default=ANCHOR, help="the commit whose firmware is played beside this one")
    args = parser.parse_args()
    turns = read_turns(args.turns)
    print("Presses per turn as a person makes them (sees the panel 250 ms after it changes, taps at most")
    print("every 150 ms, lets go of a hold 250 ms after the number shows, 90 s of card play before the battle).")
    print("Plain turns leave out turn 5 and the last; the hand's time is the turn's, card play left out.")
    with tempfile.TemporaryDirectory() as tmp:
        old = anchor_source(args.anchor, pathlib.Path(tmp) / "anchor")
        means = {}
        runs = ((f"battles: {args.turns.name}", turns), ("battles: the scripted game's", scripted_turns()))
        for title, battles in runs:
            print(title)
            print(header(battles))
            for winner_only, mode in ((True, "winner only"), (False, "both BP")):
                now = play(ROOT, battles, winner_only, before=False)
                print(row(f"now, {mode}", now))
                if old is None:
                    print(f"  {args.anchor} (before), {mode}: not in this clone, skipped")
                else:
                    was = play(old, battles, winner_only, before=True)
                    print(row(f"{args.anchor} (before), {mode}", was))
                    ratio = statistics.mean(plain(was.presses, len(battles))) / statistics.mean(
                        plain(now.presses, len(battles))
                    )
                    print(f"  {'':<30} {ratio:.2f}x fewer presses now")
                if battles is turns:
                    means[winner_only] = statistics.mean(plain(now.presses, len(battles)))
        # a person lets go sooner or later than a quarter second after seeing the number
        sooner_later = [plain(play(ROOT, turns, False, False, ms).presses, len(turns)) for ms in LET_GO]
        cells = ", ".join(f"{ms} ms {statistics.mean(made):.2f}" for ms, made in zip(LET_GO, sooner_later))
        print(f"both BP, {args.turns.name}, a hold let go after the number shows: {cells}")
    war = play_the_war(ROOT)
    print("The War: presses per turn with one deck attack, hits " + " ".join(map(str, WAR_HITS)))
    cells = " ".join(f"{n:>3}" for n in war)
    print(f"  {cells}   mean {statistics.mean(war):.2f}, most {max(war)} (target: at most 6)")
    front = play_last_front(ROOT)
    print("Last Front: presses per bid, by its raise over the bid to beat")
    for size in sorted({r for r, _ in front}):
        made = [n for r, n in front if r == size]
        print(f"  raise {size}: {statistics.mean(made):.2f} presses ({len(made)} bids)")
    typical = [n for r, n in front if r <= 3]
    print(f"  raises of 1-3: mean {statistics.mean(typical):.2f}, most {max(typical)} (target: at most 3)")
    print(f"mean presses per plain turn: winner-only {means[True]:.2f}, both BP {means[False]:.2f}")


if __name__ == "__main__":
    main()
