"""The War's log records: their fields, and the tuples the device keeps.

The header's kind names the game ("the-war"): a log that starts with "new" is The Great War's.
Parsing checks a record's shape; whether the rules allow it now is rules.py's business.
"""

from ..errors import GameError
from ..records import built, parse, shared_tuples, unparse, whole

GAME = "the-war"
PLAYERS = ("P1", "P2")
DECK_MIN, DECK_MAX = 20, 200  # "Total number of cards in a deck must be 60", or an agreed equal size
HAND = 7  # the starting hand (Main Part)
COUNT_MAX = 99  # cards in one attack, draw or discard: far above any card's power
# What took cards off a deck (Attacking opponent's deck; Battlefield condition cards): a unit's
# attack power, a bomber's bombing power, heavy artillery's deck-hit power, a special card; a
# player's own cards to losses, as a BFC's elimination asks.
WEAPONS = ("unit", "bomber", "artillery", "special")

SPECS = {
    GAME: (("deck", "deck", False), ("first", "player", False)),
    # Re-draw rule: a starting hand put back and a new one drawn, of `size` cards
    "redraw": (("player", "player", False), ("size", "hand", False)),
    "start": (),  # the hands kept: the first player's first turn, drawing 1 (Turn scheme 2)
    # A deck attack: `n` cards from the top of the opponent's deck to losses
    "attack": (("by", "player", False), ("n", "count", False), ("with", "weapon", True)),
    "discard": (("player", "player", False), ("n", "count", False)),  # own deck's top to losses
    "draw": (("player", "player", False), ("n", "count", False)),  # a card's extra draw
    "end": (),  # the turn ends: the other player's turn, its restore and its draw of 2
    "undo": (),
    "redo": (),
}

_SHARED = shared_tuples(SPECS)


def _field(kind, value, key):
    if kind == "player":
        if value not in PLAYERS:
            raise GameError("'%s' must be P1 or P2, got %r" % (key, value))
        return value
    if kind == "deck":
        return whole(value, DECK_MIN, DECK_MAX, key)
    if kind == "hand":
        return whole(value, 1, HAND, key)
    if kind == "count":
        return whole(value, 1, COUNT_MAX, key)
    if value not in WEAPONS:  # kind == "weapon"
        raise GameError("'%s' must be one of %s, got %r" % (key, ", ".join(WEAPONS), value))
    return value


def from_record(record):
    """A decoded JSON record -> action tuple; GameError if malformed."""
    return parse(record, SPECS, _field, _SHARED)


def to_record(action):
    return unparse(action, SPECS)


def make(kind, *values):
    """Build an action from positional field values, checked like a record."""
    return built(kind, values, SPECS, from_record)


def other(player):
    return "P2" if player == "P1" else "P1"
