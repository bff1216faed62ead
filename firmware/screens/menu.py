"""The menu, new game (basic or scenario), and ending a game at once (3.4)."""

from screens.base import Confirm, ListScreen, NumberEntry
from shared_engine.sides import other


class Menu(ListScreen):
    name = "menu"
    title = "Menu"

    def items(self):
        app = self.app
        game = app.game
        solo = []
        if game.state.solo is not None:
            solo = [
                ("AI hand 3/11", "", lambda: app.push(_solo().AIHand(app))),
                ("AI discard 8", "", lambda: app.push(_solo().RandomDiscard(app))),
                ("Plus (+) links", "", lambda: app.push(_solo().PlusChart(app))),
                ("Solo setup 1", "", lambda: app.push(_solo().setup_checklist(app))),
            ]
        return (
            [("Back to game", "", app.pop)]
            + solo
            + [
                ("Undo", "", app.undo if game.actions else None),
                ("Redo", "", app.redo if game.undone else None),
                ("New game", "", lambda: app.push(NewGame(app))),
                (
                    "End game 3.4",
                    "",
                    lambda: app.push(EndGame(app)) if game.state.phase not in ("score", "over") else None,
                ),
                ("History", "", lambda: app.push(_history(app))),
                ("Card data", "", lambda: app.push(_info().CardInfo(app))),
                ("Settings", "", lambda: app.push(_settings(app))),
                ("About", "", lambda: app.push(_info().About(app))),
            ]
        )


def _solo():
    import screens.solo

    return screens.solo


def _history(app):
    from screens.history import History

    return History(app)


def _settings(app):
    from screens.settings import Settings

    return Settings(app)


def _info():
    import screens.info

    return screens.info


class NewGame(ListScreen):
    name = "new"
    title = "New game"

    def __init__(self, app):
        super().__init__(app)
        self.turns = 10
        self.first = "CP"
        self.side = "CP"

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
        app = self.app

        def done(value):
            self.turns = value
            app.pop()

        app.push(NumberEntry(app, "Scenario 1.5", "Number of turns", self.turns, 1, 40, done))

    def flip_first(self):
        self.first = other(self.first)

    def flip_side(self):
        self.side = other(self.side)

    def start(self, name, turns, first, solo=None):
        app = self.app

        def go():
            if not app.new_game(name, turns, first):
                return
            if solo:
                if app.act("solo", solo):
                    app.push(_solo().setup_checklist(app))
            else:
                from screens.guide import Setup

                app.push(Setup(app))  # 2.2-2.6 before the first turn

        state = app.game.state
        if app.game.actions and state.phase != "over":
            app.push(Confirm(app, "Start a new game? Turn %d of this one stays in history." % state.turn, go))
        else:
            go()


class EndGame(ListScreen):
    """3.4: a side that cannot draw a Nationality card ends the game at once."""

    name = "nonat"
    title = "No Nat card 3.4"

    def items(self):
        return [(side + " cannot draw", "", self._ask(side)) for side in ("CP", "EA")]

    def _ask(self, side):
        app = self.app

        def ask():
            question = "3.4: %s's Nat deck empty and no discards to reshuffle? End now." % side
            app.push(Confirm(app, question, end))

        def end():
            app.pop_to_mat()
            app.act("no_nat", side)

        return ask
