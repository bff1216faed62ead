"""A game's log records and their in-memory tuples, checked against the game's table of fields.

Every game module has a table: {action kind: ((key, field kind, optional), ...)} and a function
that checks one field's value by its kind. A record is a JSON object {"v": 1, "a": kind, key:
value, ...}; in memory it is the tuple (kind, value, ...) in the table's order, which keeps a
whole game small enough for the device's heap. Whether the rules allow an action now is the
game's rules', not this.
"""

import json

from .errors import GameError

SCHEMA_VERSION = 1
LINE_MAX = 512  # no valid record is near this; a longer line is damage


def shared_tuples(specs):
    """A field-less action's tuple made once, so a long log of them costs a list slot each."""
    return {kind: (kind,) for kind, spec in specs.items() if not spec}


def parse(record, specs, field, shared):
    """A decoded JSON record -> action tuple; GameError if it does not fit the table.

    A compact record's values come as a tuple (kind, value, ...) from from_compact, its kind and
    count checked there (JSON makes no tuples): no dict is built for each, as the device reads
    its log back so at every boot."""
    if type(record) is tuple:
        kind = record[0]
        values = record
    else:
        kind = _kind_of(record, specs)
        values = (kind,) + tuple(record.get(key) for key, _, _ in specs[kind])
    spec = specs[kind]
    if not spec:
        return shared[kind]
    fields = [kind]
    at = 0  # not enumerate(): an object a record, and a tuple a field, at every boot's read-back
    for key, field_kind, optional in spec:
        at += 1
        value = values[at] if at < len(values) else None  # a field added since the record was written
        if value is None:
            if not optional:
                raise GameError("%s: missing field '%s'" % (kind, key))
            fields.append(None)
        else:
            try:
                fields.append(field(field_kind, value, key))
            except GameError as e:
                raise GameError("%s: %s" % (kind, e))
    return tuple(fields)


def json_line(line, where):
    """A log line's JSON value; GameError naming `where` if it is too long or not JSON."""
    if len(line) > LINE_MAX:
        raise GameError("%s: longer than %d characters" % (where, LINE_MAX))
    try:
        return json.loads(line)
    except ValueError:
        raise GameError("%s: not valid JSON" % where)


def from_compact(line, where="record", game=None, headers=None):
    """A compact record (["bp",14,12], str or bytes) -> action tuple, checked as its record would
    be; GameError naming `where` if malformed. game: the game the line belongs to (its core), or
    None for a log's header, which names its game: then headers(kind) gives that game's records
    (the registry's games.records; passed in, so that records.py imports no game).

    Here, beside the table it checks against, and not with the log's other forms (log.py): a
    board reading its game back at boot loads no module more for it."""
    values = json_line(line, where)
    if type(values) is not list or not values or type(values[0]) is not str:
        raise GameError("%s: not a [kind, values...] array" % where)
    if game is not None:
        schema = game.schema
    else:
        try:
            schema = headers(values[0])
        except GameError as e:
            raise GameError("%s: %s" % (where, e))
    spec = schema.SPECS.get(values[0])
    if spec is None or not _fits(spec, len(values) - 1):
        raise GameError("%s: %r is not an action of %d values" % (where, values[0], len(values) - 1))
    try:
        return schema.from_record(tuple(values))
    except GameError as e:
        raise GameError("%s: %s" % (where, e))


def _fits(spec, n):
    """Whether n values fill a record's fields: all of them, or all but optional ones at the end
    (a field a game added later, which its earlier logs lack and its writer leaves off unset)."""
    if n > len(spec):
        return False
    for _, _, optional in spec[n:]:
        if not optional:
            return False
    return True


def _kind_of(record, specs):
    """The kind of a record as a JSON object, once its version, kind and keys are checked."""
    if type(record) is not dict:
        raise GameError("a record must be a JSON object, got %s" % type(record).__name__)
    if record.get("v") != SCHEMA_VERSION:
        raise GameError("schema version %r is not supported (expected %d)" % (record.get("v"), SCHEMA_VERSION))
    kind = record.get("a")
    if type(kind) is not str or kind not in specs:
        raise GameError("unknown action %r" % (kind,))
    known = ["v", "a"]
    for key, _, _ in specs[kind]:
        known.append(key)
    for key in record:
        if key not in known:
            raise GameError("%s: unexpected field %r" % (kind, key))
    return kind


def unparse(action, specs):
    """Action tuple -> JSON-ready dict (optional fields that are unset are left out)."""
    kind = action[0]
    record = {"v": SCHEMA_VERSION, "a": kind}
    for (key, _, _), value in zip(specs[kind], action[1:]):
        if value is not None:
            record[key] = list(value) if type(value) is tuple else value
    return record


def built(kind, values, specs, from_record):
    """An action from positional field values, checked as its record would be."""
    spec = specs.get(kind)
    if spec is None:
        raise GameError("unknown action %r" % (kind,))
    if not _fits(spec, len(values)):  # optional fields at the end may be left off
        raise GameError("%s takes %d values, got %d" % (kind, len(spec), len(values)))
    return from_record(unparse((kind,) + values, specs))


def whole(value, lo, hi, key):
    """value if a whole number lo-hi. MicroPython's bool is not an int, CPython's is: bool is refused on both."""
    if type(value) is not int or value < lo or value > hi:
        raise GameError("'%s' must be a whole number %d-%d, got %r" % (key, lo, hi, value))
    return value
