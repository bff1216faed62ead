"""The Random Event roll (7.7): the Defender's d6, with pips, and what it means."""

import gfx

from screens.base import Screen


class DiceScreen(Screen):
    name = "dice"
    title = "Random Event d6"

    def __init__(self, app):
        super().__init__(app)
        app.roll_re()

    def draw(self, fb):
        super().draw(fb)
        game = self.app.game
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
        if len(rolls) > 1:
            gfx.text(fb, "#%d" % len(rolls), 104, 12)
        gfx.text(fb, "OK next ^ again", 0, 56)

    def key(self, button, kind):
        if kind != "SHORT":
            return
        app = self.app
        if button == "OK":
            app.pop()
            app.act("next")
        elif button == "UP":
            app.roll_re()
        elif button == "BACK":
            app.pop()
