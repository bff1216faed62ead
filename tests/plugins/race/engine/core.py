"""Race as the device keeps it: its header, the points with undo and redo, the state."""

from ..action_list import ActionList
from . import actions, rules
from .state import RaceState


class Core(ActionList):
    HEADER = actions.GAME
    schema = actions
    rules = rules
    State = RaceState

    def summary(self):
        state = self.state
        return None if state.winner is None else "%s won %d-%d" % (state.winner, state.scores["P1"], state.scores["P2"])
