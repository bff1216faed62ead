"""The menu, new game (basic or scenario), and ending a game at once (3.4)."""

import screens
from screens.base import Confirm
from screens.widgets import ListScreen, NumberEntry
from shared_engine.sides import other


class Menu(ListScreen):
    name = "menu"
    title = "Menu"

    def items(self):
        ui = self.ui
        game = ui.session.game
        solo = []
        if game.state.solo is not None:
            solo = [
                ("AI hand 3/11", "", lambda: ui.push(screens.AIHand(ui))),
                ("AI discard 8", "", lambda: ui.push(screens.RandomDiscard(ui))),
                ("Plus (+) links", "", lambda: ui.push(screens.PlusChart(ui))),
                ("Solo setup 1", "", lambda: ui.push(screens.setup_checklist(ui))),
            ]
        return (
            [("Back to game", "", ui.pop)]
            + solo
            + [
                ("Undo", "", ui.undo if game.actions else None),
                ("Redo", "", ui.redo if game.undone else None),
                ("New game", "", lambda: ui.push(NewGame(ui))),
            ]
            + ([] if game.state.phase in ("score", "over") else [("End game 3.4", "", lambda: ui.push(EndGame(ui)))])
            + [
                ("History", "", lambda: ui.push(screens.History(ui))),
                ("Card data", "", lambda: ui.push(screens.CardInfo(ui))),
                ("Settings", "", lambda: ui.push(screens.Settings(ui))),
                ("About", "", lambda: ui.push(screens.About(ui))),
            ]
        )


class NewGame(ListScreen):
    name = "new"
    title = "New game"

    def __init__(self, ui):
        super().__init__(ui)
        self.turns = 10
        self.first = "CP"
        self.side = ui.settings["solo"]  # the side taken in the last solitaire game

    def items(self):
        return [
            ("Basic game", "10T", lambda: self.start("Basic game", 10, "CP")),
            ("Scen. turns", str(self.turns), self.ask_turns),
            ("1st Defender", self.first, self.flip_first),
            ("Start scenario", "", lambda: self.start("Scenario, %d turns" % self.turns, self.turns, self.first)),
            ("Solo: you are", self.side, self.flip_side),
            # 2.7: CP defends turn 1 in solitaire too; the AI takes the other side
            ("Solitaire", "10T", lambda: self.start("Solitaire", 10, "CP", self.side)),
            ("Solo short", "5T", lambda: self.start("Solitaire", 5, "CP", self.side)),
        ]

    def ask_turns(self):
        ui = self.ui

        def done(value):
            self.turns = value
            ui.pop()

        ui.push(NumberEntry(ui, "Scenario 1.5", "Number of turns", self.turns, 1, 40, done))

    def flip_first(self):
        self.first = other(self.first)

    def flip_side(self):
        self.side = other(self.side)

    def start(self, name, turns, first, solo=None):
        ui = self.ui

        def go():
            if not ui.session.new_game(name, turns, first):
                return
            if solo:
                if solo != ui.settings["solo"]:
                    ui.set("solo", solo)
                if ui.session.act("solo", solo):
                    ui.push(screens.setup_checklist(ui))
            else:
                ui.push(screens.Setup(ui))  # 2.2-2.6 before the first turn

        state = ui.session.game.state
        if ui.session.game.actions and state.phase != "over":
            ui.push(Confirm(ui, "Start a new game? Turn %d of this one stays in history." % state.turn, go))
        else:
            go()


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
