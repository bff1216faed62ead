"""Card data on the device, and About: versions, board, free flash and heap."""

import gc

from journal import games
from version import VERSION

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


class About(Message):
    name = "about"

    def __init__(self, ui):
        from shared_engine.records import SCHEMA_VERSION

        gc.collect()
        text = "Adjutant %s\nlog schema v%d\nboard %s\nflash free %dK\nheap free %dK\ngames kept %d" % (
            VERSION,
            SCHEMA_VERSION,
            ui.board_name,
            games.free_bytes() // 1024,
            gc.mem_free() // 1024,
            len(games.ids()),
        )
        super().__init__(ui, "About", text)
