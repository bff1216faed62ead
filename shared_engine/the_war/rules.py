"""The War's rules for the decks: check an action against the state, then apply it.

Every check runs before the first change, so a refused action leaves the state as it was.
Messages cite the rules' section headings (the rules file numbers none).
"""

from ..errors import GameError
from .actions import HAND, other
from .state import HANDS, OVER, PLAY, TurnLog

FIRST_DRAW = 1  # Turn scheme 2: "Starting player's 1st turn is an exception - he draws only 1 card"
TURN_DRAW = 2  # Turn scheme 2: "Player draws 2 cards from the top of his deck"


def _need(state, kind, phase):
    if state.phase == phase:
        return
    if state.phase == OVER:
        raise GameError("%s: the game is over (Winning and losing); undo to change it" % kind)
    if state.phase == HANDS:
        raise GameError("%s: the starting hands are not kept yet (Re-draw rule)" % kind)
    raise GameError("%s: the game has begun; a starting hand is re-drawn before it (Re-draw rule)" % kind)


def _redraw(state, a):
    _, player, size = a
    _need(state, "redraw", HANDS)
    # Re-draw rule: a hand of all resources or none is re-drawn at seven; a hand with one
    # resource may be re-drawn too, one card less.
    fewer = state.hands[player] - 1
    if size != HAND and size != fewer:
        said = "redraw: %s re-draws %d (all or no resources) or %d (one resource), not %d"
        raise GameError(said % (player, HAND, fewer, size))
    state.hands[player] = size
    state.redraws[player] += 1
    state.decks[player] = state.deck_size - size  # the hand shuffled back, the new one drawn


def _start(state, a):
    _need(state, "start", HANDS)
    first = state.first
    state.phase = PLAY
    state.turn = 1
    state.player = first
    state.decks[first] -= FIRST_DRAW  # a deck of at least 20, less a hand of 7: never short
    state.track.append(TurnLog(1, first, FIRST_DRAW))


def _end(state, a):
    _need(state, "end", PLAY)
    player = other(state.player)
    if player == state.first:
        state.turn += 1
    if state.decks[player] < TURN_DRAW:
        # Winning and losing: unable to draw two cards at the beginning of his turn, he loses
        state.phase = OVER
        state.winner = state.player
        state.loser = player
        return
    state.player = player
    state.decks[player] -= TURN_DRAW  # the last two cards drawn: he still plays his turn
    state.track.append(TurnLog(state.turn, player, TURN_DRAW))


def _taken(state, kind, player, n, weapon):
    _need(state, kind, PLAY)
    left = state.decks[player]
    if left == 0:
        raise GameError("%s: %s's deck has no cards left" % (kind, player))
    taken = n if n < left else left
    state.decks[player] = left - taken
    state.current.events.append((kind, player, taken, weapon))


def apply(state, a):
    kind = a[0]
    if kind == "attack":
        # Attacking opponent's deck: its owner takes as many cards from its top as the power
        _taken(state, kind, other(a[1]), a[2], a[3])
    elif kind == "discard" or kind == "draw":
        _taken(state, kind, a[1], a[2], None)
    elif kind == "end":
        _end(state, a)
    elif kind == "redraw":
        _redraw(state, a)
    elif kind == "start":
        _start(state, a)
    else:
        raise GameError("%s: not an action of The War" % kind)
