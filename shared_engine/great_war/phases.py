"""The ordered phases of a turn (7.7-7.20), the two after the last turn, their names on the screen,
and the turn-5 reshuffle (8.1)."""

PHASES = ("re", "cr1", "cr2", "bonus", "battle", "draw", "flip")
SCORE = "score"  # the game has ended: hands are counted (3.2)
OVER = "over"  # scored (3.5)

# 8.1: the draw at the end of turn 5 of a game longer than 5 turns is a full reshuffle. Here, not
# with the other rule texts (guidance.py), because the device shows it without loading those.
RESHUFFLE_TURN = 5
RESHUFFLE = "End of turn 5: discard all hands; reshuffle all decks except captured Nationality cards; deal as in 2.0"


def reshuffle_due(state):
    return state.turn == RESHUFFLE_TURN and state.turns > RESHUFFLE_TURN


def draw_on_its_own(state):
    """The turn's draw (7.19) is a step of its own: turn 5's reshuffle (8.1), solitaire's hands
    rebuilt (its Steps 10 and 15). Any other turn's draw is made as the next turn begins: the
    capture's press ends the turn (7.20), and the next turn's Random Event phase asks for it."""
    return state.solo is not None or reshuffle_due(state)


def begins_with_draw(turn, turns, solo):
    """Turn `turn` begins with the last turn's draw still to make: not the first, not in
    solitaire, and not after turn 5, whose draw (the reshuffle) was its own step."""
    return turn > 1 and not solo and not (turn - 1 == RESHUFFLE_TURN and turns > RESHUFFLE_TURN)


def draw_due(state):
    """The Random Event phase of a turn that began with the last turn's draw still to make, and
    nothing of this turn's event done yet."""
    if state.phase != "re" or not begins_with_draw(state.turn, state.turns, state.solo):
        return False
    turn = state.current
    return turn.re_card is None and not turn.re_rolls and turn.re_cancel is None


# At most 10 characters: the mat shows one beside "T10/10".
PHASE_WORDS = {
    "re": "RE phase",
    "cr1": "Combat 1",
    "cr2": "Combat 2",
    "bonus": "Bonus",
    "battle": "Battle",
    "draw": "Draw",
    "flip": "End turn",
    "score": "Count",
    "over": "Game over",
}
