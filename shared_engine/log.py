"""The game log as text: one canonical JSON record a line (JSON Lines).

The first line is the "new" header; the rest are actions. A journal may also
hold "undo" and "redo" lines, which Game.apply understands.
"""

import json

from .errors import GameError

LINE_MAX = 512  # no valid record is near this; a longer line is damage


def _records(kind, game):
    """The records module (its schema) of `game`, or, for its header, of the game that kind opens."""
    if game is not None:
        return game.schema
    from .games import records

    return records(kind)


def encode(action, game=None):
    # Loaded at first use: the device stores and sends compact records and seldom needs this.
    from .canonical_json import dumps

    return dumps(_records(action[0], game).to_record(action))


def lines(game):
    """A game's log one line at a time, its header first: no whole-log string is built."""
    yield encode(game.header, game)
    for action in game.actions:
        yield encode(action, game)


def _parse(line, where):
    if len(line) > LINE_MAX:
        raise GameError("%s: longer than %d characters" % (where, LINE_MAX))
    try:
        return json.loads(line)
    except ValueError:
        raise GameError("%s: not valid JSON" % where)


def _checked(record, where, records):
    try:
        return records.from_record(record)
    except GameError as e:
        raise GameError("%s: %s" % (where, e))


def decode(line, where="record", game=None):
    """One log line -> action tuple; GameError naming `where` if malformed. game: the game the
    line belongs to (its core), or None for a log's header, which names its game."""
    record = _parse(line, where)
    kind = record.get("a") if type(record) is dict else None
    return _checked(record, where, _records(kind, game))


def encode_compact(action):
    """The action as a JSON array in its field order: ["bp",14,12] for {"CP":14,"EA":12,"a":"bp","v":1}.

    Less than half the bytes of the record: the device stores finished games and sends
    logs this way; decode_compact gives back the same action, checked like a record.
    """
    return json.dumps([list(v) if type(v) is tuple else v for v in action], separators=(",", ":"))


def decode_compact(line, where="record", game=None):
    values = _parse(line, where)
    if type(values) is not list or not values or type(values[0]) is not str:
        raise GameError("%s: not a [kind, values...] array" % where)
    records = _records(values[0], game)
    spec = records.SPECS.get(values[0])
    if spec is None or len(values) != len(spec) + 1:
        raise GameError("%s: %r is not an action of %d values" % (where, values[0], len(values) - 1))
    return _checked(tuple(values), where, records)  # checked as its record would be (records.parse)


def decode_any(line, where="record", game=None):
    """A record in either form (str or bytes): the device's older snapshots hold full records."""
    compact = line[:1] == (b"[" if type(line) is bytes else "[")
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
        self.schema = _records(kind, None)
