"""Last Front's bid calculator (Calculating Bids): optional, beside the cards, never blocking.

Each card is its value, multiplied and divided first, then added to ("For each card:
Multiply/divide first, then add/subtract modifiers"); a Support Unit card is entered at its D
value when its player defends a territory they captured, else at its A value; a Special or
Icon card at face value is a card of that value. The total shows as the cards go in, with the
piles of 10 it could dig in when the "Digging in" rule is played (shared_engine/last_front/
calc.py does the sums).
"""

import gfx
from screens.base import Screen

from shared_engine.last_front.calc import bid, card, dig_in

FIELDS = ("value", "x", "/", "+")
LOW = (0, 1, 1, -9)
HIGH = (20, 9, 9, 20)


def _defending_own(state):
    """Whether the player whose turn it is defends a territory they captured (Battle Deck: a
    Support Unit card counts its D value then, else its A value)."""
    battle = state.battle
    return state.phase == "bid" and battle.holder is not None and battle.holder == battle.turn


class BidCalculator(Screen):
    """A card's four numbers: UP and DOWN set the one marked, OK moves on; OK on "+" adds the
    card and starts the next; BACK takes the last card back (or leaves when there is none)."""

    name = "bid-calc"
    title = "Bid calculator"
    repeat = ("UP", "DOWN")

    def __init__(self, ui):
        super().__init__(ui)
        self.cards = []
        self.now = [1, 1, 1, 0]  # the card being entered: value, multiply, divide, add
        self.at = 0

    def draw(self, fb):
        super().draw(fb)
        x = 0
        for n, field in enumerate(FIELDS):
            text = "%s%d" % ("" if n == 0 else field, self.now[n]) if n != 3 or self.now[3] < 0 else "+%d" % self.now[3]
            chosen = self.at == n
            if chosen:
                fb.fill_rect(x - 1, 10, gfx.width(text) + 2, 9, 1)
            gfx.text(fb, text, x, 11, 1, 0 if chosen else 1)
            x += gfx.width(text) + 6
        gfx.text(fb, "= %d" % card(*self.now), 96, 11)
        total = bid(self.cards)
        n = len(self.cards)
        gfx.text(fb, "%d card%s: %d" % (n, "" if n == 1 else "s", total), 0, 24, 1)
        gfx.text(fb, str(total), 0, 33, 2)
        state = self.session.game.state
        if state.dig:
            pile, lost = dig_in(total)
            gfx.text(fb, "dig 10: %d over" % lost if pile else "under 10", 48, 37)
        gfx.text(fb, "Support: %s value" % ("D" if _defending_own(state) else "A"), 0, 47)
        gfx.text(fb, "^v set  OK next", 0, 56)

    def key(self, button, kind):
        if kind not in ("SHORT", "REPEAT"):
            return
        n = self.at
        if button == "UP":
            self.now[n] = min(self.now[n] + 1, HIGH[n])
        elif button == "DOWN":
            self.now[n] = max(self.now[n] - 1, LOW[n])
        elif button == "OK" and kind == "SHORT":
            if n == 3:  # the card goes in; the next starts as plain as a card is
                self.cards.append(tuple(self.now))
                self.now = [1, 1, 1, 0]
            self.at = (n + 1) % 4
        elif button == "BACK" and kind == "SHORT":
            if self.cards:
                self.now = list(self.cards.pop())
                self.at = 0
            else:
                self.ui.pop()
        self.ui.dirty = True
