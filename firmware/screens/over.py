"""The end of every game, in one layout and the same words: who won, how, when, and what OK does
next. What each line says is the game's (its play module's `ending`)."""

import gfx

from screens.base import Screen


class GameOver(Screen):
    name = "over"

    def draw(self, fb):
        title, who, how, when = self.session.play.ending(self.session.game.state)
        gfx.bar(fb, 0, title)
        big = gfx.width(who, 2) <= 128  # twice the size where it fits, else whole at the panel's own
        gfx.centered(fb, who, 12 if big else 16, 2 if big else 1)
        for row, line in enumerate(how[:2]):
            gfx.text(fb, line, 0, 30 + row * 9)
        gfx.text(fb, when, 0, 47)
        gfx.text(fb, "OK: close", 0, 56)

    def key(self, button, kind):
        if kind == "SHORT" and button in ("OK", "BACK"):
            self.ui.pop()
