"""The kinds of screen the menus and dialogs build on: a list to choose from, number entry, text to read.

Loaded with the screens that use them, and dropped with them back on the mat
(lazy.ON_MAT), which needs none of these.
"""

import gfx

from screens.base import NUMBER_MAX, Screen, count, number


class ListScreen(Screen):
    """A scrolling list: UP/DOWN move, OK chooses, BACK leaves."""

    ROWS = 6

    def __init__(self, ui):
        super().__init__(ui)
        self.index = 0

    def items(self):
        return []  # (label, value text or "", action or None)

    def draw(self, fb):
        super().draw(fb)
        items = self.items()
        if not items:
            gfx.text(fb, "(none)", 0, 12)
            return
        self.index = min(self.index, len(items) - 1)
        # The chosen row is shown whole, over up to 3 lines ("Japanese Destroyer Squadron"):
        # the rows around it give way. A label cut short keeps a space before its value.
        label, value, _ = items[self.index]
        chosen = gfx.wrap(label, 15 - len(value) if value else 16)[:3]
        shown = self.ROWS - len(chosen) + 1
        top = max(0, min(self.index - shown // 2, len(items) - shown))
        y = 10
        for i in range(top, min(top + shown, len(items))):
            label, value, _ = items[i]
            selected = i == self.index
            lines = chosen if selected else [label[: 15 - len(value)] if value else label[:16]]
            color = 1
            if selected:
                fb.fill_rect(0, y, 128, 9 * len(lines), 1)
                color = 0
            for line in lines:
                gfx.text(fb, line, 0, y + 1, 1, color)
                y += 9
            if value:
                gfx.text(fb, value, 128 - gfx.width(value), y - 8, 1, color)

    def key(self, button, kind):
        items = self.items()
        if kind not in ("SHORT", "REPEAT"):
            return
        if button == "UP" and items:
            self.index = (self.index - 1) % len(items)
        elif button == "DOWN" and items:
            self.index = (self.index + 1) % len(items)
        elif button == "OK" and items:
            action = items[self.index][2]
            if action:
                action()
        elif button == "BACK":
            self.ui.pop()


class NumberEntry(Screen):
    """Big digits; UP/DOWN step by 1 and repeat when held, faster the longer."""

    name = "number"
    NUMBER_Y = 24
    repeat = ("UP", "DOWN")

    def __init__(self, ui, title, prompt, value=0, low=0, high=NUMBER_MAX, done=None):
        super().__init__(ui)
        self.title = title
        self.prompt = prompt
        self.value = value
        self.low = low
        self.high = high
        self.done = done

    def draw(self, fb):
        super().draw(fb)
        gfx.text(fb, self.prompt, 0, 11)  # never cut: the layout test finds a prompt too long
        number(fb, self.value, self.NUMBER_Y, 3)
        gfx.text(fb, "^v set  OK enter", 0, 56)

    def key(self, button, kind):
        if kind not in ("SHORT", "REPEAT"):
            return
        if button in ("UP", "DOWN"):
            self.value = count(self.ui, button, self.value, self.NUMBER_Y, 3, self.low, self.high)
        elif button == "OK":
            self.done(self.value)
        elif button == "BACK":
            self.ui.pop()


ROWS = 6  # a message's rows under its title


class Message(Screen):
    """Text to read; UP/DOWN scroll, OK or BACK leave. Its last line says what OK does:
    "OK: close", or `then`'s words when OK goes on to something (then: (words, action))."""

    name = "message"

    def __init__(self, ui, title, text, then=None):
        super().__init__(ui)
        self.title = title
        self.lines = []
        for paragraph in text.split("\n"):
            self.lines.extend(gfx.wrap(paragraph) or [""])
        self.then = then
        self.lines.append("OK: " + (then[0] if then else "close"))
        self.top = 0

    def _shown(self):
        """The rows on the panel: all of a short text; of a longer one, 5 rows from `top` and what
        OK does pinned at the foot, so that it is offered at once, not after scrolling to it."""
        lines = self.lines
        if len(lines) <= ROWS:
            return lines
        offer = lines[-1] + " ^v"  # and that UP and DOWN scroll, where the line has room
        return lines[self.top : self.top + ROWS - 1] + [offer if gfx.width(offer) <= 128 else lines[-1]]

    def draw(self, fb):
        super().draw(fb)
        for row, line in enumerate(self._shown()):
            gfx.text(fb, line, 0, 11 + row * 9)

    def key(self, button, kind):
        if kind not in ("SHORT", "REPEAT"):
            return
        if button == "DOWN" and self.top + ROWS < len(self.lines):
            self.top += 1
        elif button == "UP" and self.top:
            self.top -= 1
        elif button in ("OK", "BACK") and kind == "SHORT":
            self.ui.pop()
            if button == "OK" and self.then:
                self.then[1]()
