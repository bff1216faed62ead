"""A game's card data on flash (the registry names its file), read when the game first looks a
card up: the reader's code and the cards take heap only then, and the code goes again on the mat
(lazy.ON_MAT). The game's own engine checks it (its cards.CardSet)."""


def load(game, path, warn):
    """The CardSet in `path` of the game `game`; False: there is no card data; None: it could not
    be read (`warn` says why)."""
    import json

    try:
        f = open(path)
    except OSError:
        return False
    try:
        from shared_engine.games import card_set

        return card_set(game, json.load(f))
    except Exception as e:  # bad card data must not stop the game
        warn("%s: %s" % (path, e))
        return None
    finally:
        f.close()
