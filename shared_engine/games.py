"""The games Adjutant keeps, and which one a log holds.

A log's first record names its game by its kind: "new" for The Great War (every log written
before there was a second game starts so), "the-war" for The War, "last-front" for Last Front.
A game's modules load only when one of its logs is read or a game of it begins.
"""

GREAT_WAR, THE_WAR, LAST_FRONT = "the-great-war", "the-war", "last-front"
GAMES = (GREAT_WAR, THE_WAR, LAST_FRONT)  # in the order New game lists them
NAMES = {GREAT_WAR: "The Great War", THE_WAR: "The War", LAST_FRONT: "Last Front"}
_HEADERS = {"new": GREAT_WAR, THE_WAR: THE_WAR, LAST_FRONT: LAST_FRONT}


def of_header(kind):
    """The game whose log starts with a record of this kind, or None."""
    return _HEADERS.get(kind)


def core(header, cards=None):
    """The game's core (actions, undo, redo, state) for a log's header action."""
    game = of_header(header[0])
    if game == THE_WAR:
        from .the_war.core import WarCore

        return WarCore(header, cards)
    if game == LAST_FRONT:
        from .last_front.core import LastFrontCore

        return LastFrontCore(header, cards)
    from .game_core import GameCore  # a Great War log, or a bad header GameCore names

    return GameCore(header, cards)


def records(kind):
    """The module of records (from_record, to_record, make, SPECS) of the game a header kind opens."""
    if of_header(kind) == THE_WAR:
        from .the_war import actions as war_actions

        return war_actions
    if of_header(kind) == LAST_FRONT:
        from .last_front import actions as front_actions

        return front_actions
    from . import actions

    return actions
