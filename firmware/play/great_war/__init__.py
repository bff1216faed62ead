"""The Great War at the device: its moves nobody enters, its moments, its mat."""

from shared_engine.great_war.phases import draw_on_its_own, reshuffle_due

GAME = "the-great-war"
MAT = "MatScreen"
# last_draw: the table draws (7.19) after the last turn too; by the rules' ruling it does not.
# battles: what a battle's entry asks, both sides' face-up BP ("bp") or the winner alone ("winner").
# attack: the Attacker's Attack card is marked each turn, for the 7.10 check as Combat Round 2
# ends (G.2); off, the combat rounds ask for nothing.
# solo: the side the player took in the last solitaire game, offered first for the next.
SETTINGS = {
    "last_draw": (False, (False, True)),
    "battles": ("bp", ("bp", "winner")),
    "attack": (False, (False, True)),
    "solo": ("CP", ("CP", "EA")),
}
SCREENS = {
    "MatScreen": "play.great_war.mat",
    "BattleEntry": "play.great_war.battle",
    "HandsEntry": "play.great_war.battle",
    "EventChoices": "play.great_war.event_card",
    "PickEvent": "play.great_war.event_card",
    "roll_and_show": "play.great_war.dice",
    "EndGame": "play.great_war.end_now",
    "Guidance": "play.great_war.guide",
    "Reshuffle": "play.great_war.guide",
    "Setup": "play.great_war.guide",
    "AIHand": "play.great_war.solo",
    "BonusPhase": "play.great_war.solo",
    "PlusChart": "play.great_war.solo",
    "RandomDiscard": "play.great_war.solo",
    "roll_hand": "play.great_war.solo",
    "setup_checklist": "play.great_war.solo",
    "CardInfo": "play.great_war.card_info",
}
# Loaded now and then, let go of back on the mat: the menu's rows, the texts the screens show.
ON_MAT = (
    "play.great_war.rows",
    "shared_engine.great_war.guidance",
    "shared_engine.great_war.solitaire",
    "shared_engine.great_war.describe",
)
# The screen each moment of the game brings, by its name in SCREENS.
BROUGHT = {"battle": "BattleEntry", "reshuffle": "Reshuffle", "hands": "HandsEntry", "over": "GameOver"}
BRINGS = ("next", "no_nat", "hand")  # saved actions after which a moment may ask for its screen


def fresh():
    """A board with no game on flash begins a basic game (1.2: 10 turns, CP defends first)."""
    from shared_engine.great_war.actions import make

    return make("new", "Basic game", 10, "CP")


def carry_on(session, kind):
    """The moves of the same press that nobody enters. The d6 rolled (or the event
    cancelled): on to Combat Round 1, the d6 shown. A capture: on to the draw (nothing to
    enter in between), and on through it: Defender This Turn flipped and the turn die turned
    (7.20), the next turn's Random Event phase waiting for the draw (7.19) and its d6, which
    the mat asks for together. The draw stays a step of its own where it asks for more:
    turn 5's reshuffle (8.1), solitaire's hand rebuilt (Steps 10 and 15). Into the last
    turn's draw: past it to counting hands (3.2), by the ruling that there is no 7.19 draw
    after the last turn, unless the table plays one (the last_draw setting)."""
    if kind == "capture" or kind == "roll" or kind == "cancel":  # (an "ai" roll is a kind of its own)
        session.act("next")
    elif kind == "next" or kind == "no_nat":
        state = session.game.state
        if state.phase == "flip" or past_last_draw(session) or draws_then_rolls(session):
            session.act("next")


def draws_then_rolls(session):
    """A turn's draw (7.19) that asks the device for nothing: the turn ends with the capture's
    press, and the next turn's mat says "Draw; OK roll d6"."""
    state = session.game.state
    return state.phase == "draw" and state.turn < state.turns and not draw_on_its_own(state)


def past_last_draw(session):
    state = session.game.state
    return state.phase == "draw" and state.turn >= state.turns and not session.settings["last_draw"]


def moment(session):
    """What the game's moment asks the players for: "battle" (its entry: the winner or the BP,
    then the capture), "reshuffle" (turn 5's), "hands" (the BP left in hand, 3.2) or "over"
    (the result); None: the mat is all."""
    state = session.game.state
    phase = state.phase
    if phase == "battle" and state.current.captured is None:
        return "battle"
    if phase == "draw" and reshuffle_due(state) and not past_last_draw(session):
        return "reshuffle"
    return "hands" if phase == "score" else "over" if phase == "over" else None


