"""The menu, and New game: every game's ways to begin, the one last played first.

What a game adds to either comes from the rows module in its play package (play/<game>/rows.py):
the menu's rows of its own (solitaire's steps, ending at once, card data; The War's deck
changes, its payment calculator), and its ways to begin. The games and their order are the
registry's (shared_engine/games.py).
"""

import screens
from screens.base import Confirm
from screens.widgets import ListScreen, NumberEntry
from shared_engine.games import DEVICE, GAMES, ID, LEGACY, entry  # GAMES: in New game's order


class Menu(ListScreen):
    name = "menu"
    title = "Menu"

    def items(self):
        ui = self.ui
        game = ui.session.game
        return _rows_of(ui.session.play.GAME).menu(
            ui,
            ("Back to game", "", ui.pop),
            ("Undo", "", ui.undo if game.count() else None),
            ("Redo", "", ui.redo if game.undone else None),
            ("New game", "", lambda: ui.push(NewGame(ui))),
            [
                ("History", "", lambda: ui.push(screens.History(ui))),
                ("Settings", "", lambda: ui.push(screens.Settings(ui))),
                ("About", "", lambda: ui.push(screens.About(ui))),
            ],
        )


def _rows_of(game):
    """A game's rows module, in its play package: loaded with these screens, dropped on the mat."""
    return __import__(entry(game)[DEVICE] + ".rows", None, None, ("menu",))


def _rows(game, screen):
    """A game's ways to begin, read from its own settings: those missing taken at their defaults
    (a game not yet played on this device has none of its own in settings.json)."""
    import sys

    from play import settle

    rows = _rows_of(game)
    ui = screen.ui
    settle(sys.modules[entry(game)[DEVICE]], ui.settings, ui.warn)
    return rows.new_game_rows(screen)


class NewGame(ListScreen):
    """Which game, and how: each game's rows, the game last begun first (the game setting)."""

    name = "new-game"
    title = "New game"

    def items(self):
        last = self.ui.settings["game"] or LEGACY
        rows = _rows(last, self)
        for one in GAMES:
            if one[ID] != last:
                rows = rows + _rows(one[ID], self)
        return rows

    def ask(self, attr, title, prompt, low, high):
        """A number of a way to begin (a scenario's turns, The War's deck), kept on this screen."""
        ui = self.ui

        def done(value):
            setattr(self, attr, value)
            ui.pop()

        ui.push(NumberEntry(ui, title, prompt, getattr(self, attr), low, high, done))

    def start(self, header, game, then=None):
        """Begin a game from its header; then: what its first screen is (a checklist, solitaire's side)."""
        ui = self.ui

        def go():
            # The press answered at once: making a game (its code read, its files made) takes
            # 300-550 ms of a Pico, more as the flash fills; the panel says so before the work.
            ui.say("Starting game...")
            ui.render()
            ui.toast, ui.dirty = None, True  # gone with the frame the new game draws
            if not ui.session.begin(header):
                return
            if game != ui.settings["game"]:
                ui.set("game", game)
            if then is not None:
                then()

        session = ui.session
        if session.game.count() and session.game.state.phase != "over":
            question = "Start a new game? %s stays in history." % session.play.standing(session.game.state)
            ui.push(Confirm(ui, question, go))
        else:
            go()
