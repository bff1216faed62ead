"""A finished race as a BG Stats play: its scores are points, the higher wins."""

from .. import bgstats

SEATS = {"P1": "Player 1", "P2": "Player 2"}
GAME = ("Race (Adjutant's test game)", "adjutant-race", SEATS, True, False)


def names(state, named=None):
    return bgstats.seat_names(SEATS, named)


def play(state, source_id, play_date, when, gid, named=None, minutes=None, bgg_id=None):
    if state.phase != "over":
        return None
    text = "Race to %d: %s won" % (state.target, state.winner)
    return bgstats.play(
        GAME, source_id, play_date, bgstats.note(text, when, gid), False, state.first, state.scores, state.winner,
        names(state, named), minutes, bgg_id, ("P1", "P2"),
    )  # fmt: skip