def reopen(ui):
    """At boot: a number an entry's OK confirmed before the power went (journal.put_draft) opens
    its entry again, on to the second number."""
    import screens

    session = ui.session
    state = session.game.state
    if state.phase == "battle" and state.current.winner is None:
        name = "BattleEntry"
    elif state.phase == "score":
        name = "HandsEntry"
    else:
        return
    first = session.draft()
    if first is not None:
        ui.push(getattr(screens, name)(ui, first))


# -- the turn's flow through the combat rounds, which the mat and the d6 screen ask for --------


def solo_step(state, turn):
    """The AI's roll still due this phase of a solitaire game, as the status line says it."""
    steps = [r[0] for r in turn.ai_rolls]
    if state.phase == "re" and "s3" not in steps and "s11" not in steps:
        return "OK AI hand %s" % ("3" if turn.defender != state.solo else "11")
    if state.phase == "bonus" and "s7" not in steps:
        # 7.13: the Defender plays first, so a player who defends plays before the AI's roll
        return "OK AI bonus 7" if turn.defender != state.solo else "You 1st; OK AI 7"
    return None


def ask_no_attack(ui, then=None):
    """Leaving Combat Round 2 with no Attack card marked: asked once, naming the G.2 exception."""

    def leave():
        if ui.session.act("next") and then is not None:
            then()

    from screens.base import Confirm

    question = "No Attack card: OK only if a Joker ended the round (G.2)"
    ui.push(Confirm(ui, question, leave))


def marks_attack(ui):
    """The table marks the Attacker's Attack card each turn, for the 7.10 and G.2 check (a setting)."""
    return ui.settings["attack"]


def straight_to_battle(ui):
    """What the press after the d6 enters, with nothing asked in the combat rounds: "winner" (UP
    or DOWN says who won) or "bp" (the entry of both sides' BP); None where the rounds ask for
    something: the Attack card marked, or the solitaire AI's Bonus phase (Step 7)."""
    if marks_attack(ui) or ui.session.game.state.solo is not None:
        return None
    return "winner" if ui.settings["battles"] == "winner" else "bp"


def to_battle(ui):
    """On through the combat rounds and the Bonus phase to Battle Resolution, stopping where asked."""
    state = ui.session.game.state
    while state.phase in ("cr1", "cr2", "bonus"):
        if state.solo is not None and solo_step(state, state.current):
            return  # the AI's Bonus phase roll is still due: the status line says so
        if state.phase == "cr2" and not state.current.attack and marks_attack(ui):
            ask_no_attack(ui, lambda: to_battle(ui))
            return
        if not ui.session.act("next"):
            return
        state = ui.session.game.state


def joined(actions):
    """After a restart, which press made which action is forgotten, but for the moves a press
    always carries on with (carry_on, and OK held through the combat rounds): a "next" after a
    roll, a cancel, a capture or another "next" was made by the same press, so an undo still
    takes them together."""
    together = set()
    for at in range(1, len(actions)):
        if actions[at][0] == "next" and actions[at - 1][0] in ("next", "roll", "cancel", "capture"):
            together.add(at)
    return together


def watched(session, kind, body):
    """A Random Event card drawn or its d6 rolled: the card's name and what it says for the face,
    from card data, for the host to say."""
    if kind != "re" and kind != "roll":
        return
    game = session.game
    turn = game.state.current
    cards = game.cards
    if cards is None or turn.re_card is None:
        return
    try:
        body["re_name"] = cards.get(turn.re_card).name
        if turn.re_rolls:
            body["re_text"] = game.re_result(turn.re_rolls[-1])
    except Exception:  # an id the card data lacks: the host shows the id
        pass


def ending(state):
    """Both totals, the winner (in solitaire: yours or the AI's), the margin and its level, and
    how the game ended (3.1, 3.4, 3.5)."""
    totals, winner, margin, level = state.result
    if winner is None:
        who, by = "DRAW", "margin %d (0-9)" % margin
    else:
        who = winner + " WINS" if state.solo is None else "YOU WIN" if winner == state.solo else "AI WINS"
        by = "by %d: %s" % (margin, level)
    when = "3.4 no Nat card" if state.end[0] == "no_nat" else "after turn %d" % state.turn
    return "GAME OVER 3.5", who, ("CP %d  EA %d" % (totals["CP"], totals["EA"]), by), when


def played(actions):
    """Choosing solitaire's side is not play."""
    for action in actions:
        if action[0] != "solo":
            return True
    return False


def standing(state):
    return "Turn %d of this one" % state.turn


def describe(action, phase):
    from shared_engine.great_war.describe import describe  # loaded for the message, dropped on the mat

    return describe(action, phase)
