"""Last Front as the device keeps it: its header, the actions with undo and redo, the state."""

from ..action_list import ActionList
from . import actions, rules
from .state import LastFrontState


class LastFrontCore(ActionList):
    HEADER = actions.GAME
    schema = actions
    rules = rules
    State = LastFrontState

    def summary(self):
        """The end in a line for the history list: "Ben won, battle 5", or None while playing."""
        state = self.state
        if state.phase != "over":
            return None
        if state.winner is None:
            return "no winner, battle %d" % state.turn
        return "%s won, battle %d" % (state.players[state.winner], state.turn)


Core = LastFrontCore  # the name the registry (shared_engine/games.py) takes a game's core by
