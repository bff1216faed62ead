"""The report's opening: how many games, each game's own figures across its games (its desk's
summary: wins by side, by seat...), and each person's wins, draws and losses across them all."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from adjutant.games.base import Section
from adjutant.games.desks import of


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
    lines: list[tuple[str, str]]  # each game's own, in the order its games first come
    people: dict[str, Record]  # by name: the people named (and the AI), none when nobody was


def summarize(sections: list[Section]) -> Summary:
    """Across the games' sections; a person's record counts every game they were named in."""
    by_game: dict[str, list[Section]] = {}
    for s in sections:
        by_game.setdefault(s.game.game or "", []).append(s)
    lines = []
    for games in by_game.values():
        lines += of(games[0].game).summary(games)
    people: dict[str, Record] = {}
    done = [s for s in sections if s.over]
    for s in done:
        for name, side, outcome in s.people:
            record = people.setdefault(name, Record())
            record.games += 1
            record.sides[side] += 1
            if outcome == "win":
                record.wins += 1
            elif outcome == "draw":
                record.draws += 1
            else:
                record.losses += 1
    return Summary(
        finished=len(done),
        in_progress=len(sections) - len(done),
        lines=lines,
        people=dict(sorted(people.items(), key=lambda kv: (-kv[1].wins, kv[0]))),
    )
