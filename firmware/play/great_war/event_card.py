"""The Random Event card drawn (7.7), with card data: which card, then roll, no roll, or cancel it.

Lists, so loaded only when the table has card data: the roll itself is in play/great_war/dice.py.
"""

from screens.widgets import ListScreen

from play.great_war.dice import roll_and_show


class PickEvent(ListScreen):
    """Which Random Event card was drawn: with card data, the roll then shows its meaning."""

    name = "pick-re"
    title = "RE card drawn?"

    def __init__(self, ui, cards):
        super().__init__(ui)
        chosen = sorted((c.name, c.id) for c in cards.by_id.values() if c.deck == "RE")
        self.rows = [(name, "", self._choose(card_id)) for name, card_id in chosen]
        self.rows.append(("(not listed)", "", self._choose(None)))

    def _choose(self, card_id):
        def choose():
            ui = self.ui
            ui.pop()
            if card_id is None or ui.session.act("re", card_id):
                ui.push(EventChoices(ui, 0))

        return choose

    def items(self):
        return self.rows


class EventChoices(ListScreen):
    """7.7 before the roll: roll, no roll needed, or a Bonus or Joker card cancels the event."""

    name = "re-choices"

    def __init__(self, ui, index=0):
        super().__init__(ui)
        self.index = index
        cards = ui.session.cards()
        card_id = ui.session.game.state.current.re_card
        card = cards.by_id.get(card_id) if cards is not None and card_id is not None else None
        self.title = card.name if card is not None else "Random Event 7.7"
        if card is not None and not card.d6:
            self.index = 1  # this card asks for no d6
        self.rows = [("Roll d6", "", self._roll), ("No d6: next", "", self._next)]
        for side in ("CP", "EA"):
            for by in ("Bonus", "Joker"):
                self.rows.append(("%s %s cancels" % (side, by), "", self._cancel(side, by.lower())))

    def items(self):
        return self.rows

    def _roll(self):
        ui = self.ui
        ui.pop()
        roll_and_show(ui)

    def _next(self):
        ui = self.ui
        ui.pop()
        ui.session.act("next")

    def _cancel(self, side, by):
        def cancel():
            ui = self.ui
            ui.pop()
            if ui.session.act("cancel", side, by, None):
                ui.say("RE cancelled by %s's %s: no d6" % (side, by))

        return cancel
