"""A game as a header and the actions taken since, with undo and redo: any game's core.

Undo drops the last action and rebuilds the state from the header; redo re-applies what undo
dropped until a new action is taken. A game's core (GameCore for The Great War, the_war's
WarCore) names its records' module (schema), its rules (rules.apply checks and applies an
action) and its state's class (State, made from the header), and what its log starts with.
"""

from .errors import GameError
from .records import SCHEMA_VERSION

# Room for a game's actions, made with the game while the heap is young. Grown an action at a
# time, the list doubles, and late in a game on a board the doubled list needs a block in one
# piece that a fragmented heap may no longer have.
ACTIONS_ROOM = 128


class ActionList:
    HEADER = ""  # the kind of record a log of this game starts with

    def __init__(self, header, cards=None):
        if header[0] != self.HEADER:
            raise GameError("a game log must start with a '%s' record, not %r" % (self.HEADER, header[0]))
        self.header = header
        self.cards = cards
        self.actions = [None] * ACTIONS_ROOM
        del self.actions[:]  # MicroPython keeps a list's room when a slice is deleted
        self.undone = []
        self.state = self._fresh_state()

    def _fresh_state(self):
        return self.State(self.header)  # type: ignore[attr-defined]  # each game's core names it

    def _change(self, state, action):
        self.rules.apply(state, action)  # type: ignore[attr-defined]

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
            raise GameError("undo: nothing to undo")
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
