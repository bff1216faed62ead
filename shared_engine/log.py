"""The game log as text: one canonical JSON record a line (JSON Lines).

The first line is the "new" header; the rest are actions. A journal may also
hold "undo" and "redo" lines, which Game.apply understands.
"""

import json

from .actions import SPECS, from_record, to_record
from .errors import GameError

LINE_MAX = 512  # no valid record is near this; a longer line is damage


def encode(action):
    # Loaded at first use: the device stores and sends compact records and seldom needs this.
    from .canonical_json import dumps

    return dumps(to_record(action))


def lines(game):
    """A game's log one line at a time, its header first: no whole-log string is built."""
    yield encode(game.header)
    for action in game.actions:
        yield encode(action)


def _parse(line, where):
    if len(line) > LINE_MAX:
        raise GameError("%s: longer than %d characters" % (where, LINE_MAX))
    try:
        return json.loads(line)
    except ValueError:
        raise GameError("%s: not valid JSON" % where)


def _checked(record, where):
    try:
        return from_record(record)
    except GameError as e:
        raise GameError("%s: %s" % (where, e))


def decode(line, where="record"):
    """One log line -> action tuple; GameError naming `where` if malformed."""
    return _checked(_parse(line, where), where)


def encode_compact(action):
    """The action as a JSON array in its field order: ["bp",14,12] for {"CP":14,"EA":12,"a":"bp","v":1}.

    Less than half the bytes of the record: the device stores finished games and sends
    logs this way; decode_compact gives back the same action, checked like a record.
    """
    return json.dumps([list(v) if type(v) is tuple else v for v in action], separators=(",", ":"))


def decode_compact(line, where="record"):
    values = _parse(line, where)
    if type(values) is not list or not values or type(values[0]) is not str:
        raise GameError("%s: not a [kind, values...] array" % where)
    spec = SPECS.get(values[0])
    if spec is None or len(values) != len(spec) + 1:
        raise GameError("%s: %r is not an action of %d values" % (where, values[0], len(values) - 1))
    return _checked(to_record(tuple(values)), where)


def decode_any(line, where="record"):
    """A record in either form (str or bytes): the device's older snapshots hold full records."""
    compact = line[:1] == (b"[" if type(line) is bytes else "[")
    return decode_compact(line, where) if compact else decode(line, where)


def numbered_actions(lines):
    """(line number, action) for each non-blank line, decoded one at a time.

    `lines` is the log's text or any iterable of its lines, such as a file,
    so a replay never holds the whole log in memory.
    """
    if type(lines) is str:
        lines = lines.split("\n")
    number = 0
    for line in lines:
        number += 1
        line = line.strip()
        if line:
            yield number, decode(line, "line %d" % number)
