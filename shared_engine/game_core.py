"""The game as the device keeps it: a header, the list of actions, and the state they derive.

Undo drops the last action and rebuilds the state from the header; redo
re-applies what undo dropped until a new action is taken. The device's
screens make their actions with actions.make and apply them here; a method
per action and the log as text are Game's (game.py), for the host, scripts
and tests, and take no room on the device.
"""

from . import rules
from .actions import SCHEMA_VERSION
from .errors import GameError
from .state import GameState

# Room for a basic game's actions, made with the game while the heap is young. Grown an action
# at a time, the list doubles, and late in a game on a board the doubled list needs a block in
# one piece that a fragmented heap may no longer have.
ACTIONS_ROOM = 128


class GameCore:
    def __init__(self, header, cards=None):
        if header[0] != "new":
            raise GameError("a game log must start with a 'new' record, not %r" % header[0])
        self.header = header
        self.cards = cards
        self.actions = [None] * ACTIONS_ROOM
        del self.actions[:]  # MicroPython keeps a list's room when a slice is deleted
        self.undone = []
        self.state = GameState(header)

    # -- the action list ---------------------------------------------------

    def apply(self, action):
        """Apply one action tuple; GameError (state unchanged) if not allowed."""
        kind = action[0]
        if kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        else:
            rules.apply(self.state, action)
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
        rules.apply(self.state, self.undone[-1])
        self.actions.append(self.undone.pop())

    def _rebuild(self):
        state = GameState(self.header)
        for action in self.actions:
            rules.apply(state, action)
        self.state = state

    # -- what the players see ----------------------------------------------

    def state_dict(self):
        d = self.state.to_dict()
        d["v"] = SCHEMA_VERSION
        return d

    def reminders(self):
        from .guidance import reminders  # texts load only when a screen wants them

        return reminders(self.state)

    def re_result(self, face):
        """The current Random Event card's text for a d6 face, if card data has it."""
        card = self.state.current.re_card
        if self.cards is None or card is None:
            return None
        return self.cards.re_result(card, face)
