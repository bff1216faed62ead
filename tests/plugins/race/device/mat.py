"""Race's mat: both scores and the target; UP scores for P1, DOWN for P2, BACK the menu."""

import gfx
import screens
from screens.base import Screen


class RaceMat(Screen):
    name = "race-mat"

    def draw(self, fb):
        state = self.session.game.state
        gfx.bar(fb, 0, "Race to %d" % state.target)
        for column, player in enumerate(("P1", "P2")):
            gfx.text(fb, player, column * 66, 12)
            gfx.text(fb, str(state.scores[player]), column * 66, 22, 3)
        fb.hline(0, 54, 128, 1)
        status = "%s won  OK end" % state.winner if state.phase == "over" else "^P1 +1  vP2 +1"
        gfx.text(fb, status, 0, 56)

    def key(self, button, kind):
        if kind != "SHORT":
            return
        ui = self.ui
        if button == "BACK":
            ui.push(screens.Menu(ui))
        elif self.session.game.state.phase == "over":
            if button == "OK":
                ui.show_moment()
        elif button == "UP":
            self.session.act("point", "P1", 1)
        elif button == "DOWN":
            self.session.act("point", "P2", 1)
