"""About: versions, board, free flash and heap."""

import gc

from journal import games
from version import VERSION

from screens.widgets import Message


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
