"""Actions: the game log's records, their schema, and their compact form; and the two sides.

A record is a JSON object such as {"v":1,"a":"bp","CP":14,"EA":12}. "v" is
the schema version and "a" the action. In memory an action is a tuple
("bp", 14, 12) whose fields follow SPECS, which keeps a full game's log small
enough for the device's heap. Parsing checks the record's shape only; whether
the rules allow it now is the game's business (rules.py). The sides are here,
as the other games keep their seats with their records: a board's boot loads
one module less.
"""

from ..errors import GameError
from ..records import SCHEMA_VERSION, built, parse, shared_tuples, unparse, whole

# The two sides of The Great War (G.9, G.13) and their short codes.
CP = "CP"  # Central Powers
EA = "EA"  # Entente Allies
SIDES = (CP, EA)
SIDE_NAMES = {CP: "Central Powers", EA: "Entente Allies"}


def other(side):
    return EA if side == CP else CP


def is_side(value):
    return value == CP or value == EA


__all__ = ["SCHEMA_VERSION", "SPECS", "from_record", "make", "to_record"]

BP_MAX = 999  # far above any real turn; catches a slipped digit
TURNS_MAX = 40
NAME_MAX = 32
CARDS_MAX = 24  # card ids in one record
DICE = (6, 10)
ROLL_PURPOSES = ("re",)  # what a die roll served (the solitaire AI's rolls are "ai" actions)
CANCELLERS = ("bonus", "joker")  # what may cancel a Random Event (7.7)
# The solitaire AI's rolls, by the step of Solitaire Rules 3.3 they serve: its Defender hand
# (3), the Bonus phase (7) and its tie-break when both cards could cancel (7b), a random
# discard (8: a pick of k from a hand of N), its Attacker hand (11).
AI_STEPS = ("s3", "s7", "s7b", "s8", "s11")
HAND_MAX = 30  # cards in a hand to pick a random discard from

# Field kinds: (key, kind, optional). The tuple form holds them in this order.
SPECS = {
    "new": (("name", "name", False), ("turns", "turns", False), ("first", "side", False)),
    "re": (("card", "card", True),),
    # again: a roll made again for an event whose earlier face was undone, that face (7.7: one d6
    # an event; an undo and the same roll again keep the face, so this marks a roll really remade)
    "roll": (("die", "die", False), ("n", "face", False), ("for", "purpose", False), ("again", "face", True)),
    "cancel": (("side", "side", False), ("by", "by", False), ("card", "card", True)),
    "attack": (),
    "next": (),
    "bp": (("CP", "bp", False), ("EA", "bp", False)),
    "win": (("side", "side", False),),  # the battle's winner alone, its face-up BP not entered (7.14)
    "capture": (("bp", "bp", False), ("cards", "cards", True)),
    "no_nat": (("side", "side", False),),
    "hand": (("CP", "bp", False), ("EA", "bp", False)),
    # Solitaire: the side the player takes, right after "new"; then the AI's rolls.
    "solo": (("side", "side", False),),
    "ai": (("step", "step", False), ("die", "sides", False), ("n", "pick", False)),
    # Journal-only records: they edit the action list instead of joining it.
    "undo": (),
    "redo": (),
}

_SHARED = shared_tuples(SPECS)  # field-less actions: one tuple each


def _field(kind, value, key):
    if kind == "bp":
        return whole(value, 0, BP_MAX, key)
    if kind == "side":
        if not is_side(value):
            raise GameError("'%s' must be CP or EA, got %r" % (key, value))
        return value
    if kind == "turns":
        return whole(value, 1, TURNS_MAX, key)
    if kind == "die":
        if value not in DICE or type(value) is not int:
            raise GameError("'%s' must be 6 or 10, got %r" % (key, value))
        return value
    if kind == "face":
        return whole(value, 1, 10, key)
    if kind == "step":
        if value not in AI_STEPS:
            raise GameError("'%s' must be one of %s, got %r" % (key, ", ".join(AI_STEPS), value))
        return value
    if kind in ("sides", "pick"):
        return whole(value, 1, HAND_MAX, key)
    if kind == "purpose":
        if value not in ROLL_PURPOSES:
            raise GameError("'%s' must be one of %s, got %r" % (key, ", ".join(ROLL_PURPOSES), value))
        return value
    if kind == "by":
        if value not in CANCELLERS:
            raise GameError("'%s' must be bonus or joker, got %r" % (key, value))
        return value
    if kind == "name":
        if type(value) is not str or not 0 < len(value) <= NAME_MAX:
            raise GameError("'%s' must be text of 1-%d characters" % (key, NAME_MAX))
        return value
    from .card_ids import check_card_id  # loaded with the first card id: most games have no card data

    if kind == "card":
        return check_card_id(value, "'%s'" % key)
    # kind == "cards"
    if type(value) is not list or not 0 < len(value) <= CARDS_MAX:
        raise GameError("'%s' must be a list of 1-%d card ids" % (key, CARDS_MAX))
    return tuple(check_card_id(c, "'%s'" % key) for c in value)


def from_record(record):
    """A decoded JSON record -> action tuple; GameError if malformed."""
    action = parse(record, SPECS, _field, _SHARED)
    kind = action[0]
    if kind == "roll" and action[4] is None:
        action = action[:4]  # a roll as every log before "again" wrote it, on flash and on the wire
    if kind == "roll" or kind == "ai":
        die, n = action[1:3] if kind == "roll" else action[2:4]
        again = action[4] if len(action) > 4 and kind == "roll" else None
        if n > die:
            raise GameError("%s: 'n' must be 1-%d for a d%d, got %d" % (kind, die, die, n))
        if again is not None and again > die:
            raise GameError("%s: 'again' must be 1-%d for a d%d, got %d" % (kind, die, die, again))
    return action


def make(kind, *values):
    """Build an action from positional field values, checked like a record."""
    return built(kind, values, SPECS, from_record)


def to_record(action):
    """Action tuple -> JSON-ready dict (optional fields that are unset are left out)."""
    return unparse(action, SPECS)
