"""Phase guidance: each phase's title and rule, and reminders of what to do now.

Reminders are derived from the state, never stored, so undo and replay bring
back exactly the right prompt. Loaded only when a screen asks for them.
"""

from .dice import d10_face
from .phases import OVER, SCORE
from .sides import SIDE_NAMES, other

TITLES = {
    "re": "Random Event",
    "cr1": "Combat Round 1",
    "cr2": "Combat Round 2",
    "bonus": "Bonus Card Phase",
    "battle": "Battle Resolution",
    "draw": "Draw and Discard",
    "flip": "End of Turn",
    SCORE: "Final Score",
    OVER: "Game Over",
}
RULES = {
    "re": "7.7",
    "cr1": "7.8",
    "cr2": "7.12",
    "bonus": "7.13",
    "battle": "7.14",
    "draw": "7.19",
    "flip": "7.20",
    SCORE: "3.2",
    OVER: "3.5",
}
RESHUFFLE_TURN = 5  # 8.1


def reminders(state):
    """(rule, text) pairs for what the players must do now."""
    phase = state.phase
    turn = state.current
    out = []
    if phase == "re":
        out.append(("7.7", "Defender draws a Random Event card; a Bonus or Joker may cancel it"))
        out.append(("7.11", "Attacker with no Attack card: discard and draw Nationality until one comes, then play it"))
    elif phase == "cr1" or phase == "cr2":
        out.append(("7.2", "Defender plays first, then Attacker; each plays at least 1 card"))
        if not turn.attack:
            if phase == "cr2":
                out.append(("7.10", "Attacker MUST play an Attack card this round"))
            else:
                out.append(("7.10", "Attacker must play an Attack card in round 1 or 2"))
        if phase == "cr2":
            out.append(("7.4", "Each side must have played a Nationality card this turn"))
    elif phase == "bonus":
        out.append(("7.13", "Defender, then Attacker, may play 1 Bonus or Joker"))
    elif phase == "battle":
        if turn.bp is None:
            out.append(("7.14", "Total face-up BP; the higher captures, Defender wins ties"))
        else:
            out.append(("7.18", "Count only captured Nationality BP"))
            out.append(("7.15", "Winner may keep 1 own Nationality or 1 Neutral card"))
    elif phase == "draw":
        if state.turn == RESHUFFLE_TURN and state.turns > RESHUFFLE_TURN:
            out.append(("8.1", "End of turn 5: discard all hands, reshuffle all decks, deal as in 2.0"))
        else:
            out.append(("7.19", "Draw 1 Bonus, 2 Neutral, 2 Nationality, fill to 11, discard 2"))
    elif phase == "flip":
        if state.turn >= state.turns:
            out.append(("3.1", "Last turn played: count hands for the final score"))
        else:
            next_defender = SIDE_NAMES[other(turn.defender)]
            out.append(("7.20", "Flip DTT to %s; turn die to %d" % (next_defender, d10_face(state.turn + 1))))
    elif phase == SCORE:
        out.append(("3.2", "Count BP of friendly Nationality cards still in hand"))
    return out
