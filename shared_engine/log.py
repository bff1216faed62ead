"""The game log as text: one canonical JSON record a line (JSON Lines).

The first line is the "new" header; the rest are actions. A journal may also
hold "undo" and "redo" lines, which Game.feed understands.
"""

import json

from .actions import from_record, to_record
from .canonical_json import dumps
from .errors import GameError

LINE_MAX = 512  # no valid record is near this; a longer line is damage


def encode(action):
    return dumps(to_record(action))


def decode(line, where="record"):
    """One log line -> action tuple; GameError naming `where` if malformed."""
    if len(line) > LINE_MAX:
        raise GameError("%s: longer than %d characters" % (where, LINE_MAX))
    try:
        record = json.loads(line)
    except ValueError:
        raise GameError("%s: not valid JSON" % where)
    try:
        return from_record(record)
    except GameError as e:
        raise GameError("%s: %s" % (where, e))


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
