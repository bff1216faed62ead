"""A game as a header and the actions taken since, with undo and redo: any game's core.

Undo drops the last action and rebuilds the state from the header; redo re-applies what undo
dropped until a new action is taken. A game's core (GameCore for The Great War, the_war's
WarCore) names its records' module (schema), its rules (rules.apply checks and applies an
action) and its state's class (State, made from the header), and what its log starts with.

The host keeps every action. The device keeps a window (settle()): the actions before the turn
before this one leave memory for the log on flash, and the state they led to, `base`, is kept,
and an undo rebuilds from a copy of it. So a game of any length takes the same room.
"""

from . import snapshot
from .errors import GameError
from .records import SCHEMA_VERSION

# Room for a game's actions, made with the game while the heap is young. Grown an action at a
# time, the list doubles, and late in a game on a board the doubled list needs a block in one
# piece that a fragmented heap may no longer have. The device's window (settle) stays below it.
ACTIONS_ROOM = 128
KEPT = 4  # entries the device keeps of each of a state's lists that grow with the game (GROWS)


class ActionList:
    HEADER = ""  # the kind of record a log of this game starts with
    KEEPS: tuple = ()  # the core's own attributes a snapshot carries (besides the state)

    def __init__(self, header, cards=None):
        if header[0] != self.HEADER:
            raise GameError("a game log must start with a '%s' record, not %r" % (self.HEADER, header[0]))
        self.header = header
        self.cards = cards
        self.actions = [None] * ACTIONS_ROOM
        del self.actions[:]  # MicroPython keeps a list's room when a slice is deleted
        self.undone = []
        self.settled = 0  # actions before the window: on flash, not here
        self.base = None  # the state they led to, never changed (an undo copies it); None: the header's
        self.state = self._fresh_state()

    def _fresh_state(self):
        if self.base is not None:
            return snapshot.clone(self.base)
        return self.State(self.header)  # type: ignore[attr-defined]  # each game's core names it

    def _change(self, state, action):
        self.rules.apply(state, action)  # type: ignore[attr-defined]

    def count(self):
        """Every action of the game that stands, those settled on flash included."""
        return self.settled + len(self.actions)

    def state_dict(self):
        d = self.state.to_dict()
        d["v"] = SCHEMA_VERSION
        return d

    def apply(self, action):
        """Apply one action tuple; GameError (state unchanged) if not allowed."""
        kind = action[0]
        if kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        else:
            self._change(self.state, action)
            self.actions.append(action)
            if self.undone:
                self.undone = []

    def undo(self):
        actions = self.actions
        if not actions:
            raise GameError("undo: nothing to undo" if not self.settled else "undo: the log before is settled")
        self.undone.append(actions[-1])
        del actions[-1:]  # not pop(): that halves the list's room once it is under half full
        self._rebuild()

    def redo(self):
        if not self.undone:
            raise GameError("redo: nothing to redo")
        self._change(self.state, self.undone[-1])
        self.actions.append(self.undone.pop())

    def take_back(self, undone):
        """Forget the last action as if it was never taken (the flash refused it): undone, not for
        redoing, and the redo stack (`undone`) as it stood before it."""
        self.undo()
        self.undone.pop()
        self.undone = undone

    def _rebuild(self):
        state = self._fresh_state()
        for action in self.actions:
            self._change(state, action)
        self.state = state

    def make(self, kind, *values):
        """An action of this game, checked as its record would be (its actions module's make)."""
        return self.schema.make(kind, *values)  # type: ignore[attr-defined]  # each game's core names its schema

    # -- the device's window ------------------------------------------------

    def settling(self, beyond, joined=()):
        """Where the window may be cut, once it holds more than `beyond` actions: before the turn
        before this one, never inside a press (`joined`: the counts of actions made with the one
        before them). (cut, the state there, its growing lists cut to their last KEPT), or (0, None).
        Nothing changes until settle(): the log on flash comes first."""
        actions = self.actions
        if len(actions) <= beyond:
            return 0, None
        state = self._fresh_state()
        since = getattr(self.state, "turn", 0) - 1
        cut = 0
        for action in actions:  # where the turn before this one began
            if getattr(state, "turn", 0) >= since:
                break
            self._change(state, action)
            cut += 1
        if self.settled + cut in joined:  # a press is settled whole or not at all
            while cut and self.settled + cut in joined:
                cut -= 1
            state = self._fresh_state()
            for action in actions[:cut]:
                self._change(state, action)
        if not cut:
            return 0, None
        for name in getattr(state, "GROWS", ()):
            grown = getattr(state, name)
            del grown[: len(grown) - KEPT]
        return cut, state

    def settle(self, cut, base):
        """The window's first `cut` actions leave memory (they are on flash); `base` is the state
        they led to (settling() made both)."""
        del self.actions[:cut]
        self.settled += cut
        self.base = base
        self._rebuild()

    def resume(self, base, settled):
        """Carry on from a snapshot: `base`, the state after `settled` actions (the window's
        actions are applied after this)."""
        self.base = base
        self.settled = settled
        self.state = self._fresh_state()

    def keeps(self):
        """The core's own attributes a snapshot carries, JSON-ready (snapshot.encode)."""
        return snapshot.encode({name: getattr(self, name) for name in self.KEEPS})

    def restore(self, value):
        for name, field in snapshot.decode(value, {}).items():
            setattr(self, name, field)
