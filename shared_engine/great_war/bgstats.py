"""A finished game of The Great War as a BG Stats play (shared_engine/bgstats.py makes it): the
CLI's export and the phone page's link both take it from here.

3.5: the higher total of captured and in-hand BP wins (highestWins); 2.1, 7.2: the Defender of
turn 1 draws and plays first (startPlayer). A side is a role; in solitaire the AI takes the
other side, and the play is solo.
"""

from .. import bgstats
from .actions import SIDE_NAMES, SIDES, other

GAME = ("The Great War (MacGowan & Lombardy)", "adjutant-tgw", SIDE_NAMES, True, True)
AI = "AI (Solitaire 3.3)"


def names(state, named=None):
    """A name for each side: the people named, else the side's own; in solitaire the AI's side is the AI."""
    out = bgstats.seat_names(SIDE_NAMES, named)
    if state.solo:
        out[other(state.solo)] = AI
    return out


def comments(name, winner, margin, level):
    """ "Basic game: EA by 12 BP, Moral"; "Scenario, 6 turns: Draw"."""
    text = "%s: %s" % (name, winner or "Draw")
    if winner:
        text += " by %s BP, %s" % (margin, level)
    return text


def play(state, source_id, play_date, when, gid, named=None, minutes=None, bgg_id=None):
    """The play once the game has a result (3.2-3.5), else None. when: bgstats.played's text."""
    if state.result is None:
        return None
    totals, winner, margin, level = state.result
    text = bgstats.note(comments(state.name, winner, margin, level), when, gid)
    return bgstats.play(
        GAME, source_id, play_date, text, state.solo, state.first, totals, winner, names(state, named),
        minutes, bgg_id, SIDES,
    )  # fmt: skip
