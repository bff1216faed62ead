"""An archive of four games for the report's tests, played through the engine as the rules go.

Each game lists the face-up BP and the captures of its turns; the expected
outcome is worked out here from the rules (the higher face-up BP wins, the
Defender wins ties: 7.14; a margin under 10 is a draw: 3.5), not read from
the engine.
"""

from __future__ import annotations

import datetime
import hashlib
import pathlib
from dataclasses import dataclass

from adjutant.pull import summarize
from adjutant.store import Store

from shared_engine.great_war.game import Game
from tests.engine.helpers import play_turn, to_phase

ZONE = datetime.timezone(datetime.timedelta(hours=1))


@dataclass
class Plan:
    gid: str
    name: str
    turns: int
    first: str
    battles: list[tuple[int, int, int]]  # (CP BP, EA BP, captured) per turn played
    hands: tuple[int, int] | None  # None: still in play
    solo: str | None = None
    no_nat: str | None = None  # 3.4: this side cannot draw, after the battles
    start: datetime.datetime | None = None
    minutes: int | None = None
    players: dict[str, str] | None = None

    def expected(self) -> dict:
        """Totals, winner, margin and level by the rules."""
        captured = {"CP": 0, "EA": 0}
        for turn, (cp, ea, n) in enumerate(self.battles, 1):
            defender = self.first if turn % 2 else ("EA" if self.first == "CP" else "CP")
            winner = "CP" if cp > ea else "EA" if ea > cp else defender
            captured[winner] += n
        if self.hands is None:
            return {"captured": captured}
        totals = {"CP": captured["CP"] + self.hands[0], "EA": captured["EA"] + self.hands[1]}
        margin = abs(totals["CP"] - totals["EA"])
        winner = None if margin < 10 else ("CP" if totals["CP"] > totals["EA"] else "EA")
        levels = ((80, "Strategic"), (40, "Operational"), (20, "Tactical"), (10, "Moral"), (0, "Draw"))
        level = next(name for at, name in levels if margin >= at)
        return {"captured": captured, "totals": totals, "winner": winner, "margin": margin, "level": level}


PLANS = [
    Plan(
        "g0001",
        "Basic game",
        10,
        "CP",
        [(9, 5, 4), (6, 8, 2), (12, 7, 5), (4, 4, 3), (10, 6, 6)]
        + [(5, 9, 1), (8, 3, 4), (7, 7, 2), (11, 2, 5), (3, 6, 2)],
        (6, 3),
        start=datetime.datetime(2026, 11, 20, 19, 5, tzinfo=ZONE),
        minutes=95,
        players={"CP": "Anna", "EA": "Ben"},
    ),
    Plan(
        "g0002",
        "Verdun",
        6,
        "EA",
        [(4, 9, 5), (3, 8, 6), (9, 9, 4), (2, 10, 7)],
        (1, 5),
        no_nat="CP",
        start=datetime.datetime(2026, 11, 21, 20, 0, tzinfo=ZONE),
        minutes=48,
        players={"CP": "Ben", "EA": "Anna"},
    ),
    Plan(
        "g0003",
        "Solitaire",
        5,
        "CP",
        [(7, 6, 3), (5, 8, 3), (9, 4, 2), (6, 6, 2), (4, 7, 3)],
        (0, 0),  # Solitaire Step 15: no hand is counted
        solo="CP",
        start=datetime.datetime(2026, 11, 22, 9, 30, tzinfo=ZONE),
        minutes=31,
        players={"CP": "Anna"},
    ),
    Plan("g0004", "Basic game", 10, "CP", [(8, 6, 3), (5, 7, 2)], None, players={"CP": "Anna", "EA": "Ben"}),
]


def play(plan: Plan) -> Game:
    game = Game.new(plan.name, plan.turns, plan.first)
    if plan.solo:
        game.play_solo(plan.solo)
    for turn, (cp, ea, n) in enumerate(plan.battles, 1):
        last = turn == plan.turns
        if last or (plan.no_nat and turn == len(plan.battles)):
            to_phase(game, "cr1")
            game.attack_played()
            to_phase(game, "battle")
            game.battle(cp, ea)
            game.capture(n)
            if plan.no_nat:
                game.no_nationality(plan.no_nat)
            else:
                _to_score(game)
        else:
            play_turn(game, cp, ea, n)
    if plan.hands is not None and not plan.solo:
        game.final_hands(*plan.hands)
    return game


def _to_score(game: Game) -> None:
    for _ in range(4):
        if game.state.phase in ("score", "over"):  # solitaire scores at once (Step 15)
            return
        game.next_phase()
    raise AssertionError("the last turn did not end the game (3.1)")


def build(path: pathlib.Path) -> Store:
    """The archive of PLANS at `path`, players recorded as `export --player` records them."""
    store = Store(path)
    store.seen("dev0001-abcd", "pico", "test")
    for plan in PLANS:
        game = play(plan)
        log = game.log_text()
        sha = hashlib.sha256(log.encode()).hexdigest()
        times = None
        if plan.start is not None and plan.minutes is not None:
            start = int(plan.start.timestamp())
            times = [start, start + plan.minutes * 60, 0]
        stored = summarize("dev0001-abcd", plan.gid, sha, log, game, times)
        store.put(stored, cursor=True)
        if plan.players:
            store.set_players([stored], plan.players)
    store.commit()
    return store
