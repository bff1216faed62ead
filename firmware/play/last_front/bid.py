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

    def _last_piles(self, battle):
        for seat, _, dug in reversed(battle.bids):
            if seat == self.seat:
                return dug or 0
        return 0

    def draw(self, fb):
        name = self.session.game.state.players[self.seat]
        if self.piles is None:
            gfx.bar(fb, 0, (name + " bids")[:16])
            number(fb, self.value, self.NUMBER_Y, 3)
            gfx.text(fb, "least %d" % self.low, 0, 46)
            gfx.text(fb, "^v set  OK bid", 0, 56)
        else:
            gfx.bar(fb, 0, ("%s dug in" % name)[:16])
            number(fb, self.piles, self.NUMBER_Y, 3)
            gfx.text(fb, "piles of %d of %d" % (PILE, self.value), 0, 46)
            gfx.text(fb, "^v set  OK bid", 0, 56)

    def key(self, button, kind):
        if kind not in ("SHORT", "REPEAT"):
            return
        if button in ("UP", "DOWN"):
            if self.piles is None:
                self.value = count(self.ui, button, self.value, self.NUMBER_Y, 3, self.low, BID_MAX)
            else:
                self.piles = count(self.ui, button, self.piles, self.NUMBER_Y, 3, 0, self.value // PILE)
        elif button == "OK" and kind == "SHORT":
            if self.dig and self.piles is None:  # "Digging in": piles of exactly 10 within the bid
                self.piles = min(self._last_piles(self.session.game.state.battle), self.value // PILE)
                self.ui.dirty = True
                return
            dug = self.piles or None
            if self.session.act("bid", self.seat, self.value, dug):
                self.ui.pop()
        elif button == "BACK" and kind == "SHORT":
            self.ui.pop()
