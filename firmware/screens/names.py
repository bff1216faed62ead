"""The players' names, entered on the device: the seats in order from the dealer (the names
setting, which `adjutant settings names=...` sets too). A name is spelt a letter at a time:
UP and DOWN choose the letter at the cursor, OK moves on, BACK takes a letter back, OK held
keeps the name."""

import gfx

from screens.base import Screen
from screens.widgets import ListScreen

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
NAME_MAX = 10  # shared_engine/last_front/actions.py NAME_MAX: a name and a bid share a line
SEATS = 6


class Seats(ListScreen):
    """Each seat and its name; OK spells it."""

    name = "seats"
    title = "Players' names"

    def items(self):
        names = self.ui.settings["names"]
        rows = []
        for seat in range(min(len(names) + 1, SEATS)):
            shown = names[seat] if seat < len(names) else "(add)"
            rows.append(("%d %s" % (seat + 1, shown), "", self._spell(seat)))
        return rows

    def _spell(self, seat):
        def spell():
            self.ui.push(NameEntry(self.ui, seat))

        return spell


class NameEntry(Screen):
    name = "name-entry"
    repeat = ("UP", "DOWN")

    def __init__(self, ui, seat):
        super().__init__(ui)
        self.seat = seat
        names = ui.settings["names"]
        self.letters = list(names[seat]) if seat < len(names) else ["A"]
        self.at = len(self.letters) - 1

    def draw(self, fb):
        gfx.bar(fb, 0, "Seat %d's name" % (self.seat + 1))
        text = "".join(self.letters)
        gfx.text(fb, text, 0, 24, 1)
        x = self.at * gfx.CHAR
        fb.fill_rect(x, 33, gfx.CHAR, 2, 1)  # the cursor under the letter UP and DOWN change
        gfx.text(fb, "^v letter BACK -", 0, 12)
        gfx.text(fb, "OK next letter", 0, 46)
        gfx.text(fb, "hold OK: keep", 0, 56)

    def key(self, button, kind):
        letters = self.letters
        if button == "OK" and kind == "LONG":
            self._keep()
            return
        if kind not in ("SHORT", "REPEAT"):
            return
        if button in ("UP", "DOWN"):
            i = LETTERS.find(letters[self.at])
            letters[self.at] = LETTERS[(i + (1 if button == "UP" else -1)) % len(LETTERS)]
        elif button == "OK" and kind == "SHORT" and len(letters) < NAME_MAX:
            letters.append("a")
            self.at += 1
        elif button == "BACK" and kind == "SHORT":
            if len(letters) > 1:
                letters.pop()
                self.at -= 1
            else:
                self.ui.pop()
                return
        self.ui.dirty = True

    def _keep(self):
        names = list(self.ui.settings["names"])
        name = "".join(self.letters)
        if name in names[: self.seat] + names[self.seat + 1 :]:
            self.ui.warn("%s sits at another seat" % name)
            return
        if self.seat < len(names):
            names[self.seat] = name
        else:
            names.append(name)
        self.ui.set("names", names)
        self.ui.pop()
