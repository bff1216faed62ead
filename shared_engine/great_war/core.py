"""The Great War as the device keeps it: a header, the list of actions, and the state they derive.

The action list with undo and redo is action_list.py's, shared by every game. The device's
screens make their actions with make() and apply them here; a method per action and the log
as text are Game's (game.py), for the host, scripts and tests, and take no room on the device.
"""

from ..action_list import ActionList
from . import actions, rules
from .state import GameState


class GameCore(ActionList):
    HEADER = "new"
    schema = actions  # the log's records of The Great War: their fields, make, from_record
    rules = rules
    State = GameState
    KEEPS = ("shown",)

    def __init__(self, header, cards=None):
        super().__init__(header, cards)
        self.shown = {}  # turn -> the face its Random Event d6 last showed, undone or not
        self._shown_before = None  # the last roll's turn, and the face shown before it

    def apply(self, action):
        super().apply(action)
        if action[0] == "roll":  # a journal's replay too: its undone rolls come before their undo
            turn = self.state.turn
            self._shown_before = (turn, self.shown.get(turn))
            self.shown[turn] = action[2]

    def take_back(self, undone):
        """A roll the flash refused was never shown (the screen says it was not saved): the face
        shown before it stands for a roll made again."""
        last = self.actions[-1] if self.actions else None
        super().take_back(undone)
        if last is not None and last[0] == "roll" and self._shown_before is not None:
            turn, face = self._shown_before
            if face is None:
                self.shown.pop(turn, None)
            else:
                self.shown[turn] = face

    def remade_from(self):
        """The face this turn's Random Event d6 showed before, if a roll of it was undone and is no
        longer on the redo stack (dice.undone_face gives it back while it is): a new roll is made
        again, and its action says so."""
        return self.shown.get(self.state.turn)

    # -- what the players see ----------------------------------------------

    def summary(self):
        """The end in a line for the history list: "CP by 15, Moral", or None while playing."""
        result = self.state.result
        if result is None:
            return None
        _, winner, margin, level = result
        return "%s by %d, %s" % (winner, margin, level) if winner else "Draw"

    def reminders(self):
        from .guidance import reminders  # texts load only when a screen wants them

        return reminders(self.state)

    def re_result(self, face):
        """The current Random Event card's text for a d6 face, if card data has it."""
        card = self.state.current.re_card
        if self.cards is None or card is None:
            return None
        return self.cards.re_result(card, face)


Core = GameCore  # the name the registry (shared_engine/games.py) takes a game's core by
