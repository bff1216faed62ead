"""The runs bench/boards.py plays on the emulated rp2 board, besides the scripted basic game.

- A 10-turn solitaire game (Solitaire Rules 3.3) through the buttons: the player takes EA,
  the AI CP. The dice come from a seeded generator (bench/boards.py's boot.py), so the game
  is the same each time: the driver finds its presses once, asking the link's `state` where
  the screens branch (after the Random Event roll, and at each turn's end), and every trial
  replays them with no request at all, as a game with no computer near.
- A game of The War from New game: 60-card decks, each turn one deck attack of the powers
  bench/presses.py's person hits with, until a player cannot draw 2; the end the engine gives
  for the same actions is what the board must show over the link.
- A game of Last Front for four players: tests/scenarios/last-front.scn's presses, checked by
  what that scenario expects at its end (the winner, the game over).
- A pull of 30 stored games, by the host CLI's own client (adjutant.link.client and
  adjutant.pull) over the emulated USB serial port, into an archive, every game checked.
"""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAUSE_MS = 1500  # between presses, as in the scripted game (scripted_game.PAUSE_MS)
PULLED_GAMES = 30


WAR_HITS = (3, 2, 4, 5, 1, 3, 2, 4, 3, 2)  # bench/presses.py's: the powers real decks hit with
TAP_MS = 80


def war_game() -> tuple[list[tuple[str, int]], dict]:
    """The War's presses from a fresh board's mat (Menu, New game, The War; its hands kept), and
    the end the engine folds from the same actions: the state's "end" as the link reports it."""
    from shared_engine.games import core
    from shared_engine.the_war.actions import make

    tap = TAP_MS
    presses = [("BACK", tap)] + [("DOWN", tap)] * 3 + [("OK", tap)] + [("DOWN", tap)] * 7 + [("OK", tap)]
    presses.append(("OK", tap))  # "OK start": the hands kept, P1 draws 1
    game = core(make("the-war", 60, "P1"))
    game.apply(make("start"))
    last = 2  # the deck attack's number opens at the last hit, 2 at first
    for turn in range(200):
        if game.state.phase == "over":
            return presses, game.state.to_dict()["end"]
        hit = WAR_HITS[turn % len(WAR_HITS)]
        target = "P2" if game.state.player == "P1" else "P1"
        if not game.state.decks[target]:  # drawn empty: nothing to hit, the turn just ends
            presses.append(("OK", tap))
            game.apply(make("end"))
            continue
        presses += [("UP", tap)] + [("UP" if hit > last else "DOWN", tap)] * abs(hit - last)
        presses += [("OK", tap), ("OK", tap)]  # the hit entered; the turn ended, the next draws 2
        game.apply(make("attack", game.state.player, hit, None))
        game.apply(make("end"))
        last = hit
    raise AssertionError("The War's board run did not end")


def last_front_game() -> tuple[list[tuple[str, int]], dict]:
    """tests/scenarios/last-front.scn's presses (a whole four-player game from New game), and
    what the scenario expects of the game at its end ("expect state game.winner 2")."""
    presses: list[tuple[str, int]] = []
    expected = {}
    for line in (ROOT / "tests/scenarios/last-front.scn").read_text().splitlines():
        words = line.split("#")[0].split()
        if words[:1] == ["press"]:
            presses += [(words[1], TAP_MS)] * (int(words[2]) if len(words) > 2 else 1)
        elif words[:3] in (["expect", "state", "game.winner"], ["expect", "state", "game.phase"]):
            expected[words[2].split(".")[1]] = int(words[3]) if words[3].isdigit() else words[3]
    return presses, expected


