"""Race's one rule: a point to a player; the first to the target wins, and the game is over."""

from ..errors import GameError
from .state import OVER


def apply(state, action):
    kind = action[0]
    if kind != "point":
        raise GameError("%s: not an action of Race" % kind)
    if state.phase == OVER:
        raise GameError("point: the race is over; undo to change it")
    _, player, n = action
    state.scores[player] += n
    state.points += n
    if state.scores[player] >= state.target:
        state.phase = OVER
        state.winner = player
