"""3.4: The Great War ended at once, when a side cannot draw a Nationality card."""

from screens.base import Confirm
from screens.widgets import ListScreen


class EndGame(ListScreen):
    """3.4: a side that cannot draw a Nationality card ends the game at once."""

    name = "nonat"
    title = "No Nat card 3.4"

    def items(self):
        return [(side + " cannot draw", "", self._ask(side)) for side in ("CP", "EA")]

    def _ask(self, side):
        ui = self.ui

        def ask():
            question = "3.4: %s's Nat deck empty and no discards to reshuffle? End now." % side
            ui.push(Confirm(ui, question, end))

        def end():
            ui.pop_to_mat()
            ui.session.act("no_nat", side)

        return ask
