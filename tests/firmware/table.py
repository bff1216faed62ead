"""A player at the device: buttons pressed through their pins, the screen read as drawn.

    table = Table.fresh()            # a formatted flash, a booted device
    table.press("OK")                # 80 ms on the pin; the loop runs as on the board
    table.hold("BACK")               # 800 ms: a long press
    assert "OK roll d6" in table.text()

The device's loop (`UI.step`) runs every 5 ms of simulated time, as the
firmware's poll does, so presses go through the debouncer and its
interrupts, never straight into a screen. What the screen shows is
recorded here, in the test, by watching the drawing calls of each frame:
each text with its place and size, for the layout checks.
"""

# isort: off
from tests.firmware import rig  # the simulated machine and paths, before any firmware module loads
import gfx

from bench.scripted_game import number
from bench.stand_ins import Flag

# isort: on

CHAR = 8
DESCENDERS = "gjpqy,;"
GAP = 3  # px between texts on the same line
FOOTERS = ("OK yes  BACK no",)  # what stays put below a scrolling question
DRAW = (gfx.text, gfx.die, gfx.toast)  # the firmware's own, before any table wraps them


class Table:
    def __init__(self, ui, chip=None, flash=None):
        self.ui = ui
        self.chip = chip
        self.flash = flash
        self.frame = []  # (text, x, y, scale) drawn in the latest frame
        self.frames = 0
        self.wake = Flag()  # what asyncio.ThreadSafeFlag is on the board: set by each button edge
        self.wakeups = 0  # steps the loop took
        ui.buttons.wake = self.wake
        self._watch()
        self.run(50)

    @classmethod
    def fresh(cls, seed=7, at=0x3C):
        flash = rig.blank_flash()
        rig.mount(flash, format_first=True)
        ui, chip = rig.new_ui(seed, at)
        return cls(ui, chip, flash)

    def restart(self, seed=7):
        """The device boots again on the same flash (a power cycle between two steps)."""
        ui, chip = rig.new_ui(seed)
        return Table(ui, chip, self.flash)

    def _watch(self):
        table = self
        draw_text, draw_die, draw_toast = DRAW
        render = self.ui.render

        def text(fb, s, x, y, scale=1, color=1):
            table.frame.append((s, x, y, scale))
            draw_text(fb, s, x, y, scale, color)

        def die(fb, face, x, y, size=40):
            table.frame.append(("d6=%d" % face, x, y, 0))
            draw_die(fb, face, x, y, size)

        def toast(fb, message, must_read):
            first = len(table.frame)
            draw_toast(fb, message, must_read)
            top = min(y for _, _, y, _ in table.frame[first:]) - 2
            table.frame.insert(first, ("", 0, top, -1))  # the box hides what was drawn below `top`

        def rendered():
            count = table.ui.count
            if table.ui.dirty or count is None:
                table.frame = []
            else:  # a count draws only its digits again: the rest of the frame stays as it was
                table.frame = [t for t in table.frame if t[2] != count[1] or t[3] <= 1]
            table.frames += 1
            render()

        gfx.text = text
        gfx.die = die
        gfx.toast = toast
        self.ui.render = rendered

    def run(self, ms):
        """Let `ms` pass as the board's loop lets it (runtime.py): it sleeps until a button edge
        wakes it or the UI has something due, then steps."""
        end = rig.CLOCK.now + ms
        while True:
            if self.wake.state:  # an edge while it slept: it runs at once
                self.wake.state = False
                self.ui.step()
                self.wakeups += 1
                continue
            wait = self.ui.due(rig.CLOCK.now & 0x3FFFFFFF)  # (the board also wakes to feed its watchdog)
            if wait is None or rig.CLOCK.now + wait > end:
                rig.allow(end - rig.CLOCK.now)
                return
            rig.allow(wait)
            self.ui.step()
            self.wakeups += 1

    def _pin(self, button, level):
        rig.machine.Pin.pins[rig.PINS[button]].set_level(level)

    def press(self, button, ms=80, settle=60):
        self._pin(button, 0)
        self.run(ms)
        self._pin(button, 1)
        self.run(settle)

    def presses(self, button, times):
        for _ in range(times):
            self.press(button)

    def hold(self, button, ms=800):
        self.press(button, ms)

    def play(self, script):
        for button, ms in script:
            self.press(button, ms)

    def number(self):
        """The big number of the entry on top, as shown."""
        shown = [s for s, _, _, scale in self.frame if scale > 1 and s.isdigit()]
        assert len(shown) == 1, self.frame
        return int(shown[0])

    def enter(self, value):
        """Set the entry's number to `value` from where it opened, as a player does: a tap or a hold."""
        self.play(number(value, start=self.number()))
        assert self.number() == value, (value, self.frame)

    def read_all(self):
        """Every line of the message or question on top, scrolled through with DOWN, title first."""
        title = [s for s, _, y, scale in self.frame if y < 10]
        lines = []
        offer = []  # what OK does, pinned at a long message's foot: read once, at the end
        for _ in range(120):
            body = [s for s, _, y, scale in self.frame if y >= 10 and scale == 1 and s not in FOOTERS]
            if body and body[-1].startswith("OK: ") and self.ui.top().name != "confirm":
                offer = [body.pop().replace(" ^v", "")]
            # each DOWN scrolls a line: keep what is new at the bottom
            overlap = max([n for n in range(len(body) + 1) if lines[len(lines) - n :] == body[:n]] or [0])
            lines += body[overlap:]
            before = self.frame
            self.press("DOWN")
            if self.frame == before:
                break
        return " ".join(title + lines + offer).replace("- ", "-")  # a word wrapped at its hyphen, whole again

    def guidance(self):
        """DOWN on the mat opens the phase's guidance: read every line of it, then BACK to the mat."""
        self.press("DOWN")
        said = self.read_all()
        while self.screen() != "mat":
            self.press("BACK")
        return said

    # -- what the player sees ---------------------------------------------------

    def text(self):
        return " ".join(s for s, _, _, scale in self.frame if scale > 0)

    def status(self):
        """The bottom line of the Battle Mat (or of any screen): its last text at y >= 55."""
        low = [s for s, _, y, scale in self.frame if scale == 1 and y >= 55]
        return low[-1] if low else ""

    def screen(self):
        return self.ui.top().name

    def state(self):
        return self.ui.session.game.state_dict()

    def shown(self):
        """The texts the panel shows: those a message box drawn later covers are left out."""
        out = []
        for s, _, y, scale in self.frame:
            if scale == -1:  # a message box covers the bottom from y on
                out = [(t, ty, h) for t, ty, h in out if ty + h <= y]
            elif scale:
                out.append((s, y, CHAR * scale))
        return [t for t, _, _ in out]

    def layout_faults(self):
        """Text that runs off the 128x64 panel or over other text in the latest frame."""
        boxes = []
        faults = []
        for s, x, y, scale in self.frame:
            if scale == -1:  # a message box covers the bottom from y on
                boxes = [b for b in boxes if b[2] + b[4] <= y]
                continue
            if not scale:
                continue
            w, h = len(s) * CHAR * scale, CHAR * scale
            if x < 0 or y < 0 or x + w > 128 or y + h > 64:
                faults.append("%r at (%d,%d) runs off the panel" % (s, x, y))
                continue
            if not any(c in DESCENDERS for c in s):
                h -= scale  # the font's last row is ink only for descenders
            for other, ox, oy, ow, oh in boxes:
                # side by side, two texts need a gap, or "First Defender" "EA" reads "First DefenderEA"
                if x < ox + ow + GAP and ox < x + w + GAP and y < oy + oh and oy < y + h:
                    faults.append("%r overlaps or touches %r" % (s, other))
            boxes.append((s, x, y, w, h))
        return faults
