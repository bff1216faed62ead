"""What every screen shares, the mat included: the base screen, counting a big number, yes/no.

The other kinds of screen (a list, number entry, text to read) are in
screens/widgets.py, loaded with the screens that use them: the mat needs none.
"""

import gfx

NUMBER_MAX = 999  # an entry's number at most: far above any real one (the engine's BP_MAX too)


def count(ui, button, value, y, scale, low=0, high=NUMBER_MAX, limit=None):
    """UP/DOWN by one on a big number centred at row y, stopping at low and high: a hold that
    runs into a limit stays there (a wrap from 7 to 999 would be a number nobody meant). `limit`:
    news said when a press meets a limit, saying why it stops there.

    Every number entry counts so, and draws its number as number() does: a
    hold counts many times a second, and the UI then redraws only the digits
    (the box of the wider of the old and the new number), not the screen.
    """
    after = value + 1 if button == "UP" else value - 1
    if after < low or after > high:
        if limit:
            ui.say(limit)
        return value
    ui.counted(after, y, scale, max(_digits(value), _digits(after)) * gfx.CHAR * scale)
    return after


def number(fb, value, y, scale):
    """The big number of an entry, as count() redraws it."""
    gfx.centered(fb, str(value), y, scale)


def _digits(n):
    # not len(str(n)): every str MicroPython makes is looked up among the interned names
    digits = 1
    while n >= 10:
        n //= 10
        digits += 1
    return digits


# Where CP's face-up BP opens at the game's first battle, with none before it to go by: about the
# middle of what a side shows in real games (7-22).
FIRST_BP = 12


def last_of(track, field):
    """The newest value of a turn record's field among the turns played, or None."""
    for turn in reversed(track):
        value = getattr(turn, field)
        if value is not None:
            return value
    return None


def opening_bp(state):
    """Where CP's face-up BP opens (the battle's entry, and the d6 screen that says it): at the
    last battle's. Here, not with the entry, so that the d6 screen can say it without its code."""
    bp = last_of(state.track, "bp")
    return FIRST_BP if bp is None else bp[0]


class Screen:
    name = "screen"
    title = ""
    repeat: tuple = ()  # buttons that auto-repeat here (number entry)
    newsworthy = True  # news (a toast) may cover it; a rule the table must act on now is not covered
    # what a button does here that the screen's own words do not say: ((button, words), ...), for
    # the phone page's screen reader (a hint on the panel, "OK roll d6", says it first)
    keys: tuple = ()

    def steps_back(self):
        """A hold of BACK is this screen's own now; else it undoes the last press (the UI's)."""
        return False

    def ahead(self):
        """The screen (its name in screens/) the next press here most likely opens, whose code the
        UI reads in a pause so that the press does not wait for it; None: none."""
        return None

    def __init__(self, ui):
        self.ui = ui  # the screen stack and messages
        self.session = ui.session  # the game: what a screen shows, and where its actions go

    def draw(self, fb):
        gfx.bar(fb, 0, self.title)

    def key(self, button, kind):
        if button == "BACK" and kind == "SHORT":
            self.ui.pop()


class Confirm(Screen):
    """A destructive choice: OK does it, BACK keeps things as they are."""

    name = "confirm"
    title = "Are you sure?"

    def __init__(self, ui, question, then):
        super().__init__(ui)
        self.lines = gfx.wrap(question)
        self.then = then
        self.top = 0

    def draw(self, fb):
        super().draw(fb)
        for row, line in enumerate(self.lines[self.top : self.top + 4]):
            gfx.text(fb, line, 0, 11 + row * 9)
        gfx.text(fb, "OK yes  BACK no", 0, 56)

    def key(self, button, kind):
        if kind != "SHORT":
            return
        if button == "DOWN" and self.top + 4 < len(self.lines):
            self.top += 1
        elif button == "UP" and self.top:
            self.top -= 1
        elif button == "OK":
            self.ui.pop()
            self.then()
        elif button == "BACK":
            self.ui.pop()
