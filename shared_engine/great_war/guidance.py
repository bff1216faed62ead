"""Phase guidance: each phase's title and rule, and reminders of what to do now.

Reminders are derived from the state, never stored, so undo and replay bring
back exactly the right prompt. Loaded only when a screen asks for them.
"""

from ..dice import d10_face
from .actions import SIDE_NAMES, other
from .phases import OVER, RESHUFFLE, SCORE, draw_due, reshuffle_due

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
SETUP = (
    ("2.2", "Shuffle the Random Event deck, face-down"),
    ("2.3", "Shuffle the Bonus deck; each player draws 2"),
    ("2.4", "Shuffle the Neutral deck; each player draws 2"),
    ("2.5", "Shuffle each Nationality deck; each player draws 2 from their own"),
    ("2.6", "Draw 5 more Nationality or Neutral, to 11; discard 2, to 9"),
)
EMPTY_DECK = (
    "An empty Nationality deck is first rebuilt by reshuffling its discard pile; "
    "only if that is impossible does the game end"
)
CAPTURED = (
    "Captured BP: the loser's played Nationality cards, face-down ones and Nationality Jokers too; "
    "never Neutral or Bonus"
)
KEEP = (
    "Winner may keep 1 own played Nationality card or 1 Neutral: "
    "not a Joker, face card (A K Q J), Bonus or white-BP-in-black-circle card"
)


def _first_to_draw(state):
    """2.1 with 7.19 and 7.20: the Defender of the turn whose draw it is, by name. In the next
    turn's RE phase (the capture's press ended the turn, and Defender This Turn was flipped) that
    is the last turn's Defender, not the one the mat shows now."""
    track = state.track
    drawing = track[-2] if state.phase == "re" and len(track) > 1 else track[-1]
    side = drawing.defender
    return (
        "2.1",
        side + (", last turn's Defender, draws first" if drawing is not track[-1] else ", the Defender, draws first"),
    )


def _draw(state, reshuffle):
    if state.solo is not None:
        # Solitaire Steps 10 and 15 replace the two-player draw
        you_attacked = state.current.defender != state.solo
        step = "10" if you_attacked else "15"
        ai_step = "11 (it attacks next)" if you_attacked else "3 (it defends next)"
        out = [("S" + step, "Discard both hands. Rebuild yours as in 2.0; the AI's by Step " + ai_step)]
        if reshuffle:
            out.insert(0, ("8.1", RESHUFFLE + "; start again from Solitaire Step 1"))
        return out
    if reshuffle:
        return [("7.15", KEEP), ("8.1", RESHUFFLE), _first_to_draw(state)]
    return [
        ("7.15", KEEP),  # the capture moves straight on to the draw, so the keep is said here too
        ("7.16", "Discard played Neutral and Nationality cards"),
        ("7.17", "Shuffle the RE card and used Bonus cards back into their decks"),
        ("7.19", "Draw 1 Bonus, 2 Neutral, 2 Nationality, fill to 11, discard 2"),
        ("7.19.1", "Hand too full for those 5: draw 1 Bonus, then 1 Neutral, then 1 Nationality until it holds 11"),
        ("7.19.2", "Then discard 2, down to 9"),
        _first_to_draw(state),
        ("3.4", EMPTY_DECK),
    ]


def reminders(state):
    """(rule, text) pairs for what the players must do now."""
    phase = state.phase
    turn = state.current
    out: list = []
    if phase == "re":
        if draw_due(state):  # the last turn's draw, which its capture's press passed on to this turn
            out.extend(_draw(state, False))
        if state.turn == 1 and state.solo is None:
            out.extend(SETUP)
        elif state.turn > 1:
            out.append(("4.4", "A hand of more than 9 cards discards down to 9 now"))
        out.append(("7.7", "Defender draws a Random Event card; a Bonus or Joker may cancel it; then the d6"))
        out.append(("7.11", "Attacker with no Attack card: discard and draw Nationality until one comes, then play it"))
    elif phase == "cr1" or phase == "cr2":
        out.append(("7.2", "Defender plays first, then Attacker; each plays at least 1 card"))
        if not turn.attack:
            if phase == "cr2":
                out.append(("7.10", "Attacker MUST play an Attack card this round, unless a Joker ends it (G.2)"))
            else:
                out.append(("7.10", "Attacker must play an Attack card in round 1 or 2"))
        if phase == "cr2":
            out.append(("7.4", "Each side must have played a Nationality card this turn"))
    elif phase == "bonus":
        out.append(("7.13", "Defender, then Attacker, may play 1 Bonus or Joker"))
    elif phase == "battle":
        if turn.winner is None:
            out.append(("7.14", "Total face-up BP; the higher captures, Defender wins ties"))
        else:
            out.append(("7.18", CAPTURED))
            out.append(("7.15", KEEP))
    elif phase == "draw":
        out.extend(_draw(state, reshuffle_due(state)))
    elif phase == "flip":
        if state.turn >= state.turns:
            out.append(("3.1", "Last turn played: count hands for the final score"))
        else:
            next_defender = SIDE_NAMES[other(turn.defender)]
            out.append(("7.20", "Flip DTT to %s; turn die to %d" % (next_defender, d10_face(state.turn + 1))))
    elif phase == SCORE:
        out.append(("3.2", "Count BP of friendly Nationality cards still in hand"))
    return out
