"""The War as the device keeps it: its header, the actions with undo and redo, the state."""

from ..action_list import ActionList
from ..errors import GameError
from ..records import SCHEMA_VERSION
from . import actions, rules
from .state import WarState


class WarCore(ActionList):
    schema = actions

    def __init__(self, header, cards=None):
        if header[0] != actions.GAME:
            raise GameError("a The War log must start with a '%s' record, not %r" % (actions.GAME, header[0]))
        self.cards = cards  # The War has no card data on the device
        ActionList.__init__(self, header)

    def _fresh_state(self):
        return WarState(self.header)

    def _change(self, state, action):
        rules.apply(state, action)

    def state_dict(self):
        d = self.state.to_dict()
        d["v"] = SCHEMA_VERSION
        return d

    def summary(self):
        """The end in a line for the history list: "P1 won, round 5", or None while playing."""
        state = self.state
        return None if state.winner is None else "%s won, round %d" % (state.winner, state.turn)
