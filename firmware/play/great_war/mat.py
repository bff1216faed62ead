"""The Battle Mat: turn die, Defender This Turn, captured BP, turn track.

Everything a player needs at a glance, and OK does the phase's next step.
"""

import gfx
import screens
from screens.base import Screen

from play.great_war import ask_no_attack, marks_attack, solo_step, to_battle
from shared_engine.dice import d10_face
from shared_engine.great_war.phases import PHASE_WORDS, draw_due, reshuffle_due

TRACK_CELLS = 10


def _asks_card(ui, turn):
    """With Random Event cards in the card data, the roll first asks which one was drawn (7.7)."""
    if turn.re_card is not None:
        return False
    cards = ui.session.cards()
    return cards is not None and any(c.deck == "RE" for c in cards.by_id.values())


class MatScreen(Screen):
    name = "mat"
    keys: tuple = (("DOWN", "rules"), ("BACK", "menu"))

    def draw(self, fb):
        state = self.session.game.state
        turn = state.current
        die = str(d10_face(state.turn))
        fb.rect(0, 0, 28, 28, 1)
        gfx.text(fb, die, 2, 2, 3)
        gfx.text(fb, "DEF", 34, 0)
        if state.solo is None:
            gfx.text(fb, state.defender, 32, 10, 2)
        else:  # solitaire: whose side defends, yours or the AI's, and which side it is
            gfx.text(fb, "You" if state.defender == state.solo else "AI", 34, 10)
            gfx.text(fb, state.defender, 34, 19)
        # the captured BP; once scored, the final totals, hands added (3.2), as the result screen says
        totals = state.captured if state.result is None else state.result[0]
        for row, side in enumerate(("CP", "EA")):
            y = row * 15
            if state.solo is None:
                gfx.text(fb, side, 72, y + 4)
            else:  # solitaire: whose total is whose; the Defender's side is named beside DEF
                gfx.text(fb, "You" if side == state.solo else "AI", 69, y + 4)
            value = str(totals[side])
            if len(value) < 3:
                gfx.text(fb, value, 128 - gfx.width(value, 2), y, 2)
            else:  # three digits at double size would run into the side's name
                gfx.text(fb, value, 128 - gfx.width(value), y + 4)
        self._track(fb, state)
        gfx.text(fb, PHASE_WORDS[state.phase], 0, 41)
        gfx.text(fb, "T%d/%d" % (state.turn, state.turns), 128 - gfx.width("T%d/%d" % (state.turn, state.turns)), 41)
        fb.hline(0, 51, 128, 1)
        gfx.text(fb, self._status(state, turn), 0, 55)  # each fits the line: no cut
        # UP before the roll: "^more" on turn 1's line, which later turns' "Draw; OK roll d6" leaves out
        before_roll = state.phase == "re" and not turn.re_rolls and turn.re_cancel is None
        self.keys = ((("UP", "no d6 or cancel"),) if before_roll else ()) + MatScreen.keys

    def _track(self, fb, state):
        # One cell per turn: the winner's initial, "." to come; the current turn boxed.
        first = max(1, min(state.turn - TRACK_CELLS + 1, state.turns - TRACK_CELLS + 1))
        for cell in range(min(TRACK_CELLS, state.turns)):
            number = first + cell
            x = cell * 12 + 4
            mark = "."
            if number <= len(state.track):
                winner = state.track[number - 1].winner
                mark = winner[0] if winner else ("*" if number == state.turn else ".")
            if number == state.turn and state.phase not in ("score", "over"):
                fb.rect(x - 2, 29, 12, 11, 1)
            gfx.text(fb, mark, x, 31)

    def _status(self, state, turn):
        phase = state.phase
        if state.solo is not None:
            step = solo_step(state, turn)
            if step:
                return step
        if phase == "re":
            if turn.re_cancel is not None:
                return "Cancelled OK nxt"
            if turn.re_rolls:
                return "d6 %s  OK next" % turn.re_rolls[-1]
            draw = draw_due(state)  # the last turn's draw (7.19) first: its capture's press ended it
            if _asks_card(self.ui, turn):
                return "Draw; OK RE card" if draw else "OK RE card ^more"
            return "Draw; OK roll d6" if draw else "OK roll d6 ^more"
        if phase in ("cr1", "cr2", "bonus"):
            if marks_attack(self.ui) and phase != "bonus":
                if turn.attack:
                    return "Attack ok OK nxt"
                return "Attack? MUST ^" if phase == "cr2" else "Attack? ^ mark"
            if state.solo is not None and phase != "bonus":  # a round at a time: its AI steps
                return "OK Combat 2" if phase == "cr1" else "OK Bonus 7.13"
            return "d6 %d  OK battle" % turn.re_rolls[-1] if turn.re_rolls else "OK to battle"
        if phase == "battle":
            if turn.winner is None:
                return "OK: who won?" if self.ui.settings["battles"] == "winner" else "OK enter BP"
            if turn.captured is None:
                return "OK %s captures" % turn.winner
            return "OK next: draw"
        if phase == "draw":
            if reshuffle_due(state):
                return "8.1 then OK flip"
            if state.solo is not None:  # Solitaire: rebuild the hands, Step 10 (you defend next) or 15
                return "Step %d OK flip" % (15 if turn.defender == state.solo else 10)
            return "Draw; OK flip"
        if phase == "flip":
            return "OK count hands" if state.turn >= state.turns else "OK flip DTT"
        if phase == "score":
            return "OK count hands"
        if phase == "over":
            return "OK result"
        return "OK next"

    def ahead(self):
        state = self.ui.session.game.state
        turn = state.current
        if state.phase == "re" and state.solo is None and not turn.re_rolls and turn.re_cancel is None:
            return None if _asks_card(self.ui, turn) else "roll_and_show"
        return "BattleEntry" if state.phase == "battle" and turn.captured is None else None

    def key(self, button, kind):
        ui = self.ui
        state = ui.session.game.state
        phase = state.phase
        if button == "OK" and kind == "LONG" and phase in ("cr1", "cr2", "bonus"):
            to_battle(ui)
            return
        if kind != "SHORT":
            return
        if button == "BACK":
            ui.push(screens.Menu(ui))
        elif button == "DOWN":
            ui.push(screens.Guidance(ui))
        elif button == "UP":
            turn = state.current
            if phase == "re" and not turn.re_rolls and turn.re_cancel is None:
                ui.push(screens.EventChoices(ui, 1))  # "No d6: next" first: UP, OK skips the roll
            elif phase in ("cr1", "cr2") and not state.current.attack and marks_attack(ui):
                ui.session.act("attack")
        elif button == "OK":
            turn = state.current
            if state.solo is not None and solo_step(state, turn):
                screens.roll_hand(ui) if phase == "re" else ui.push(screens.BonusPhase(ui))
            elif phase == "re" and not turn.re_rolls and turn.re_cancel is None:
                if _asks_card(ui, turn):
                    ui.push(screens.PickEvent(ui, ui.session.cards()))
                else:
                    screens.roll_and_show(ui)
            # after an undo the capture may stand: then OK goes on to the draw
            elif phase == "battle" and turn.captured is None:  # the entry also opens as the battle begins
                ui.push(screens.BattleEntry(ui))
            elif phase in ("score", "over"):
                ui.show_moment()
            elif not marks_attack(ui) and (phase == "bonus" or (phase in ("cr1", "cr2") and state.solo is None)):
                to_battle(ui)  # solitaire steps its rounds one at a time, for their AI steps
            elif phase == "cr2" and not turn.attack and marks_attack(ui):
                ask_no_attack(ui)
            else:
                ui.session.act("next")
