"""Who played each side (or The War's seat) of a game, for the exports.

Names given with `export --player CP=Anna` (The War: `--player P1=Anna`) are
recorded for the games exported that have that side or seat, and for those
alone: a game with no names recorded is shown with the sides' names, never
with someone else's. A solitaire game's other side is always the AI.
"""

from __future__ import annotations

from adjutant.store import Store, StoredGame
from shared_engine.bgstats import GAMES, SEATS, SIDES, side_names


def parse(given: tuple[str, ...]) -> dict[str, str]:
    """SIDE=NAME pairs; ValueError with what to type for a bad one."""
    names = {}
    for text in given:
        side, sep, name = text.partition("=")
        side = side.strip().upper()
        if not sep or (side not in SIDES and side not in SEATS) or not name.strip():
            raise ValueError(
                f"--player {text!r}: give SIDE=NAME, SIDE being CP or EA (The War: P1 or P2), e.g. CP=Anna"
            )
        names[side] = name.strip()
    return names


def record(store: Store, games: list[StoredGame], names: dict[str, str]) -> None:
    """These games were played by these people (each game keeps its own names)."""
    for kind, (_, _, sides, _) in GAMES.items():  # a game gets the names of its own sides or seats
        if sides is None:  # Last Front's players are named by the game itself
            continue
        mine = {side: name for side, name in names.items() if side in sides}
        if mine:
            store.set_players([g for g in games if g.game == kind], mine)


def of(store: Store, g: StoredGame) -> dict[str, str]:
    """A name for each side: recorded for the game, else the side's name."""
    return side_names(g.solo, store.players(g), g.game)
