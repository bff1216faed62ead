"""The end of the game: both totals, the winner, the margin and the level (3.5)."""

import gfx
from screens.base import Screen


class GameOver(Screen):
    name = "over"
    title = "GAME OVER 3.5"

    def draw(self, fb):
        super().draw(fb)
        state = self.session.game.state
        totals, winner, margin, level = state.result
        gfx.text(fb, "CP %d  EA %d" % (totals["CP"], totals["EA"]), 0, 12)
        if winner and state.solo is not None:  # solitaire: yours or the AI's
            gfx.centered(fb, "YOU WIN" if winner == state.solo else "AI WINS", 24, 2)
        elif winner:
            gfx.centered(fb, winner + " WINS", 24, 2)
            gfx.text(fb, "by %d: %s" % (margin, level), 0, 44)
        else:
            gfx.centered(fb, "DRAW", 24, 2)
            gfx.text(fb, "margin %d (0-9)" % margin, 0, 44)
        reason = state.end[0]
        gfx.text(fb, "3.4 no Nat card" if reason == "no_nat" else "after turn %d" % state.turn, 0, 55)

    def key(self, button, kind):
        if kind == "SHORT" and button in ("OK", "BACK"):
            self.ui.pop()