class EmulatedPort:
    """The emulated board's USB serial port as adjutant's link client uses a pyserial port.

    A real host's USB waits while the board's buffer is full; the emulator's 512-byte FIFO
    drops what does not fit. So the host's request lines wait here, and go to the board while
    fewer than two of them are unanswered: the board sees them as a flow-controlled port
    lets them through."""

    IN_FLIGHT = 2

    def __init__(self, pico):
        self.pico = pico
        self.at = len(pico.serial)
        self.start = self.at
        self.backlog: list[bytes] = []
        self.sent = 0

    @property
    def in_waiting(self) -> int:
        return len(self.pico.serial) - self.at

    def _answered(self) -> int:
        return sum(1 for line in self.pico.serial[self.start :].split("\n")[:-1] if "~" in line)

    def _feed(self) -> None:
        while self.backlog and self.sent - self._answered() < self.IN_FLIGHT:
            line = self.backlog.pop(0)
            for at in range(0, len(line), 64):
                self.pico.send(line[at : at + 64])
                self.pico.run(20)  # 3.2 KB/s: the board drains 768 B of buffers in any pause up to 240 ms
            self.sent += 1

    def write(self, data: bytes) -> int:
        self.backlog += [line + b"\n" for line in bytes(data).split(b"\n") if line]
        self._feed()
        return len(data)

    def read(self, n: int = 1) -> bytes:
        if not self.in_waiting:
            self.pico.run(20)  # the board's time passes while the host waits
            self._feed()
        chunk = self.pico.serial[self.at : self.at + n]
        self.at += len(chunk)
        return chunk.encode("latin1")

    def reset_input_buffer(self) -> None:
        self.at = len(self.pico.serial)

    def close(self) -> None:
        pass


# -- a pull of 30 games ------------------------------------------------------------------


def stored_games(work: pathlib.Path, count: int = PULLED_GAMES, lines: int | None = None) -> pathlib.Path:
    """A folder holding `saved/` with `count` finished games, written by the firmware's own journal
    code (the scripted game's log), as a board that played them keeps them; with `lines`, games
    of the log's first lines only (its header and lines - 1 actions), not yet ended."""
    out = work / ("stored-games-%d" % count if lines is None else "in-progress-%d-%d" % (count, lines))
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    log = ROOT / "tests/golden/basic_game.jsonl"
    script = (
        "import sys\n"
        f"sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / 'firmware')!r}]\n"
        "import os\n"
        "from journal import games\n"
        "os.mkdir(games.ROOT)\n"
        "from shared_engine.great_war.game import Game\n"
        f"text = open({str(log)!r}).read()\n"
        + (f"text = '\\n'.join(text.splitlines()[:{lines}]) + '\\n'\n" if lines else "")
        + f"for n in range({count}):\n"
        "    games.create(Game.from_lines(text))\n"
    )
    micropython = ROOT / ".venv/bin/micropython"
    subprocess.run([str(micropython), "-c", script], cwd=out, check=True, capture_output=True)
    return out


GREAT_WAR_HALFWAY = 60  # the scripted game's header and first 59 actions: turn 6 of 10 begins


def great_war_in_progress(work: pathlib.Path, kept: int = 1) -> pathlib.Path:
    """A folder holding `saved/` with `kept` basic games of The Great War halfway through (a board
    used for a long time keeps every game it played until its flash runs low): the board boots
    into the newest's mat, reading its 59 actions back."""
    return stored_games(work, kept, GREAT_WAR_HALFWAY)


def war_in_progress(work: pathlib.Path) -> pathlib.Path:
    """A folder holding `saved/` with one game of The War ten turns in, written by the firmware's
    own journal code: the board boots into its mat."""
    out = work / "war-in-progress"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    script = (
        "import sys\n"
        f"sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / 'firmware')!r}]\n"
        "import os\n"
        "from journal import games\n"
        "from shared_engine.games import core\n"
        "from shared_engine.the_war.actions import make\n"
        "os.mkdir(games.ROOT)\n"
        "game = core(make('the-war', 60, 'P1'))\n"
        "game.apply(make('start'))\n"
        "for turn in range(10):\n"
        "    game.apply(make('attack', game.state.player, %d, None))\n"
        "    game.apply(make('end'))\n"
        "games.create(game)\n"
    ) % WAR_HITS[0]
    micropython = ROOT / ".venv/bin/micropython"
    subprocess.run([str(micropython), "-c", script], cwd=out, check=True, capture_output=True)
    return out


