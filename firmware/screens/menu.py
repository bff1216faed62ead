"""The menu, and New game: every game's ways to begin, the one last played first.

What a game adds to either comes from its rows module (ROWS: screens/gw_rows.py, war_rows.py):
the menu's rows of its own (solitaire's steps, ending at once, card data; The War's deck
changes, its payment calculator), and its ways to begin.
"""

import screens
from screens.base import Confirm
from screens.widgets import ListScreen, NumberEntry
from shared_engine.games import GAMES, GREAT_WAR, LAST_FRONT, THE_WAR  # GAMES: in New game's order


class Menu(ListScreen):
    name = "menu"
    title = "Menu"

    def items(self):
        ui = self.ui
        game = ui.session.game
        return _rows_of(ROWS[ui.session.play.GAME]).menu(
            ui,
            ("Back to game", "", ui.pop),
            ("Undo", "", ui.undo if game.actions else None),
            ("Redo", "", ui.redo if game.undone else None),
            ("New game", "", lambda: ui.push(NewGame(ui))),
            [
                ("History", "", lambda: ui.push(screens.History(ui))),
                ("Settings", "", lambda: ui.push(screens.Settings(ui))),
                ("About", "", lambda: ui.push(screens.About(ui))),
            ],
        )


# Each game's rows in the menu and New game: loaded with these screens, dropped on the mat.
ROWS = {GREAT_WAR: "screens.gw_rows", THE_WAR: "screens.war_rows", LAST_FRONT: "screens.lf_rows"}


def _rows_of(module):
    return __import__(module, None, None, ("menu",))


def _rows(game, screen):
    return _rows_of(ROWS[game]).new_game_rows(screen)


class NewGame(ListScreen):
    """Which game, and how: each game's rows, the game last begun first (the game setting)."""

    name = "new"
    title = "New game"

    def items(self):
        last = self.ui.settings["game"]
        rows = _rows(last, self)
        for game in GAMES:
            if game != last:
                rows = rows + _rows(game, self)
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
            if not ui.session.begin(header):
                return
            if game != ui.settings["game"]:
                ui.set("game", game)
            if then is not None:
                then()

        session = ui.session
        if session.game.actions and session.game.state.phase != "over":
            question = "Start a new game? Turn %d of this one stays in history." % session.game.state.turn
            ui.push(Confirm(ui, question, go))
        else:
            go()
