"""The War as the device keeps it: its header, the actions with undo and redo, the state."""

from ..action_list import ActionList
from . import actions, rules
from .state import WarState


class WarCore(ActionList):
    HEADER = actions.GAME
    schema = actions
    rules = rules
    State = WarState

    def summary(self):
        """The end in a line for the history list: "P1 won, round 5", or None while playing."""
        state = self.state
        return None if state.winner is None else "%s won, round %d" % (state.winner, state.turn)


Core = WarCore  # the name the registry (shared_engine/games.py) takes a game's core by
