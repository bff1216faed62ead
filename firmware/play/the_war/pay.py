"""The War's payment calculator: can this cost be paid from the untapped resources, and how.

Resource cards: a missing resource is made from two of the other types, a made one is not
made again, and a red-marked part is paid only by cards of its own type. A calculator beside
the cards: it never blocks play (shared_engine/the_war/payment.py does the sums).
"""

import gfx
from screens.base import Screen

from shared_engine.the_war.payment import TYPES, says

ROWS = ("cost", "red", "have")


class PayCalculator(Screen):
    """Nine numbers (the cost, its red part, the untapped resources, each by D, P and F): UP and
    DOWN set the one marked, OK moves on to the next; the answer shows as they change."""

    name = "pay"
    title = "Pay calculator"
    repeat = ("UP", "DOWN")

    def __init__(self, ui):
        super().__init__(ui)
        self.values = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
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
        cost, red, have = (tuple(v) for v in self.values)
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
