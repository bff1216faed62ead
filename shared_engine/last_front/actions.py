"""Last Front's log records: their fields, and the tuples the device keeps.

A log starts with the game's kind, "last-front", and the players in seat order from the dealer
(Game Play: "Whoever deals the cards goes first. Game play continues clockwise from the dealer").
A seat is a player's index in that list. Parsing checks a record's shape; whether the rules
allow it now is rules.py's business.
"""

from ..errors import GameError
from ..records import built, parse, shared_tuples, unparse, whole

GAME = "last-front"
# Territory Deck: American, British, Soviet and German, three cards of each
TYPES = ("american", "british", "soviet", "german")
PER_TYPE = 3
SEATS_MIN = 2  # the rulebook names no most: a table's setting (settings "lf_seats") says it
SEATS_MAX = 12
NAME_MAX = 10  # characters of a player's name: it shares a 16-character line with a bid
BID_MAX = 999
PILE = 10  # "Digging in" rule: "The only valid 'dig in' value is 10"
VICTORIES = ("normal", "quick")  # Victory Conditions: normal game length, or quicker games
TYPES_MIN = 2  # Victory Conditions: "even faster games by removing territory types"

SPECS = {
    # `types`: the territory types in play, when the table removed some; none: all four (and so
    # every log written before the choice, and read by hosts that know nothing of it)
    GAME: (
        ("players", "names", False),
        ("victory", "victory", False),
        ("dig", "flag", False),
        ("types", "types", True),
    ),
    "flip": (("type", "territory", False),),  # the Territory deck's top card turned up
    # The battle declared by the last battle's winner: the card turned up (no holder), or a
    # captured card of this type held by another player.
    "battle": (("holder", "seat", True), ("type", "territory", True)),
    # A bid: its whole value, of which `dug` piles of 10 are dug in ("Digging in" rule)
    "bid": (("seat", "seat", False), ("value", "bid", False), ("dug", "piles", True)),
    "withdraw": (("seat", "seat", False),),  # draws 1, out until the battle ends
    "undo": (),
    "redo": (),
}

_SHARED = shared_tuples(SPECS)


def _name(value, what):
    if type(value) is not str or not value.strip() or len(value) > NAME_MAX:
        raise GameError("%s: each name 1-%d characters, got %r" % (what, NAME_MAX, value))
    return value


def _field(kind, value, key):
    if kind == "names":
        if type(value) is not list or not SEATS_MIN <= len(value) <= SEATS_MAX:
            raise GameError("'%s' must list %d-%d players" % (key, SEATS_MIN, SEATS_MAX))
        names = tuple(_name(v, "'%s'" % key) for v in value)
        if len(set(names)) != len(names):
            raise GameError("'%s': two players share a name" % key)
        return names
    if kind == "victory":
        if value not in VICTORIES:
            raise GameError("'%s' must be normal or quick, got %r" % (key, value))
        return value
    if kind == "flag":
        if value is not True and value is not False:
            raise GameError("'%s' must be true or false, got %r" % (key, value))
        return value
    if kind == "types":
        if type(value) is not list or not TYPES_MIN <= len(value) < len(TYPES):
            raise GameError("'%s' must list %d-%d territory types" % (key, TYPES_MIN, len(TYPES) - 1))
        kinds = tuple(_field("territory", v, key) for v in value)
        if len(set(kinds)) != len(kinds):
            raise GameError("'%s' names a type twice" % key)
        return kinds
    if kind == "territory":
        if value not in TYPES:
            raise GameError("'%s' must be one of %s, got %r" % (key, ", ".join(TYPES), value))
        return value
    if kind == "seat":
        return whole(value, 0, SEATS_MAX - 1, key)
    if kind == "bid":
        return whole(value, 1, BID_MAX, key)
    return whole(value, 1, BID_MAX // PILE, key)  # kind == "piles"


def from_record(record):
    """A decoded JSON record -> action tuple; GameError if malformed. A header with all four
    types is as long as before there was a choice: its log reads on every earlier version."""
    action = parse(record, SPECS, _field, _SHARED)
    if action[0] == GAME and action[4] is None:
        return action[:4]
    return action


def to_record(action):
    return unparse(action, SPECS)


def make(kind, *values):
    """Build an action from positional field values, checked like a record (a header's types may
    be left out: all four)."""
    if kind == GAME and len(values) == 3:
        values += (None,)  # all four types
    return built(kind, values, SPECS, from_record)


def in_play(n):
    """The first n territory types (the table takes the others out of the deck), or None: all."""
    return None if n >= len(TYPES) else list(TYPES[:n])
