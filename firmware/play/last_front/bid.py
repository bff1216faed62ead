"""Last Front's bid entry: the new bid of the player whose turn it is, opening at the least
that beats the last (Game Play: "at least one (1) higher"), and with the "Digging in" rule
played, how many piles of 10 of it are dug in."""

import gfx
from screens.base import Screen, count, number

from shared_engine.last_front.actions import BID_MAX, PILE


class FrontBid(Screen):
    name = "front-bid"
    repeat = ("UP", "DOWN")
    NUMBER_Y = 22

    def __init__(self, ui, raise_by=1):
        super().__init__(ui)
        state = self.session.game.state
        battle = state.battle
        self.seat = battle.turn
        self.low = battle.high + 1
        self.value = battle.high + raise_by
        self.dig = state.dig
        self.piles = None  # asked after the bid, when digging in is played

    def _had(self):
        from shared_engine.last_front.rules import dug_in

        return dug_in(self.session.game.state.battle, self.seat)

    def draw(self, fb):
        name = self.session.game.state.players[self.seat]
        if self.piles is None:
            gfx.bar(fb, 0, name + " bids")  # a name of at most 10 letters: never cut
            number(fb, self.value, self.NUMBER_Y, 3)
            gfx.text(fb, "least %d" % self.low, 0, 46)
            gfx.text(fb, "^v set  OK bid", 0, 56)
        else:
            gfx.bar(fb, 0, "Piles of %d" % PILE)
            fits = len(name) <= 9  # "Alexandra0 dug in" is a letter too long: its words go below
            gfx.text(fb, name + " dug in" if fits else name, 0, 12)
            number(fb, self.piles, self.NUMBER_Y, 3)
            gfx.text(fb, ("in a bid of %d" if fits else "dug in, bid %d") % self.value, 0, 46)
            gfx.text(fb, "^v set  OK bid", 0, 56)

    def key(self, button, kind):
        if kind not in ("SHORT", "REPEAT"):
            return
        if button in ("UP", "DOWN"):
            if self.piles is None:
                self.value = count(self.ui, button, self.value, self.NUMBER_Y, 3, self.low, BID_MAX)
            else:  # dug-in piles remain in the bid: no fewer than before
                self.piles = count(self.ui, button, self.piles, self.NUMBER_Y, 3, self._had(), self.value // PILE)
        elif button == "OK" and kind == "SHORT":
            had = self._had() if self.dig else 0
            # "Digging in": piles of exactly 10 within the bid, asked only when a new one fits
            if self.dig and self.piles is None and self.value // PILE > had:
                self.piles = had
                self.ui.dirty = True
                return
            dug = (had if self.piles is None else self.piles) or None
            if self.session.act("bid", self.seat, self.value, dug):
                self.ui.pop()
        elif button == "BACK" and kind == "SHORT":
            self.ui.pop()
