"""A finished game of The War as a BG Stats play (shared_engine/bgstats.py makes it): the CLI's
export and the phone page's link both take it from here. Its seats are not roles, and a play has
no points: it is won by the other player's empty deck (Winning and losing)."""

from .. import bgstats

SEATS = {"P1": "Player 1", "P2": "Player 2"}  # a seat's name until the people are named
GAME = ("The War (WW2 collectible card game)", "adjutant-the-war", SEATS, False, False)


def names(state, named=None):
    return bgstats.seat_names(SEATS, named)


def play(state, source_id, play_date, when, gid, named=None, minutes=None, bgg_id=None):
    """The play once a player could not draw 2, else None. when: bgstats.played's text."""
    if state.phase != "over":
        return None
    decks = state.decks
    text = "The War: %s won in round %d, %s could not draw 2" % (state.winner, state.turn, state.loser)
    text += "; decks left P1 %d, P2 %d" % (decks["P1"], decks["P2"])
    return bgstats.play(
        GAME, source_id, play_date, bgstats.note(text, when, gid), False, state.first, None, state.winner,
        names(state, named), minutes, bgg_id, ("P1", "P2"),
    )  # fmt: skip
