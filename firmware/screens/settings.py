"""Settings: contrast, screen sleep, rotation, the game on the table's own (its rows module's
settings_rows), and a button test."""

import gfx

from screens.base import Screen
from screens.widgets import ListScreen

CONTRASTS = (15, 63, 127, 191, 255)


def _next(options, value):
    return options[(options.index(value) + 1) % len(options)] if value in options else options[0]


class Settings(ListScreen):
    name = "settings"
    title = "Settings"

    def _contrast(self):
        self.ui.set("contrast", _next(CONTRASTS, self.ui.settings["contrast"]))

    def _sleep(self):
        from settings_file import SLEEPS

        self.ui.set("sleep", _next(SLEEPS, self.ui.settings["sleep"]))

    def items(self):
        ui = self.ui
        s = ui.settings
        sleep = s["sleep"]
        return (
            [
                ("Contrast", "%d%%" % (s["contrast"] * 100 // 255), self._contrast),
                ("Sleep", ("%dm" % (sleep // 60) if sleep >= 60 else "%ds" % sleep) if sleep else "never", self._sleep),
                ("Rotate", "%d" % s["rotate"], lambda: ui.set("rotate", 180 - s["rotate"])),
            ]
            + self._game_rows()
            + [
                ("Button test", "", lambda: ui.push(ButtonTest(ui))),
            ]
        )

    def _game_rows(self):
        from shared_engine.games import DEVICE, entry

        rows = __import__(entry(self.ui.session.play.GAME)[DEVICE] + ".rows", None, None, ("menu",))
        own = getattr(rows, "settings_rows", None)
        return own(self.ui) if own else []


class ButtonTest(Screen):
    """Shows each button's events; hold BACK to leave (short BACK is tested too)."""

    name = "buttons"
    title = "Button test"

    def steps_back(self):
        return True  # a hold of BACK leaves

    def __init__(self, ui):
        super().__init__(ui)
        self.seen = []

    def draw(self, fb):
        super().draw(fb)
        for row, line in enumerate(self.seen[-4:]):
            gfx.text(fb, line, 0, 12 + row * 9)
        gfx.text(fb, "hold BACK: leave", 0, 56)

    def key(self, button, kind):
        if kind == "DOWN":
            return
        self.seen.append("%s %s" % (button, kind))
        if button == "BACK" and kind == "LONG":
            self.ui.pop()
