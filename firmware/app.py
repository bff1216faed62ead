"""The device's behaviour: button events in, game actions to flash, frames out.

Nothing here waits or names a pin: runtime.py wires the hardware and runs
step() from the asyncio loop, and the simulator and tests drive it the same
way. An action reaches the journal on flash before any screen shows it.
"""

import gc
import sys
from time import ticks_diff, ticks_ms

import config
import games
import gfx
from screens.mat import MatScreen

from shared_engine.actions import make
from shared_engine.describe import describe
from shared_engine.dice import roll
from shared_engine.errors import GameError
from shared_engine.game import Game

TOAST_MS = 3000


class App:
    def __init__(self, display, buttons, random_byte, board_name="sim", now=None):
        self.display = display
        self.buttons = buttons
        self.random_byte = random_byte
        self.board_name = board_name
        self.settings, problem = config.load()
        self.stack = [MatScreen(self)]
        self.toast = None
        self.toast_at = 0
        self.toast_ms = TOAST_MS
        self.must_read = False  # the toast is a warning: it stays, and only OK or BACK closes it
        self.idle_at = ticks_ms() if now is None else now
        self.asleep = False
        self.swallow = False  # ignore the rest of a press that woke or dismissed
        self.dirty = True
        self._cards = None  # loaded at first use; False: there is no card data
        self.journal = None
        self.pulled = False  # the host holds this game as it stands now
        self.link = None  # the serial link, told of each saved action
        self.pushed = False  # a screen was pushed since the lazy ones were last dropped
        self.moved = False  # the screen stack changed since this step began
        self.game = None
        self._apply_display_settings()
        self._resume()
        if problem:
            self.warn(problem)

    # -- games on flash -------------------------------------------------------

    def _resume(self):
        journal = games.newest()
        if journal is not None:
            try:
                self.game = journal.load()
                self.journal = journal
                self.pulled = games.is_pulled(journal.gid)
                if journal.problems:
                    self.warn("Recovered %s: %s" % (journal.gid, journal.problems[0]))
                if journal.blocked:
                    self.warn("Flash full: %s" % journal.blocked)
                return
            except (GameError, OSError, ValueError) as e:
                self.warn("Game %s unreadable (%s); kept, new game started" % (journal.gid, e))
        self.new_game("Basic game", 10, "CP")

    def new_game(self, name, turns, first):
        game = Game(make("new", name, turns, first), self._cards or None)
        old = self.journal
        if old is not None:
            old.close()  # making room may remove its files, if the host holds the game
            if self.game is not None and _empty(self.game):
                games.remove(old.gid)  # nothing was played: nothing to keep or pull
                self.journal = None
        try:
            journal = games.create(game)
        except OSError as e:
            if self.game is None:  # nothing to fall back to: play, and say nothing is saved
                self.game = game
            self.warn("Flash full (%s): pull games with the host, then delete some" % e)
            return False
        self.game = game
        self.journal = journal
        self.pulled = False
        self.pop_to_mat()
        if self.link is not None:
            self.link.changed("new")  # a watching host says "new game: ..."
        return True

    def delete_game(self, gid):
        current = self.journal is not None and self.journal.gid == gid
        if current:
            self.journal.close()
        games.remove(gid)
        if current:
            self.journal = None
            self.game = None
            self._resume()

    def act(self, kind, *values):
        """Apply one action and put it on flash; False (and a message) if refused or unsaved."""
        game = self.game
        undone = game.undone
        try:
            action = make(kind, *values)
            game.apply(action)
        except GameError as e:
            self.warn(str(e))
            return False
        try:
            if self.journal is None:
                raise OSError("no game file")
            if self.journal.blocked:
                self.journal.compact(game)
            else:
                self.journal.append(action)
        except OSError as e:
            self._rollback(kind, undone)
            self.warn("Not saved, so not done: flash full or failing (%s)" % e)
            return False
        self.dirty = True
        if self.pulled:  # the host's copy is now behind: this game may not be removed
            self.pulled = False
            games.unmark_pulled(self.journal.gid)
        if self.link is not None:
            self.link.changed(kind)
        if self.journal.needs_compaction(game) or game.state.phase == "over":
            try:
                self.journal.compact(game)
            except OSError:
                pass  # the journal still holds everything; compaction retries later
        self._after(kind)
        return True

    def _rollback(self, kind, undone):
        game = self.game
        if kind == "undo":
            game.redo()
        elif kind == "redo":
            game.undo()
        else:
            game.undo()
            game.undone = undone

    def _after(self, kind):
        # Screens that come by themselves at their moment in the game.
        state = self.game.state
        if kind != "next" and kind != "no_nat":
            return
        if state.phase == "draw" and state.turn >= state.turns and not self.settings["last_draw"]:
            # the ruling for the last turn: no 7.19 draw; from 7.18 straight to counting hands (3.2)
            if self.act("next"):
                self.act("next")
        elif state.phase == "draw" and state.turn == 5 and state.turns > 5:
            from screens.guide import Reshuffle

            self.push(Reshuffle(self))
        elif state.phase in ("score", "over"):
            self.show_end()

    def roll_re(self):
        return self.act("roll", 6, roll(self.random_byte, 6), "re")

    def undo(self):
        if not self.game.actions:
            self.say("Nothing to undo")
            return
        action = self.game.actions[-1]
        if self.act("undo"):
            self.pop_to_mat()
            self.say("Undone: " + describe(action, self.game.state.phase), TOAST_MS // 2)

    def redo(self):
        if not self.game.undone:
            self.say("Nothing to redo")
            return
        action = self.game.undone[-1]
        phase = self.game.state.phase
        if self.act("redo"):
            self.pop_to_mat()
            self.say("Redone: " + describe(action, phase), TOAST_MS // 2)

    def show_end(self):
        phase = self.game.state.phase
        if phase == "score":
            from screens.battle import HandsEntry

            self.push(HandsEntry(self))
        elif phase == "over":
            from screens.end import GameOver

            self.push(GameOver(self))

    def cards(self):
        """The card data on flash, attached to the game being played; None if there is none."""
        if self._cards is False:  # none on the flash, until the link brings some
            return None
        if self._cards is None:
            import json

            try:
                f = open("cards.json")
            except OSError:  # no card data: the parser's code need not take heap
                self._cards = False
                return None
            try:
                from shared_engine.cards import CardSet

                self._cards = CardSet(json.load(f))
            except Exception as e:  # bad card data must not stop the game
                self.warn("cards.json: %s" % e)
                return None
            finally:
                f.close()
        self.game.cards = self._cards  # every game uses the data on the device, however it began
        return self._cards

    def cards_changed(self):
        """New card data is on flash: load it at the next use."""
        self._cards = None
        self.game.cards = None

    # -- screens --------------------------------------------------------------

    def top(self):
        return self.stack[-1]

    def push(self, screen):
        self.stack.append(screen)
        self.dirty = True
        self.pushed = self.moved = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.moved = True
        self.dirty = True

    def pop_to_mat(self):
        del self.stack[1:]
        self.dirty = True

    def say(self, text, ms=TOAST_MS):
        """A message that goes by itself; the next press closes it and still acts."""
        if self.must_read:  # a warning on screen is not covered by news
            return
        self.toast = text
        self.toast_at = ticks_ms()
        self.toast_ms = ms
        self.dirty = True

    def warn(self, text):
        """A message that must be read: it stays until OK (or BACK), and that press does nothing else."""
        if self.must_read:  # one warning after another: keep both
            text = self.toast + "; " + text
        self.must_read = False
        self.say(text)
        self.must_read = True

    def set(self, key, value):
        self.settings[key] = value
        self._apply_display_settings()
        try:
            config.save(self.settings)
        except OSError as e:
            self.warn("Setting not saved: %s" % e)
        self.dirty = True

    def _apply_display_settings(self):
        s = self.settings
        self.display.contrast(s["contrast"])
        self.display.rotate(s["rotate"])

    # -- the loop's work ------------------------------------------------------

    def step(self, now=None):
        """Handle what the buttons did, sleep or wake the screen, redraw if needed."""
        now = ticks_ms() if now is None else now
        self.buttons.poll(now)
        for button, kind in self.buttons.take():
            self.handle(button, kind, now)
        if self.swallow and not self.buttons.any_down():
            self.swallow = False
        if self.toast and not self.must_read and ticks_diff(now, self.toast_at) > self.toast_ms:
            self.toast = None
            self.dirty = True
        sleep_s = self.settings["sleep"]
        if not self.asleep and sleep_s and ticks_diff(now, self.idle_at) > sleep_s * 1000:
            self.asleep = True
            self.display.power(False)
        if self.dirty and not self.asleep:
            self.render()
        elif self.display.fault is not None and not self.asleep:
            self.display.show()  # a panel that stopped answering is tried again, and given the whole frame
        if self.pushed and len(self.stack) == 1:  # back on the mat after other screens
            self.pushed = False
            unload_screens()
        elif self.moved:  # one screen gave way to another: drop the code of those gone
            unload_screens(self.stack)
        self.moved = False

    def handle(self, button, kind, now):
        self.idle_at = now
        if self.asleep:
            if kind == "DOWN":  # any button wakes the screen and does nothing else
                self.asleep = False
                self.swallow = True
                self.display.power(True)
                self.dirty = True
            return
        if self.swallow:
            return
        if kind == "CHORD":
            self.say("One button at a time, please")
            self.swallow = True
            return
        if kind == "DOWN":
            return
        if self.must_read:
            if kind == "SHORT" and button in ("OK", "BACK"):
                self.toast = None
                self.must_read = False
                self.dirty = True
            return
        if self.toast:  # news closes with the next press, which acts as well
            self.toast = None
            self.dirty = True
        screen = self.top()
        try:
            if button == "BACK" and kind == "LONG" and screen.name != "buttons":
                self.undo()
            else:
                screen.key(button, kind)
        except Exception as e:  # a screen's fault must not stop the device
            self.pop_to_mat()
            self.warn("Error: %r" % e)
        self.buttons.repeat = self.top().repeat
        self.dirty = True

    def render(self):
        fb = self.display
        fb.fill(0)
        del gfx.shown[:]
        try:
            self.top().draw(fb)
        except Exception as e:
            self.pop_to_mat()
            fb.fill(0)
            self.warn("Error: %r" % e)
            self.top().draw(fb)
        if self.toast:
            gfx.toast(fb, self.toast, self.must_read)
        fb.show()
        self.dirty = False


def _empty(game):
    """Nothing was played yet (choosing solitaire is not play)."""
    return all(a[0] == "solo" for a in game.actions)


# Screens other than the mat are imported when first shown. Back on the mat
# their code is dropped again, so the heap holds the mat and one screen, not
# every screen ever opened (a board loads .mpy code into RAM, not flash).
LAZY = (
    "screens.battle",
    "screens.dice",
    "screens.end",
    "screens.guide",
    "screens.history",
    "screens.info",
    "screens.menu",
    "screens.settings",
    "screens.solo",
    "shared_engine.guidance",
    "shared_engine.solitaire",
)


def _in_use(name, stack):
    shared = sys.modules["screens.base"].__dict__.values()  # every screen module imports these
    for value in sys.modules[name].__dict__.values():
        if type(value) is type and value not in shared:
            for screen in stack:
                if isinstance(screen, value):
                    return True
    return False


def unload_screens(stack=None):
    """Drop the lazily loaded modules; given the screen stack, only screens' modules none of it uses."""
    if stack is None:
        loaded = [name for name in LAZY if name in sys.modules]
    else:  # helpers such as the guidance texts stay until the mat: screens may hold their functions
        loaded = [n for n in LAZY if n in sys.modules and n.startswith("screens.") and not _in_use(n, stack)]
    if not loaded:
        return
    for name in loaded:
        del sys.modules[name]
        package, _, attr = name.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None and attr in parent.__dict__:
            delattr(parent, attr)
    gc.collect()
