"""Race's log records: the header (the target, who starts) and a point scored."""

from ..errors import GameError
from ..records import built, parse, shared_tuples, unparse, whole

GAME = "race"
PLAYERS = ("P1", "P2")
TARGET_MIN, TARGET_MAX = 3, 99

SPECS = {
    GAME: (("target", "target", False), ("first", "player", False)),
    "point": (("player", "player", False), ("n", "points", False)),  # points scored at once
    "undo": (),
    "redo": (),
}

_SHARED = shared_tuples(SPECS)


def _field(kind, value, key):
    if kind == "player":
        if value not in PLAYERS:
            raise GameError("'%s' must be P1 or P2, got %r" % (key, value))
        return value
    if kind == "target":
        return whole(value, TARGET_MIN, TARGET_MAX, key)
    return whole(value, 1, 9, key)  # kind == "points"


def from_record(record):
    return parse(record, SPECS, _field, _SHARED)


def to_record(action):
    return unparse(action, SPECS)


def make(kind, *values):
    return built(kind, values, SPECS, from_record)
