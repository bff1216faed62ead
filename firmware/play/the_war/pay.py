"""The War's payment calculator: can this cost be paid from the untapped resources, and how.

Resource cards: a missing resource is made from two of the other types, a made one is not
made again, and a red-marked part is paid only by cards of its own type. A calculator beside
the cards: it never blocks play (shared_engine/the_war/payment.py does the sums).
"""

import gfx
from screens.base import Screen

from shared_engine.the_war.payment import TYPES, says

# In the order OK visits them: the cost and the untapped resources first, the red part (rare) last.
ROWS = ("cost", "have", "red")


class PayCalculator(Screen):
    """Nine numbers (the cost, the untapped resources, the cost's red part, each by D, P and F):
    UP and DOWN set the one marked, OK moves on to the next; the answer shows as they change.
    It opens at the numbers of its last use in the game (kept with the play module, which stays
    all game): within a turn the untapped resources change little, and the next card's cost
    is a few presses from the last."""

    name = "pay"
    title = "Pay calculator"
    repeat = ("UP", "DOWN")

    def __init__(self, ui):
        super().__init__(ui)
        play = self.session.play
        kept = getattr(play, "pay_kept", None)
        self.values = kept if kept is not None else [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
        play.pay_kept = self.values
        self.at = 0  # which of the nine: row * 3 + type

    def draw(self, fb):
        super().draw(fb)
        for row, label in enumerate(ROWS):
            y = 11 + row * 10
            gfx.text(fb, label, 0, y)
            for t in range(3):
                x = 40 + t * 30
                text = "%s%d" % (TYPES[t], self.values[row][t])
                chosen = self.at == row * 3 + t
                if chosen:
                    fb.fill_rect(x - 1, y - 1, gfx.width(text) + 2, 9, 1)
                gfx.text(fb, text, x, y, 1, 0 if chosen else 1)
        cost, have, red = (tuple(v) for v in self.values)
        answer = says(cost, have, red) if all(red[t] <= cost[t] for t in range(3)) else "red > cost"
        for n, line in enumerate(gfx.wrap(answer)[:2]):
            gfx.text(fb, line, 0, 41 + n * 8)
        # the hint overlays nothing: the answer takes at most two lines above it
        fb.fill_rect(0, 56, 128, 8, 0)
        gfx.text(fb, "^v set  OK next", 0, 56)

    def key(self, button, kind):
        if kind not in ("SHORT", "REPEAT"):
            return
        row, t = divmod(self.at, 3)
        if button == "UP":
            self.values[row][t] = min(self.values[row][t] + 1, 20)
        elif button == "DOWN":
            self.values[row][t] = max(self.values[row][t] - 1, 0)
        elif button == "OK" and kind == "SHORT":
            self.at = (self.at + 1) % 9
        elif button == "BACK" and kind == "SHORT":
            self.ui.pop()
        self.ui.dirty = True
