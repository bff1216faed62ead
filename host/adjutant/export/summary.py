"""The report's opening: wins per side and per player, the average margin, the victory levels."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from adjutant.export.players import SEATS, SIDES
from adjutant.export.story import Story
from shared_engine.scoring import LEVELS


@dataclass
class Record:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    sides: Counter = field(default_factory=Counter)


@dataclass
class Summary:
    finished: int
    in_progress: int
    side_wins: dict[str, int]
    draws: int
    average_margin: float | None
    levels: dict[str, int]  # every level of 3.5, in order, Draw last
    people: dict[str, Record]  # by name: the people named (and the AI), none when nobody was
    seat_wins: dict[str, int] = field(default_factory=dict)  # The War's, when there are any
    great_wars: int = 0  # how many of the games are The Great War's


def summarize(
    stories: list[Story], wars: tuple[Any, ...] | list[Any] = (), fronts: tuple[Any, ...] | list[Any] = ()
) -> Summary:
    """Across The Great War's stories and The War's (export/the_war.py WarStory); a person's
    record counts every game they were named in."""
    done = [s for s in stories if s.game.over]
    wars_done = [w for w in wars if w.game.over]
    fronts_done = [f for f in fronts if f.game.over]
    side_wins = {"CP": 0, "EA": 0}
    levels = {level: 0 for _, level in LEVELS}
    people: dict[str, Record] = {}
    seat_wins = {"P1": 0, "P2": 0}
    for w in wars_done:
        seat_wins[w.state.winner] += 1
    for s in done + wars_done:
        g = s.game
        if g.game == "the-great-war":
            levels[g.level or "Draw"] += 1
            if g.winner:
                side_wins[g.winner] += 1
        for side, name in s.players.items():
            if name == SIDES.get(side) or name == SEATS.get(side):  # nobody named for this side
                continue
            record = people.setdefault(name, Record())
            record.games += 1
            record.sides[side] += 1
            if g.winner is None:
                record.draws += 1
            elif g.winner == side:
                record.wins += 1
            else:
                record.losses += 1
    for f in fronts_done:  # Last Front: its players are named by the game; one wins, the rest lose
        for name in f.players:
            record = people.setdefault(name, Record())
            record.games += 1
            record.sides["Last Front"] += 1
            if name == f.winner:
                record.wins += 1
            else:
                record.losses += 1
    margins = [s.game.margin for s in done if s.game.margin is not None]
    return Summary(
        finished=len(done) + len(wars_done) + len(fronts_done),
        in_progress=len(stories) + len(wars) + len(fronts) - len(done) - len(wars_done) - len(fronts_done),
        side_wins=side_wins,
        draws=sum(1 for s in done if s.game.winner is None),
        average_margin=sum(margins) / len(margins) if margins else None,
        levels=levels,
        people=dict(sorted(people.items(), key=lambda kv: (-kv[1].wins, kv[0]))),
        seat_wins=seat_wins if wars else {},
        great_wars=len(stories),
    )
