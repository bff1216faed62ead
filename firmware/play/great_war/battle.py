"""Battle Resolution (7.14, 7.18) and the final count of hands (3.2).

A whole battle, entering both sides' face-up BP: set CP's (hold UP to count),
OK; EA's, OK; the winner shows (the Defender wins ties). Entering the winner
only (Settings, "Battles"; or hold OK on the first BP for this battle): UP
says CP won, DOWN EA, OK the Defender. Then the captured BP is set, OK, which
also moves the game on to the draw.

Each number starts where it most likely is, so that most take one hold or
none: CP's BP at the last battle's, EA's at CP's, the capture at the share of
the loser's face-up BP that this game's captures have been (likely_capture),
else at the last capture.
"""

import gfx
from screens.base import Confirm, Screen, count, last_of, number, opening_bp

from shared_engine.great_war.actions import other

FOOTER = "^v set  OK enter"
# On a page boundary (8 rows), the big number spans two of the panel's pages, not three:
# each count of a hold has a page fewer to scan for changes.
NUMBER_Y = 32
SIDES = ("CP", "EA")
# Where the game's first capture starts, with none before it to go by: about the middle of a
# capture in real games (3-12). CP's BP opens as screens/base.py's opening_bp says.
FIRST_CAPTURE = 7


def likely_capture(state, loser_bp):
    """Where a capture opens with both BP entered: the loser's face-up BP, its Nationality cards
    most of it (7.18), in the share earlier captures of this game took of their losers' BP (the
    rest Neutral and Bonus cards, which are not captured); the first, at the whole of it."""
    captured = faced = 0
    for turn in state.track:
        if turn is not state.current and turn.bp is not None and turn.captured is not None:
            captured += turn.captured
            faced += turn.bp[1] if turn.winner == "CP" else turn.bp[0]
    if not faced:
        return loser_bp
    return (loser_bp * captured + faced // 2) // faced


class TwoNumbers(Screen):
    """One number per side (CP, then EA), with big digits and auto-repeat. A hold of BACK steps
    back one number, the first kept as confirmed; on the first it undoes, as anywhere."""

    repeat = ("UP", "DOWN")

    def steps_back(self):
        """A hold of BACK is this screen's own on the second number (back to the first); on the
        first it undoes, as anywhere (the UI's)."""
        return self.side == 1

    def __init__(self, ui, first=None, start=0):
        super().__init__(ui)
        self.values = [start, start]
        self.side = 0
        self.second = False  # the second number has a value of its own, not the first's to start at
        if first is not None:  # the first number, confirmed before a power cut: on to the second
            self.values = [first, first]
            self.side = 1
            self.second = True

    def key(self, button, kind):
        if button in ("UP", "DOWN"):
            if kind in ("SHORT", "REPEAT"):
                self.adjust(button)
        elif button == "BACK" and self.side:  # back to the first number, kept as confirmed
            if kind in ("SHORT", "LONG"):
                self.side = 0
        elif button == "BACK":
            if kind == "SHORT":
                self.ui.pop()
        elif button == "OK" and kind == "SHORT":
            if not self.side:
                self.confirm_first()
            else:
                self.enter()

    def confirm_first(self):
        """OK on the first number: on flash before the screen moves on to the second, which
        starts at the first (a battle is seldom far from even)."""
        if not self.session.keep_draft(self.values[0]):
            return
        if not self.second:
            self.values[1] = self.values[0]
            self.second = True
        self.side = 1

    def adjust(self, button):
        self.values[self.side] = count(self.ui, button, self.values[self.side], NUMBER_Y, 2)

    def enter(self):
        raise NotImplementedError  # each entry screen says what its two numbers do


def role(state, side):
    """A side's part in the battle; in solitaire, whose it is too ("You, Def", "AI, Att")."""
    defends = side == state.defender
    if state.solo is None:
        return "Defender" if defends else "Attacker"
    return "%s, %s" % ("You" if side == state.solo else "AI", "Def" if defends else "Att")


class BattleEntry(TwoNumbers):
    name = "battle"

    def __init__(self, ui, first=None):
        state = ui.session.game.state
        super().__init__(ui, first, opening_bp(state))
        undone = ui.session.game.undone
        undone = undone[-1] if undone else ()
        if undone and undone[0] == "bp" and first is None:  # an undo of the battle: shown again at EA's
            self.values = [undone[1], undone[2]]
            self.side = 1
            self.second = True
        # the capture undone (shown again at its number), else None: it starts once the winner is known
        self.captured = undone[1] if undone and undone[0] == "capture" else None
        # the winner alone, or both sides' BP; hold OK swaps for this battle
        self.winner_only = ui.settings["battles"] == "winner" and first is None and not self.side

    def steps_back(self):
        """On EA's number only: the capture's hold of BACK undoes the battle entered (the UI's)."""
        return self.side == 1 and self.session.game.state.current.winner is None

    def capturing(self):
        """The winner is known: the entry is the capture's, which starts where it most likely is."""
        state = self.session.game.state
        turn = state.current
        if turn.winner is None:
            return False
        if self.captured is None:
            if turn.bp is not None:
                self.captured = likely_capture(state, turn.bp[1] if turn.winner == "CP" else turn.bp[0])
            else:
                last = last_of(state.track, "captured")
                self.captured = FIRST_CAPTURE if last is None else last
        return True

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
                gfx.text(fb, "%s %s %s" % ("^v"[row], side, role(state, side)), 0, 22 + row * 10)
            gfx.text(fb, "OK: Defender won", 0, 45)
            gfx.text(fb, "hold OK: BP", 0, 55)
            return
        side = SIDES[self.side]
        gfx.text(fb, "%s (%s):" % (side, role(state, side)), 0, 11)
        gfx.text(fb, "face-up BP", 0, 20)
        number(fb, self.values[self.side], NUMBER_Y, 2)
        # the first side's, as confirmed; before it, how to enter the winner alone instead
        gfx.text(fb, "CP %d" % self.values[0] if self.side else "hold OK: winner", 0, 48)
        gfx.text(fb, FOOTER, 0, 56)

    def _draw_capture(self, fb, turn):
        gfx.bar(fb, 0, "Capture 7.18")
        winner = turn.winner
        solo = self.session.game.state.solo
        if turn.bp is None:  # the winner alone was entered
            said = "%s won" % winner if solo is None else "%s (%s) won" % (winner, "You" if winner == solo else "AI")
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
            if button == "UP" or button == "DOWN":
                super().key(button, kind)
            elif kind == "SHORT":
                self.enter() if button == "OK" else self.ui.pop()
        elif button == "OK" and kind == "LONG":
            if not self.side:  # this battle only: the setting stays
                self.winner_only = not self.winner_only
        elif self.winner_only:
            if kind != "SHORT":
                return
            if button == "UP" or button == "DOWN":
                self.ui.session.act("win", "CP" if button == "UP" else "EA")
            elif button == "OK":
                self.ui.session.act("win", self.session.game.state.defender)  # and ties (7.14)
            elif button == "BACK":
                self.ui.pop()
        else:
            super().key(button, kind)

    def enter(self):
        ui = self.ui
        if not self.capturing():
            cp, ea = self.values
            if cp or ea:
                ui.session.act("bp", cp, ea)
            else:  # nothing face up on either side is rare: more likely a number not yet set
                ui.push(Confirm(ui, "0-0: no face-up BP on either side? The Defender wins (7.14)", self._enter_0_0))
            return
        winner = ui.session.game.state.current.winner
        captured = self.captured or 0  # set once the winner was known (capturing())
        if ui.session.act("capture", captured, None):
            ui.pop()
            totals = ui.session.game.state.captured
            ui.say("%s +%d BP: CP %d EA %d" % (winner, captured, totals["CP"], totals["EA"]))

    def _enter_0_0(self):
        self.ui.session.act("bp", 0, 0)


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
