"""Battle Resolution (7.14, 7.18) and the final count of hands (3.2).

Four presses for a whole battle: set CP's face-up BP, OK; EA's, OK; the
winner shows (the Defender wins ties) and the captured BP is set, OK.
"""

import gfx

from screens.base import Screen
from shared_engine.sides import other


class TwoNumbers(Screen):
    """Enter one number per side, each with big digits and fast repeat."""

    repeat = ("UP", "DOWN")

    def __init__(self, app):
        super().__init__(app)
        self.values = [0, 0]
        self.side = 0

    def step(self):
        return "sides"

    def draw_number(self, fb, label, value):
        gfx.text(fb, label, 0, 12)
        gfx.centered(fb, str(value), 24, 3)
        gfx.text(fb, "^v set  OK enter", 0, 56)

    def adjust(self, button, value):
        if button == "UP":
            return value + 1 if value < 999 else 0
        return value - 1 if value > 0 else 999

    def key(self, button, kind):
        if kind not in ("SHORT", "REPEAT"):
            return
        step = self.step()
        if button in ("UP", "DOWN"):
            if step == "sides":
                self.values[self.side] = self.adjust(button, self.values[self.side])
            elif step == "capture":
                self.captured = self.adjust(button, self.captured)
        elif button == "BACK":
            if step == "sides" and self.side:
                self.side = 0
            else:
                self.app.pop()
        elif button == "OK" and kind == "SHORT":
            if step == "sides" and not self.side:
                self.side = 1
            else:
                self.enter(step)


class BattleEntry(TwoNumbers):
    name = "battle"
    title = "Battle 7.14"

    def __init__(self, app):
        super().__init__(app)
        self.captured = 0

    def step(self):
        turn = self.app.game.state.current
        if turn.bp is None:
            return "sides"
        return "capture" if turn.captured is None else "done"

    def draw(self, fb):
        super().draw(fb)
        state = self.app.game.state
        turn = state.current
        step = self.step()
        if step == "sides":
            side = ("CP", "EA")[self.side]
            role = "defends" if side == state.defender else "attacks"
            self.draw_number(fb, "%s BP %s" % (side, role), self.values[self.side])
            return
        winner = turn.winner
        cp, ea = turn.bp
        tie = " tie:Def" if cp == ea else ""
        gfx.text(fb, "%d-%d %s wins%s" % (cp, ea, winner, tie)[:16], 0, 11)
        if step == "capture":
            gfx.text(fb, "captured %s BP" % other(winner), 0, 20)
            gfx.centered(fb, str(self.captured), 30, 3)
            gfx.text(fb, "^v set  OK enter", 0, 56)
        else:
            gfx.text(fb, "%s +%d BP" % (winner, turn.captured), 0, 22, 2)
            gfx.text(fb, "total CP %d EA %d" % (state.captured["CP"], state.captured["EA"]), 0, 42)
            gfx.text(fb, "OK next phase", 0, 56)

    def enter(self, step):
        app = self.app
        if step == "sides":
            app.act("bp", self.values[0], self.values[1])
        elif step == "capture":
            app.act("capture", self.captured, None)
        else:
            app.pop()
            app.act("next")


class HandsEntry(TwoNumbers):
    """3.2: BP of friendly Nationality cards still in each hand."""

    name = "hands"
    title = "Final score 3.2"

    def draw(self, fb):
        super().draw(fb)
        side = ("CP", "EA")[self.side]
        self.draw_number(fb, "%s BP in hand" % side, self.values[self.side])

    def enter(self, step):
        app = self.app
        if app.act("hand", self.values[0], self.values[1]):
            app.pop()
            app.show_end()
