"""The Random Event phase (7.7): the Defender's d6, rolled and shown.

No screen rolls when it is built: the d6 is rolled by the press on a line
that says so, and the dice screen only shows what was rolled. With card data,
the card drawn and the choices before the roll come first (screens/event_card.py).
"""

import gfx

from screens.base import Screen


def roll_and_show(ui):
    """The press that rolls: one d6 for the turn's Random Event, then the dice screen."""
    if ui.session.roll(6) is not None:
        ui.push(DiceScreen(ui))


class DiceScreen(Screen):
    """The d6 just rolled, with pips, and what the card says for it."""

    name = "dice"
    title = "Random Event d6"

    def draw(self, fb):
        super().draw(fb)
        game = self.session.game
        rolls = game.state.current.re_rolls
        if not rolls:
            gfx.text(fb, "Not rolled", 0, 20)
            gfx.text(fb, "BACK", 0, 56)
            return
        face = rolls[-1]
        gfx.die(fb, face, 0, 12, 40)
        meaning = game.re_result(face)
        if meaning:
            gfx.text(fb, str(face), 48, 12, 2)
            for row, line in enumerate(gfx.wrap(meaning, 10)[:3]):
                gfx.text(fb, line, 48, 29 + row * 9)
        else:
            gfx.text(fb, str(face), 56, 14, 3)
            gfx.text(fb, "see card", 48, 42)
        gfx.text(fb, "OK next", 0, 56)

    def key(self, button, kind):
        if kind != "SHORT":
            return
        ui = self.ui
        if button == "OK":
            ui.pop()
            ui.session.act("next")
        elif button == "BACK":
            ui.pop()
