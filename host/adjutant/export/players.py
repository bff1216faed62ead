"""Who played each side (or seat) of a game, for the exports.

Names given with `export --player CP=Anna` (The War: `--player P1=Anna`; each game's desk says
its seats, `seat_codes`) are recorded for the games exported that have that side or seat, and
for those alone: a game with no names recorded is shown with the sides' names, never with
someone else's. A solitaire game's other side is always the AI. A game whose players are people
already (Last Front's) takes no names.
"""

from __future__ import annotations

from adjutant.games.desks import desk, ids
from adjutant.games.desks import of as desk_of
from adjutant.store import Store
from adjutant.stored import StoredGame


def codes() -> list[str]:
    """Every registered game's seat codes, in the registry's order."""
    out: list[str] = []
    for game in ids():
        out += [code for code in desk(game).seat_codes if code not in out]
    return out


def parse(given: tuple[str, ...]) -> dict[str, str]:
    """SEAT=NAME pairs; ValueError with what to type for a bad one."""
    names = {}
    known = codes()
    for text in given:
        seat, sep, name = text.partition("=")
        seat = seat.strip().upper()
        if not sep or seat not in known or not name.strip():
            raise ValueError(
                f"--player {text!r}: give SEAT=NAME, SEAT being one of {', '.join(known)}, e.g. {known[0]}=Anna"
            )
        names[seat] = name.strip()
    return names


def record(store: Store, games: list[StoredGame], names: dict[str, str]) -> None:
    """These games were played by these people (each game keeps the names of its own seats)."""
    for g in games:
        mine = {seat: name for seat, name in names.items() if seat in desk_of(g).seat_codes}
        if mine:
            store.set_players([g], mine)


def named(store: Store, g: StoredGame) -> dict[str, str]:
    """The names recorded for this game's seats."""
    return store.players(g)


def of(store: Store, g: StoredGame) -> dict[str, str]:
    """A name for each seat: recorded for the game, else the seat's own (its desk's)."""
    return desk_of(g).seats(g, store.players(g))


def for_bgstats(store: Store, g: StoredGame) -> tuple[dict[str, str], list[str]]:
    """The people of each seat a person played, for a BG Stats play, which keeps every player's
    name for good: recorded for this game, else the name last recorded for that seat at the same
    table (the device). Also the seats that are still nobody's, never made up."""
    names = store.players(g)
    seats = desk_of(g).people_seats(g)
    # the name last recorded for each seat at this device's table (its newest game's)
    rows = store.db.execute("SELECT side, name FROM players WHERE dev=? ORDER BY gid", (g.dev,))
    remembered = dict(rows.fetchall())
    for seat in seats:
        if seat not in names and seat in remembered:
            names[seat] = remembered[seat]
    return names, [seat for seat in seats if seat not in names]
