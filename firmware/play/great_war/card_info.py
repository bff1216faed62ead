"""The Great War's card data on the device: its version and its cards by deck."""

from screens.widgets import Message


class CardInfo(Message):
    name = "cards"

    def __init__(self, ui):
        cards = ui.session.cards()
        if cards is None:
            text = "No card data.\nPush it from a computer with: adjutant cards push FILE"
        else:
            counts = {}
            for card in cards.by_id.values():
                counts[card.deck] = counts.get(card.deck, 0) + 1
            text = "version %s\n%d cards\n" % (cards.version, len(cards.by_id))
            text += "\n".join("%s %d" % (deck, counts[deck]) for deck in sorted(counts))
        super().__init__(ui, "Card data", text)
