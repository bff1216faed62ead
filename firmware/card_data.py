"""The card data on flash (cards.json), read when a game first looks a card up: the parser's
code and the cards take heap only then, and the code goes again on the mat (lazy.ON_MAT)."""


def load(warn):
    """A CardSet; False: there is no card data; None: it could not be read (`warn` says why)."""
    import json

    try:
        f = open("cards.json")
    except OSError:
        return False
    try:
        from shared_engine.great_war.cards import CardSet

        return CardSet(json.load(f))
    except Exception as e:  # bad card data must not stop the game
        warn("cards.json: %s" % e)
        return None
    finally:
        f.close()
