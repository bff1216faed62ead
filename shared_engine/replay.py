"""Any game replayed from its log: for the host, scripts and tests (the device reads a game back
in firmware/journal/read.py, a record at a time)."""

from .games import core


def from_lines(lines, cards=None):
    """Replay a log of any game (its text, or its lines): GameError names the line at fault."""
    from .errors import GameError
    from .log import numbered_actions

    game = None
    for number, action in numbered_actions(lines):
        try:
            if game is None:
                game = core(action, cards)
            else:
                game.apply(action)
        except GameError as e:
            raise GameError("line %d: %s" % (number, e))
    if game is None:
        raise GameError("a game log needs at least its header record")
    return game
