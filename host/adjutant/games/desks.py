"""A game's desk, found by the registry (shared_engine/games.py): the CLI's one door to them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjutant.games.base import Desk, Unknown
from shared_engine.games import DESK, GAMES, ID

if TYPE_CHECKING:  # the archive's row; SQLite is not loaded for `adjutant --help`
    from adjutant.stored import StoredGame


def ids() -> list[str]:
    return [g[ID] for g in GAMES]


def desk(game: str | None, kind: str | None = None) -> Desk:
    """The desk face of a registered game, by its id; a game nobody registered: the Unknown desk."""
    for one in GAMES:
        if one[ID] == game:
            module = __import__(one[DESK], None, None, ("Desk",))
            return module.Desk()
    return Unknown(kind or str(game))


def of(stored: StoredGame) -> Desk:
    """The desk of a stored game. A game kept raw by a host that did not know it is read now, if
    this one does: its records expanded to the engine's log, its result the desk's."""
    found = desk(stored.game, stored.kind)
    if stored.raw and not isinstance(found, Unknown):
        from adjutant.expand import expand

        stored.log, game = expand(stored.log.splitlines())
        stored.raw = False
        kept = found.archived(game)
        stored.name, stored.winner, stored.result, stored.detail = kept.name, kept.winner, kept.result, kept.detail
    return found


def replay(stored: StoredGame) -> Any:
    """The stored game replayed by its engine: from its canonical log, or from the compact records
    a game arrives in (kept as they came while the host did not know the game)."""
    from shared_engine.replay import from_lines

    if not stored.raw:
        return from_lines(stored.log)
    from shared_engine.games import core
    from shared_engine.log import decode_compact

    game = None
    for number, line in enumerate(stored.log.splitlines(), 1):
        action = decode_compact(line, f"record {number}", game)
        if game is None:
            game = core(action)
        else:
            game.apply(action)
    return game
