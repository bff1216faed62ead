"""What the player sees and presses: the screen stack, messages, sleep, drawing.

Button events come in from buttons.py and go to the screen on top; what a screen does to the
game goes through the Session (session.py), which saves it before anyone hears of it. Nothing
here waits or names a pin: runtime.py runs step() from the asyncio loop, as the tests do.
"""

from time import ticks_diff, ticks_ms

import frame
import screens
from micropython import const
from oled import RETRY_MS
from session import Session

TOAST_MS = 3000
# Idle this long, the panel dims (burn-in); a press acts at once. Dark (the sleep setting), it only wakes.
DIM_MS = 30000
DIM_CONTRAST = 0
# Work no press should wait for is done this long after the last press: folding the journal into a
# snapshot (it writes the whole log, and on a board erases a flash sector), reading code ahead.
PAUSE_MS = 1000
# What a button does now (UI.input): acts; only wakes the panel; or nothing until every button is
# up, the rest of a press that woke the panel or of two buttons pressed at once.
_AWAKE = const(0)
_ASLEEP = const(1)
_SWALLOWING = const(2)


class UI:
    def __init__(self, display, buttons, random_byte, settings, board_name="sim", now=None):
        self.display = display
        self.buttons = buttons
        self.board_name = board_name
        self.settings = settings
        # The message over the screen, or None: news goes after toast_ms or with the next press (which
        # acts); a warning (toast_ms None) stays until OK or BACK, which do nothing else.
        self.toast = None
        self.toast_at = ticks_ms()
        self.toast_ms = TOAST_MS  # type: int | None
        self.input = _AWAKE
        self.dimmed = False
        self.idle_at = ticks_ms() if now is None else now
        self.dirty = True  # the next frame draws the whole screen; or only a count's digits (see counted)
        self.count = None  # type: tuple | None  # (value, y, scale, width)
        self.at_limit = False  # the held button's count stopped at a limit: nothing of it to count back
        # What code goes at the end of a step (lazy.py), two triggers: code was loaded since the mat
        # last dropped it (boot loads some): all goes on the mat; the stack changed: the gone screens' goes.
        self.loaded = True
        self.moved = False
        self.bring = None  # the screen the game's moment asks for, opened once the key that got there returned
        self.ahead = True  # the code the next press most likely needs is to be read in the pause (Screen.ahead)
        self._apply_display_settings()
        self.session = Session(random_byte, self.warn, settings)
        self.session.subscribe(self.saved)
        self.stack = [self.session.play.mat_screen(self)]  # the game's mat (play/)
        self.session.play.reopen(self)

    def saved(self, kind):
        """The session saved an action (or began a game): redraw, and bring the screen its moment asks for."""
        self.dirty = True
        if kind == "begun":
            self.pop_to_mat()
            if self.stack[0].game != self.session.play.GAME:  # another game: its own mat
                self.stack[0] = self.session.play.mat_screen(self)
                self.loaded = True
        elif kind in self.session.play.BRINGS:
            self.show_moment()

    def undo(self):
        self._again("undo", "Nothing to undo", "Undone: ")

    def redo(self):
        self._again("redo", "Nothing to redo", "Redone: ")

    def _again(self, kind, nothing, what):
        """Undo or redo what the last press did, and say what, in the words of the phase it was made
        in: the one an undo goes back to, or the one before a redo."""
        before = self.session.game.state.phase
        action = self.session.step(kind)
        if action is None:
            game = self.session.game
            if kind == "undo" and game.settled and not game.actions:  # the window's start: the log before stands
                self.say("Undo reaches back %d presses" % self.session.reach())
            elif not (game.actions if kind == "undo" else game.undone):
                self.say(nothing)
            return
        self.pop_to_mat()
        self.loaded = True  # the words' code goes again on the mat
        words = self.session.play.describe(action, self.session.game.state.phase if kind == "undo" else before)
        self.say(what + words, TOAST_MS // 2)
        self.show_moment()  # an entry undone (or redone) opens again, at the step it was taken back to

    def show_moment(self):
        """Open what the game's moment asks for (the battle's entry, the reshuffle, the end), once
        the key that got there has returned; the mat alone asks for nothing."""
        moment = self.session.moment()
        brought = self.session.play.BROUGHT
        if moment is not None and type(self.top()).__name__ != brought[moment]:  # a screen may have opened it
            self.bring = brought[moment]

    def top(self):
        return self.stack[-1]

    def push(self, screen):
        self.stack.append(screen)
        self.dirty = True
        self.loaded = self.moved = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.moved = True
        self.dirty = True

    def pop_to_mat(self):
        del self.stack[1:]
        self.dirty = True

    def say(self, text, ms=TOAST_MS):
        """News: a message that goes by itself after `ms`; the next press closes it and still acts.
        With `ms` None, a warning (warn)."""
        if self.toast is not None and self.toast_ms is None:  # a warning on screen
            if ms is not None:  # is not covered by news
                return
            text = "%s; %s" % (self.toast, text)  # one warning after another: keep both
        self.toast = text
        self.toast_at = ticks_ms()
        self.toast_ms = ms
        self.dirty = True

    def warn(self, text):
        """A warning: a message that stays until OK (or BACK), and that press does nothing else."""
        self.say(text, None)

    def set(self, key, value):
        self.settings[key] = value
        self._apply_display_settings()
        try:
            import settings_file  # loaded for this, dropped on the mat

            self.loaded = True
            settings_file.save(self.settings)
        except OSError as e:
            self.warn("Setting not saved: %s" % e)
        self.dirty = True

    def _apply_display_settings(self):
        s = self.settings
        self.display.contrast(s["contrast"])
        self.display.rotate(s["rotate"])

    def due(self, now):
        """Ms until step() has work that no press brings (a long press, a message going, sleep), or None."""
        wait = self.buttons.due(now)
        awake = self.input != _ASLEEP
        if (self.dirty or self.count) and awake:  # asleep, the next frame waits for the wake-up press
            return 0
        if self.toast is not None and self.toast_ms is not None:  # news, going by itself
            wait = sooner(wait, self.toast_ms + 1 - ticks_diff(now, self.toast_at))
        sleep_s = self.settings["sleep"]
        if sleep_s and awake:
            wait = sooner(wait, sleep_s * 1000 + 1 - ticks_diff(now, self.idle_at))
        if awake and not self.dimmed:
            wait = sooner(wait, DIM_MS + 1 - ticks_diff(now, self.idle_at))
        if self.display.fault is not None and awake:
            wait = sooner(wait, max(0, RETRY_MS - ticks_diff(now, self.display.tried)))  # plugged back?
        if (self.ahead or self.session.fold_due()) and not self.buttons.any_down():  # a release wakes us
            wait = sooner(wait, PAUSE_MS + 1 - ticks_diff(now, self.idle_at))
        return wait

    def step(self, now=None):
        """Handle what the buttons did, sleep or wake the screen, redraw if needed."""
        now = ticks_ms() if now is None else now
        self.buttons.repeat = self.top().repeat  # the screen on top counts with held buttons, or not
        self.buttons.poll(now)
        for button, kind in self.buttons.take():
            self.handle(button, kind, now)
        if self.input == _SWALLOWING and not self.buttons.any_down():
            self.input = _AWAKE
        if self.toast is not None and self.toast_ms is not None and ticks_diff(now, self.toast_at) > self.toast_ms:
            self.toast = None
            self.dirty = True
        sleep_s = self.settings["sleep"]
        idle = ticks_diff(now, self.idle_at)
        if self.input != _ASLEEP and sleep_s and idle > sleep_s * 1000:
            self.input = _ASLEEP
            self.display.power(False)
        elif self.input == _AWAKE and not self.dimmed and idle > DIM_MS:  # a sleep as soon comes first
            self.dimmed = True
            self.display.contrast(DIM_CONTRAST)
        awake = self.input != _ASLEEP
        if (self.dirty or self.count) and awake:
            self.render()
        elif self.display.fault is not None and awake:
            self.display.show()  # a panel that stopped answering is tried again, and given the whole frame
        if ticks_diff(now, self.idle_at) > PAUSE_MS and not self.buttons.any_down() and self.session.fold_due():
            self.session.fold()
            self.loaded = True  # the folding code (journal.fold) goes again on the mat
        if self.loaded and len(self.stack) == 1:  # on the mat, after other screens or messages
            self.loaded = False
            screens.unload(self.stack, mat=True)
        elif self.moved:  # one screen gave way to another: drop the code of those gone
            screens.unload(self.stack)
        self.moved = False
        if self.ahead and ticks_diff(now, self.idle_at) > PAUSE_MS and not self.buttons.any_down():
            self.ahead = False
            name = self.top().ahead()
            try:
                if name is not None:
                    getattr(screens, name)  # read now: kept while a screen of it shows, or until the next change
            except MemoryError:  # the press will read it, or say why it cannot
                pass

    def handle(self, button, kind, now):
        self.idle_at = now
        if self.dimmed:  # lit again, and the press acts
            self.dimmed = False
            self.display.contrast(self.settings["contrast"])
        if self.input == _ASLEEP:
            if kind == "DOWN":  # any button wakes the screen and does nothing else
                self.input = _SWALLOWING
                self.display.power(True)
                self.dirty = True
            return
        if self.input == _SWALLOWING:
            return
        if kind == "CHORD":
            if button != "*":  # UP or DOWN counted a moment before the second button: counted back
                try:
                    self.top().key("DOWN" if button == "UP" else "UP", "SHORT")
                except Exception as e:
                    self.fault(e)
            self.say("One button at a time, please")
            self.input = _SWALLOWING
            return
        if kind == "DOWN":
            self.at_limit = False
            return
        if kind == "LATE":  # a count let go too late to be meant: counted back, unless the hold met a limit
            if self.at_limit:
                return
            button, kind = "DOWN" if button == "UP" else "UP", "SHORT"
        if self.toast is not None and self.toast_ms is None:  # a warning: read, then closed
            if kind == "SHORT" and button in ("OK", "BACK"):
                self.toast = None
                self.dirty = True
            return
        if self.toast is not None:  # news closes with the next press, which acts as well
            self.toast = None
            self.dirty = True
        screen = self.top()
        counted = self.count
        self.ahead = True
        self.session.press()
        try:
            if button == "BACK" and kind == "LONG" and not screen.steps_back():
                self.undo()
            else:
                screen.key(button, kind)
        except Exception as e:  # a screen's fault must not stop the device
            self.fault(e)
        screen = None  # not held here: if the key closed it, it and (once unloaded) its code are garbage
        if not self.session.done_press():  # on flash, all of it, before the screen shows it; else taken back
            self.pop_to_mat()
            self.bring = None
        if self.bring:
            name, self.bring = self.bring, None
            screens.unload(self.stack, name)
            try:
                self.push(getattr(screens, name)(self))
            except Exception as e:
                self.fault(e)
        self.buttons.repeat = self.top().repeat
        if self.count is counted:  # the key did not count (or not only): the whole screen changed
            self.dirty = True
            if kind == "REPEAT":
                self.at_limit = True

    def fault(self, e):
        """A screen failed (a bug, or no heap for its code): back to the mat, saying what happened."""
        self.pop_to_mat()
        text = "Error: %r" % e
        print(text)  # on the serial console too, for a maker with mpremote open
        self.warn(text)

    def counted(self, value, y, scale, width):
        """A number entry counted: only its digits, `width` wide and centred at row y, changed."""
        if self.count is not None and self.count[3] > width:  # several counts in one step: the widest
            width = self.count[3]
        self.count = (value, y, scale, width)

    def render(self):
        frame.render(self)


def sooner(a, b):
    """The earlier of two waits in ms, either of which may be None (nothing due)."""
    return b if a is None else a if b is None or a < b else b
