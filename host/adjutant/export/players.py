"""Who played each side of a game, for the exports.

Names given with `export --player CP=Anna` are recorded for the games
exported, and remembered as the names for games that have none recorded.
A solitaire game's other side is always the AI, never a remembered person.
"""

from __future__ import annotations

from adjutant.store import Store, StoredGame

SIDES = {"CP": "Central Powers", "EA": "Entente Allies"}
AI = "AI (Solitaire 3.3)"


def parse(given: tuple[str, ...]) -> dict[str, str]:
    """SIDE=NAME pairs; ValueError with what to type for a bad one."""
    names = {}
    for text in given:
        side, sep, name = text.partition("=")
        side = side.strip().upper()
        if not sep or side not in SIDES or not name.strip():
            raise ValueError(f"--player {text!r}: give SIDE=NAME, SIDE being CP or EA (e.g. CP=Anna)")
        names[side] = name.strip()
    return names


def record(store: Store, games: list[StoredGame], names: dict[str, str]) -> None:
    """These games were played by these people; they are also the names for games with none recorded."""
    if not names:
        return
    store.set_players(games, names)
    for side, name in names.items():
        store.remember(f"player.{side}", name)


def remembered(store: Store) -> dict[str, str]:
    return {side: name for side in SIDES if (name := store.setting(f"player.{side}"))}


def of(store: Store, g: StoredGame, defaults: dict[str, str] | None = None) -> dict[str, str]:
    """A name for each side: recorded for the game, else remembered, else the side's name."""
    names = dict(remembered(store) if defaults is None else defaults)
    names.update(store.players(g))
    if g.solo:
        names["EA" if g.solo == "CP" else "CP"] = AI
    return {side: names.get(side, SIDES[side]) for side in SIDES}
