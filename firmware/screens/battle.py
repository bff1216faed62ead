"""Battle Resolution (7.14, 7.18) and the final count of hands (3.2).

A whole battle, entering both sides' face-up BP: set CP's (hold UP to count
up fast), OK; EA's, OK; the winner shows (the Defender wins ties). Entering
the winner only (Settings, "Battles"; or hold OK on the first BP for this
battle): UP/DOWN pick the winner, the Defender already picked, OK. Then the
captured BP is set, OK, which also moves the game on to the draw.
"""

import gfx

from screens.base import Screen, count, number
from shared_engine.sides import other

FOOTER = "^v set  OK enter"
# On a page boundary (8 rows), the big number spans two of the panel's pages, not three:
# each count of a hold has a page fewer to scan for changes.
NUMBER_Y = 32
SIDES = ("CP", "EA")


class TwoNumbers(Screen):
    """One number per side (CP, then EA), with big digits and auto-repeat."""

    repeat = ("UP", "DOWN")

    def __init__(self, ui, first=None):
        super().__init__(ui)
        self.values = [0, 0]
        self.side = 0
        if first is not None:  # the first number, confirmed before a power cut: on to the second
            self.values[0] = first
            self.side = 1

    def key(self, button, kind):
        if kind not in ("SHORT", "REPEAT"):
            return
        if button in ("UP", "DOWN"):
            self.adjust(button)
        elif button == "BACK":
            if self.side:
                self.side = 0
            else:
                self.ui.pop()
        elif button == "OK" and kind == "SHORT":
            if not self.side:
                self.confirm_first()
            else:
                self.enter()

    def confirm_first(self):
        """OK on the first number: on flash before the screen moves on to the second."""
        session = self.session
        try:
            if session.journal is None:
                raise OSError("no game file")
            session.journal.put_draft(len(session.game.actions), self.values[0])
        except (OSError, MemoryError) as e:
            self.ui.warn("Not saved, so not done: %s" % e)
            return
        self.side = 1

    def adjust(self, button):
        self.values[self.side] = count(self.ui, button, self.values[self.side], NUMBER_Y, 2)

    def enter(self):
        raise NotImplementedError  # each entry screen says what its two numbers do


class BattleEntry(TwoNumbers):
    name = "battle"

    def __init__(self, ui, first=None):
        super().__init__(ui, first)
        self.captured = 0
        # the winner alone (the Defender picked first), or both sides' BP; hold OK swaps for this battle
        self.winner_only = ui.settings["battles"] == "winner" and first is None
        self.picked = ui.session.game.state.defender

    def capturing(self):
        return self.session.game.state.current.winner is not None

    def draw(self, fb):
        state = self.session.game.state
        turn = state.current
        if self.capturing():
            self._draw_capture(fb, turn)
            return
        gfx.bar(fb, 0, "Battle 7.14")
        if self.winner_only:
            gfx.text(fb, "Who won?", 0, 11)
            for row, side in enumerate(SIDES):
                y = 22 + row * 11
                label = "%s %s" % (side, "Defender" if side == state.defender else "Attacker")
                chosen = side == self.picked
                if chosen:
                    fb.fill_rect(0, y - 1, 128, 10, 1)
                gfx.text(fb, label, 8, y, 1, 0 if chosen else 1)
            gfx.text(fb, "hold OK: BP", 0, 46)
            gfx.text(fb, "^v pick OK enter", 0, 56)
            return
        side = SIDES[self.side]
        gfx.text(fb, "%s (%s):" % (side, "Defender" if side == state.defender else "Attacker"), 0, 11)
        gfx.text(fb, "face-up BP", 0, 20)
        number(fb, self.values[self.side], NUMBER_Y, 2)
        if not self.side:
            gfx.text(fb, "hold OK: winner", 0, 48)
        gfx.text(fb, FOOTER, 0, 56)

    def _draw_capture(self, fb, turn):
        gfx.bar(fb, 0, "Capture 7.18")
        winner = turn.winner
        if turn.bp is None:  # the winner alone was entered
            said = "%s won" % winner
        else:
            cp, ea = turn.bp
            said = "%d-%d tie: %s" % (cp, ea, winner) if cp == ea else "%d-%d %s wins" % (cp, ea, winner)
        gfx.text(fb, said, 0, 10)
        # 7.14: the loser's played Nationality cards, face-down ones and Nationality Jokers too
        gfx.text(fb, "%s Nat+Joker BP" % other(winner), 0, 19)
        number(fb, self.captured, NUMBER_Y, 2)
        gfx.text(fb, "even face-down", 0, 48)
        gfx.text(fb, FOOTER, 0, 56)

    def adjust(self, button):
        if self.capturing():
            self.captured = count(self.ui, button, self.captured, NUMBER_Y, 2)
        else:
            super().adjust(button)

    def key(self, button, kind):
        if self.capturing():
            if kind == "SHORT" and button in ("OK", "BACK"):
                self.enter() if button == "OK" else self.ui.pop()
            else:
                super().key(button, kind)
        elif button == "OK" and kind == "LONG" and not self.side:
            self.winner_only = not self.winner_only  # this battle only: the setting stays
            self.ui.dirty = True
        elif self.winner_only:
            if kind != "SHORT":
                return
            if button in ("UP", "DOWN"):
                self.picked = other(self.picked)
            elif button == "OK":
                self.ui.session.act("win", self.picked)
            elif button == "BACK":
                self.ui.pop()
        else:
            super().key(button, kind)

    def enter(self):
        ui = self.ui
        if not self.capturing():
            ui.session.act("bp", self.values[0], self.values[1])
            return
        winner = ui.session.game.state.current.winner
        if ui.session.act("capture", self.captured, None):
            ui.pop()
            totals = ui.session.game.state.captured
            ui.say("%s +%d BP: CP %d EA %d" % (winner, self.captured, totals["CP"], totals["EA"]))


class HandsEntry(TwoNumbers):
    """3.2: BP of friendly Nationality cards still in each hand."""

    name = "hands"

    def draw(self, fb):
        gfx.bar(fb, 0, "Final score 3.2")
        side = SIDES[self.side]
        gfx.text(fb, "%s BP in hand" % side, 0, 11)
        gfx.text(fb, "Nationality only", 0, 20)
        number(fb, self.values[self.side], NUMBER_Y, 2)
        # the table's choice for the last turn: by the ruling there is no 7.19 draw after it
        gfx.text(fb, "drew after last" if self.ui.settings["last_draw"] else "no last draw", 0, 48)
        gfx.text(fb, FOOTER, 0, 56)

    def enter(self):
        ui = self.ui
        if ui.session.act("hand", self.values[0], self.values[1]):
            ui.pop()  # the session's moment brings the result
