"""The game log as text: one canonical JSON record a line (JSON Lines).

The first line is the "new" header; the rest are actions. A journal may also
hold "undo" and "redo" lines, which Game.apply understands.
"""

import json

from .errors import GameError
from .games import records
from .records import LINE_MAX, from_compact, json_line

__all__ = ["LINE_MAX", "decode", "decode_any", "decode_compact", "encode", "encode_compact", "lines"]


def schema_of(kind, game, where=None):
    """The records module of `game`, or, for its header, of the game that kind opens (the registry's);
    GameError naming `where` for a kind no registered game opens with."""
    if game is not None:
        return game.schema
    try:
        return records(kind)
    except GameError as e:
        raise GameError("%s: %s" % (where, e) if where else str(e))


def decode_compact(line, where="record", game=None):
    """A compact record -> action tuple: records.py's from_compact (a board reads it back at boot
    without this module), with the registry to read a header by."""
    return from_compact(line, where, game, records)


def encode(action, game=None):
    # Loaded at first use: the device stores and sends compact records and seldom needs this.
    from .canonical_json import dumps

    return dumps(schema_of(action[0], game).to_record(action))


def lines(game):
    """A game's log one line at a time, its header first: no whole-log string is built."""
    yield encode(game.header, game)
    for action in game.actions:
        yield encode(action, game)


def _checked(record, where, schema):
    try:
        return schema.from_record(record)
    except GameError as e:
        raise GameError("%s: %s" % (where, e))


def decode(line, where="record", game=None):
    """One log line -> action tuple; GameError naming `where` if malformed. game: the game the
    line belongs to (its core), or None for a log's header, which names its game."""
    record = json_line(line, where)
    kind = record.get("a") if type(record) is dict else None
    return _checked(record, where, schema_of(kind, game, where))


def encode_compact(action):
    """The action as a JSON array in its field order: ["bp",14,12] for {"CP":14,"EA":12,"a":"bp","v":1}.

    Less than half the bytes of the record: the device stores finished games and sends
    logs this way; from_compact (records.py) gives back the same action, checked like a record.
    """
    return json.dumps([list(v) if type(v) is tuple else v for v in action], separators=(",", ":"))


def decode_any(line, where="record", game=None):
    """A record in either form (str or bytes): the device's older snapshots hold full records."""
    compact = line.startswith(b"[" if type(line) is bytes else "[")
    return decode_compact(line, where, game) if compact else decode(line, where, game)


def numbered_actions(lines):
    """(line number, action) for each non-blank line, decoded one at a time.

    `lines` is the log's text or any iterable of its lines, such as a file,
    so a replay never holds the whole log in memory.
    """
    if type(lines) is str:
        lines = lines.split("\n")
    number = 0
    game = None  # after the header: the records of the game it names
    for line in lines:
        number += 1
        line = line.strip()
        if line:
            action = decode(line, "line %d" % number, game)
            if game is None:
                game = _Of(action[0])
            yield number, action


class _Of:
    """Stands for a game while its log is read: its records module, by the header's kind."""

    def __init__(self, kind):
        self.schema = schema_of(kind, None)