def pull_all(pico) -> tuple[bool, str]:
    """Pull every game into a fresh archive with the CLI's client; (all 30 stored, each ended
    with the stored game's final score; why not)."""
    import json

    final = json.loads((ROOT / "tests/golden/basic_game.state.json").read_text())["end"]["final"]
    expected = (final["CP"], final["EA"])
    from adjutant.errors import AdjutantError
    from adjutant.link.client import DeviceLink
    from adjutant.pull import pull
    from adjutant.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(pathlib.Path(tmp) / "archive.sqlite3")
        try:
            device = DeviceLink(EmulatedPort(pico), None, timeout=20.0)
            device.hello()
            result = pull(device, store)
        except AdjutantError as e:
            return False, "%s; the console said: %r" % (e, pico.serial[-300:])
        finally:
            stored = store.games()
            store.close()
    if len(result.new) != PULLED_GAMES or len(stored) != PULLED_GAMES:
        return False, "pulled %d of %d games" % (len(result.new), PULLED_GAMES)
    # the game's own totals, as its desk archived them (the detail beside the game-neutral columns)
    wrong = [g.gid for g in stored if not g.over or (g.detail.get("cp"), g.detail.get("ea")) != expected]
    if wrong:
        return False, "wrong score in %s" % ", ".join(wrong[:3])
    return True, ""


# -- a 10-turn solitaire game --------------------------------------------------------------


class Driver:
    def __init__(self, pico, frames):
        self.pico = pico
        self.frames = frames
        self.made: list[tuple[str, int]] = []  # every press, to replay

    def press(self, button: str, ms: int = 80) -> None:
        self.pico.press(button, ms, PAUSE_MS)
        self.made.append((button, ms))

    def presses(self, button: str, times: int) -> None:
        for _ in range(times):
            self.press(button)

    def state(self) -> dict:
        reply = self.pico.link_state(self.frames)
        if reply is None or "state" not in reply:  # no answer, or one without the game (no heap for it)
            raise RuntimeError("the link's state request got %s" % (reply and reply.get("err")))
        return reply


def play_solitaire(pico, frames, number) -> tuple[bool, str, list[tuple[str, int]]]:
    """The player (EA) against the AI (CP), 10 turns; `number(value)` gives the presses of a
    number entry (bench/scripted_game.py). (the game ended and was scored, why not, the
    presses made)."""
    d = Driver(pico, frames)
    d.press("BACK")  # the menu
    d.presses("DOWN", 3)
    d.press("OK")  # New game
    d.presses("DOWN", 4)
    d.press("OK")  # "Solo: you are" CP -> EA
    d.presses("DOWN", 1)
    d.press("OK")  # Solitaire 10T
    d.press("OK")  # the Step 1 checklist, read
    for turn in range(1, 11):
        d.press("OK")  # the AI's hand (Step 3 or 11), rolled on this press
        d.press("OK")
        d.press("OK")  # the Random Event d6, and on to Combat Round 1
        d.press("OK")  # the d6 read: the mat
        d.press("OK", 800)  # on to the battle: stops where the AI's Step 7 roll is due
        d.press("OK")  # Step 7: what the AI holds
        d.presses("DOWN", 3)
        d.press("OK")  # roll d6
        d.press("OK")
        d.press("OK")  # "OK battle": to the battle, where the entry opens
        # face-up BP, CP (opened at the last battle's, the first at 12) then EA (opened at CP's),
        # then the captured BP (opened at the loser's face-up BP)
        for value, start in ((12, 12), (7, 12), (7, 7)):
            for button, ms in number(value, start=start):
                d.press(button, ms)
            d.press("OK")
        for _ in range(4):  # the draw and end of turn; after turn 5, the reshuffle and Step 1 again
            reply = d.state()
            game = reply["state"]
            if game["turn"] > turn or game["phase"] == "over":
                break
            d.press("OK")
        if game["phase"] == "over":
            break
    final = (game.get("end") or {}).get("final")
    if game["phase"] != "over" or not final:
        return False, "turn %s, phase %s, no final score" % (game["turn"], game["phase"]), d.made
    if game["turn"] != 10:
        return False, "ended at turn %s" % game["turn"], d.made
    return True, "", d.made
