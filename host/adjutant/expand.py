"""A game's records as the device sends them (compact: ["bp",14,12]) expanded to the engine's
canonical log, which the archive keeps: `pull`'s and `import`'s, and a raw game's once this host
knows its game."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from adjutant.errors import InvalidData
from shared_engine.errors import GameError
from shared_engine.games import core
from shared_engine.log import decode_compact, encode

# The engine's canonical JSON by CPython's C encoder: sorted keys, no spaces, ASCII. One
# encoder for all records: json.dumps with options builds a new one at every call.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def expand(compact_lines: list[str], sha: str | None = None) -> tuple[str, Any]:
    """Compact records (["bp",14,12]) -> (the canonical log the device hashed, the game replayed).
    The header names the game (shared_engine/games.py): its records are read by that game's schema."""
    game: Any = None
    for number, text in enumerate(compact_lines, 1):
        try:
            action = decode_compact(text, f"record {number}", game)
        except GameError as e:
            raise InvalidData(f"{e} (from the device)") from e
        try:
            if game is None:
                game = core(action)
            else:
                game.apply(action)
        except GameError as e:
            raise InvalidData(f"the records do not replay: {e}") from e
    if game is None:
        raise InvalidData("the device sent no records")
    records = [game.header, *game.actions]
    log = "".join(_CANONICAL.encode(game.schema.to_record(a)) + "\n" for a in records)
    if sha is not None and hashlib.sha256(log.encode()).hexdigest() != sha:
        # The C encoder differs from the engine's only on exotic escapes; the engine decides.
        log = "".join(encode(a, game) + "\n" for a in records)
    return log, game


def sent_digest(compact_lines: list[str]) -> str:
    """The sha256 a protocol-2 device gives a game: of its compact records, a line each, as sent."""
    return hashlib.sha256("".join(line + "\n" for line in compact_lines).encode()).hexdigest()
