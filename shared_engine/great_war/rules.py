"""The rules: check an action against the state, then apply it.

Every check runs before the first change, so a refused action leaves the
state exactly as it was. Rule numbers refer to The Great War rules 6.0.
"""

from ..errors import GameError
from .actions import CP, EA, other
from .phases import OVER, PHASES, SCORE
from .state import TurnRecord

MAX_RE_ROLLS = 4  # a Random Event asks for one d6, rarely one per side
MAX_AI_ROLLS = 24  # hands, bonus phases and random discards in one turn, with room to spare


def _need_phase(state, kind, *phases):
    if state.phase in phases:
        return
    if state.phase == OVER:
        raise GameError("%s: the game is over (3.5); undo to change it" % kind)
    if state.phase == SCORE:
        raise GameError("%s: the game has ended (3.1); enter the BP of Nationality cards in hand" % kind)
    raise GameError("%s: not allowed in %s of turn %d" % (kind, state.phase, state.turn))


def _re(state, a):
    _need_phase(state, "re", "re")
    turn = state.current
    if turn.re_card is not None:
        raise GameError("re: turn %d already has Random Event %s; undo to change it" % (state.turn, turn.re_card))
    turn.re_card = a[1]


def _roll(state, a):
    _need_phase(state, "roll", "re")
    if a[1] != 6:
        raise GameError("roll: the Random Event die is a d6 (G.11), got d%d" % a[1])
    turn = state.current
    if turn.re_cancel is not None:
        raise GameError("roll: the Random Event of turn %d was cancelled (7.7), so no d6 is rolled" % state.turn)
    if len(turn.re_rolls) >= MAX_RE_ROLLS:
        raise GameError("roll: turn %d already has %d Random Event rolls" % (state.turn, MAX_RE_ROLLS))
    turn.re_rolls.append(a[2])
    if len(a) > 4 and a[4] is not None:
        turn.re_again.append(a[4])


def _cancel(state, a):
    _need_phase(state, "cancel", "re")
    turn = state.current
    if turn.re_cancel is not None:
        raise GameError("cancel: the Random Event of turn %d is already cancelled" % state.turn)
    if turn.re_rolls:
        raise GameError("cancel: a Random Event is cancelled before its d6 (7.7); undo the roll first")
    turn.re_cancel = a[1:]


def _solo(state, a):
    # Solitaire 3.3: the player picks a side. CP defends turn 1 as in 2.7, so a player who
    # takes CP defends (Step 3: "See STEP 10 if you are Defender") against an AI Attacker.
    turn = state.current
    untouched = state.turn == 1 and state.phase == "re" and turn.re_card is None and not turn.re_rolls
    if state.solo is not None or not untouched:
        raise GameError("solo: a solitaire game is chosen before anything else happens")
    state.solo = a[1]


def _ai(state, a):
    _, step, die, n = a
    if state.solo is None:
        raise GameError("ai: rolls for the AI belong to a solitaire game")
    _need_phase(state, "ai", *PHASES)
    turn = state.current
    ai_defends = turn.defender != state.solo
    if step in ("s3", "s11"):
        if (step == "s3") != ai_defends:
            raise GameError("ai: Step %s is for the AI %s" % (step[1:], "Defender" if step == "s3" else "Attacker"))
        if any(r[0] == step for r in turn.ai_rolls):
            raise GameError("ai: the AI's hand for turn %d is already rolled; undo to roll again" % state.turn)
    elif step in ("s7", "s7b") and state.phase != "bonus":
        raise GameError("ai: Step 7 is rolled in the Optional Bonus Card Phase, not in %s" % state.phase)
    if step != "s8" and die != 6:
        raise GameError("ai: Step %s rolls a d6, got d%d" % (step[1:], die))
    if len(turn.ai_rolls) >= MAX_AI_ROLLS:
        raise GameError("ai: turn %d already has %d rolls for the AI" % (state.turn, MAX_AI_ROLLS))
    turn.ai_rolls.append((step, die, n))


def _attack(state, a):
    _need_phase(state, "attack", "cr1", "cr2")
    if state.current.attack:
        raise GameError("attack: the Attacker's Attack card is already marked for turn %d" % state.turn)
    state.current.attack = True


def _resolvable(state, kind):
    _need_phase(state, kind, "battle")
    turn = state.current
    if turn.winner is not None:
        raise GameError("%s: turn %d is already resolved (7.14); undo to change it" % (kind, state.turn))
    return turn


def _bp(state, a):
    turn = _resolvable(state, "bp")
    cp, ea = a[1], a[2]
    turn.bp = (cp, ea)
    # 7.14: the higher total wins; the Defender wins ties.
    turn.winner = CP if cp > ea else EA if ea > cp else turn.defender


def _win(state, a):
    # The table compared the face-up BP itself (7.14) and says only who won.
    _resolvable(state, "win").winner = a[1]


def _capture(state, a):
    _need_phase(state, "capture", "battle")
    turn = state.current
    if turn.winner is None:
        raise GameError("capture: enter the battle's winner or both sides' face-up BP first (7.14)")
    if turn.captured is not None:
        raise GameError("capture: turn %d's captured BP is already entered; undo to change it" % state.turn)
    cards = a[2]
    if cards is not None and len(set(cards)) != len(cards):
        raise GameError("capture: a card is listed twice; each captured card counts once (7.18)")
    turn.captured = a[1]
    turn.captured_cards = cards
    state.captured[turn.winner] += a[1]  # 7.18: the winner's cumulative total


def _end(state, reason, side):
    state.end = (reason, side)
    if state.solo is not None:
        from .scoring import final_score  # at the end only: a board boots without it (one import less)

        # Solitaire Step 15: only the cumulative captured BP count; no hand is counted
        state.result = final_score(state.captured, {CP: 0, EA: 0})
        state.phase = OVER
    else:
        state.phase = SCORE


def _next(state, a):
    _need_phase(state, "next", *PHASES)
    turn = state.current
    phase = state.phase
    if phase == "battle" and (turn.winner is None or turn.captured is None):
        missing = "face-up BP or the winner" if turn.winner is None else "captured BP"
        raise GameError("next: enter the %s before leaving Battle Resolution of turn %d" % (missing, state.turn))
    if phase != "flip":
        state.phase = PHASES[PHASES.index(phase) + 1]
    elif state.turn >= state.turns:
        _end(state, "turns", None)  # 3.1: the last turn is over
    else:
        # 7.20: flip Defender This Turn and advance the turn die.
        state.turn += 1
        state.track.append(TurnRecord(state.turn, other(turn.defender)))
        state.phase = "re"


def _no_nat(state, a):
    # 3.4: a side that cannot draw a Nationality card ends the game at once.
    _need_phase(state, "no_nat", *PHASES)
    _end(state, "no_nat", a[1])


def _hand(state, a):
    _need_phase(state, "hand", SCORE)
    from .scoring import final_score  # at the end only, as in _end

    in_hand = {CP: a[1], EA: a[2]}
    state.result = final_score(state.captured, in_hand)
    state.in_hand = in_hand
    state.phase = OVER


_APPLY = {
    "re": _re,
    "roll": _roll,
    "cancel": _cancel,
    "attack": _attack,
    "next": _next,
    "bp": _bp,
    "win": _win,
    "capture": _capture,
    "no_nat": _no_nat,
    "hand": _hand,
    "solo": _solo,
    "ai": _ai,
}


def apply(state, action):
    step = _APPLY.get(action[0])
    if step is None:
        raise GameError("%s is not a game action" % action[0])
    step(state, action)
