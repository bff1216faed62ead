"""A finished game of Last Front as a BG Stats play (shared_engine/bgstats.py makes it): the CLI's
export and the phone page's link both take it from here. Its players are people by name already
(the names the game began with), the dealer first: the dealer goes first (Game Play)."""

from .. import bgstats

GAME = ("Last Front", "adjutant-last-front", None, False, False)


def names(state, named=None):
    return {name: name for name in state.players}


def play(state, source_id, play_date, when, gid, named=None, minutes=None, bgg_id=None):
    """The play once the game has ended, else None. when: bgstats.played's text."""
    if state.phase != "over":
        return None
    players = list(state.players)
    if state.winner is None:
        winner, text = None, "Last Front: no winner after %d battles" % state.turn
    else:
        winner = players[state.winner]
        text = "Last Front: %s won after %d battles (%s victory), holding %s" % (
            winner,
            state.turn,
            state.victory,
            ", ".join(state.held[state.winner]),
        )
    dealer = players[0]
    return bgstats.play(
        GAME, source_id, play_date, bgstats.note(text, when, gid), False, dealer, None, winner,
        names(state), minutes, bgg_id, players,
    )  # fmt: skip
