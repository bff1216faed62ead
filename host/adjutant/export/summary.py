"""The report's opening: wins per side and per player, the average margin, the victory levels."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from adjutant.export.players import SIDES
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


def summarize(stories: list[Story]) -> Summary:
    done = [s for s in stories if s.game.over]
    side_wins = {"CP": 0, "EA": 0}
    levels = {level: 0 for _, level in LEVELS}
    people: dict[str, Record] = {}
    for s in done:
        g = s.game
        levels[g.level or "Draw"] += 1
        if g.winner:
            side_wins[g.winner] += 1
        for side, name in s.players.items():
            if name == SIDES[side]:  # nobody named for this side
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
    margins = [s.game.margin for s in done if s.game.margin is not None]
    return Summary(
        finished=len(done),
        in_progress=len(stories) - len(done),
        side_wins=side_wins,
        draws=sum(1 for s in done if s.game.winner is None),
        average_margin=sum(margins) / len(margins) if margins else None,
        levels=levels,
        people=dict(sorted(people.items(), key=lambda kv: (-kv[1].wins, kv[0]))),
    )
