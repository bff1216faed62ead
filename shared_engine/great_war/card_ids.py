"""Card ids: short, filename- and JSON-safe. Apart from cards.py so that a game
without card data never loads the card model."""

from ..errors import GameError

ID_MAX = 24
_ID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_."


def check_card_id(value, what="card id"):
    if type(value) is not str or not 0 < len(value) <= ID_MAX:
        raise GameError("%s must be text of 1-%d characters, got %r" % (what, ID_MAX, value))
    for ch in value:
        if ch not in _ID_CHARS:
            raise GameError("%s %r may hold only letters, digits, '-', '_' and '.'" % (what, value))
    return value
