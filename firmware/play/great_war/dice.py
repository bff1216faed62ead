"""The Random Event phase (7.7): the Defender's d6, rolled and shown through the combat rounds.

No screen rolls when it is built: the d6 is rolled by the press on a line
that says so, and that press also moves on to Combat Round 1 (session.py).
The dice screen then stays up while the cards are played, since the event
lasts the whole turn, and its next press goes to the battle: with "Battles:
winner" UP or DOWN says who won, else OK (or UP/DOWN, counting at once)
opens the entry of both sides' BP. With card data, the card drawn and the
choices before the roll come first (play/great_war/event_card.py).
"""

import gfx
from screens.base import Screen, opening_bp

from play.great_war import straight_to_battle, to_battle


def roll_and_show(ui):
    """The press that rolls: one d6 for the turn's Random Event, then the dice screen."""
    if ui.session.roll(6) is not None:
        ui.push(DiceScreen(ui))


class DiceScreen(Screen):
    """The d6 just rolled, with pips, and what the card says for it."""

    name = "dice"
    title = "Random Event d6"

    def __init__(self, ui):
        super().__init__(ui)
        # what the next press enters, the combat rounds played: "winner", "bp", or None (OK: the mat)
        self.battle = straight_to_battle(ui)
        if self.battle == "bp":
            self.repeat = ("UP", "DOWN")  # a hold counts CP's BP on, in the entry it opens

    def ahead(self):
        return None if self.battle is None else "BattleEntry"  # the BP, or the capture after a winner

    def draw(self, fb):
        super().draw(fb)
        game = self.session.game
        rolls = game.state.current.re_rolls
        if not rolls:
            gfx.text(fb, "Not rolled", 0, 20)
            gfx.text(fb, "BACK", 0, 56)
            return
        face = rolls[-1]
        meaning = game.re_result(face)
        beside = gfx.wrap(meaning, 10) if meaning else ()
        if len(beside) > 3:  # too long beside the die: across the panel, whole (the card check's 5 lines)
            for row, line in enumerate(gfx.wrap("%d: %s" % (face, meaning))):
                gfx.text(fb, line, 0, 12 + row * 9)
        elif meaning:
            gfx.die(fb, face, 0, 12, 40)
            gfx.text(fb, str(face), 48, 12, 2)
            for row, line in enumerate(beside):
                gfx.text(fb, line, 48, 29 + row * 9)
        else:
            gfx.die(fb, face, 0, 12, 40)
            gfx.text(fb, str(face), 56, 14, 3)
            gfx.text(fb, "see card", 48, 42)
        if self.battle == "winner":
            footer = "Won? ^CP vEA"
        elif self.battle == "bp":  # where CP's number opens, so that a press there can count it on
            footer = "OK/^v: CP BP %d" % opening_bp(game.state)
        else:
            footer = "OK next"
        gfx.text(fb, footer, 0, 56)

    def key(self, button, kind):
        ui = self.ui
        if button == "BACK":
            if kind == "SHORT":
                ui.pop()
            return
        # held as long as the mat's "hold OK: on to the battle" asks, a press here does the same
        if kind not in ("SHORT", "LONG") or (button != "OK" and self.battle is None):
            return
        ui.pop()
        if self.battle is None:
            return  # the mat: the Attack card to mark (7.10), or solitaire's rounds and the AI's steps
        to_battle(ui)
        if button == "OK" or ui.session.game.state.phase != "battle":
            return
        if self.battle == "winner":
            ui.session.press()  # a step of its own: an undo takes the winner back, not the rounds
            ui.session.act("win", "CP" if button == "UP" else "EA")
        else:
            ui.bring = None
            import screens

            entry = screens.BattleEntry(ui)
            ui.push(entry)
            entry.adjust(button)
