"""Race's rows in the menu and in New game."""

from play.race import GAME


def menu(ui, back, undo, redo, new, rest):
    return [back, undo, redo, new] + rest


def new_game_rows(screen):
    """New game's rows for Race: to the race_to setting's points (5 unless set), P1 first."""
    target = screen.ui.settings["race_to"]

    def start():
        from shared_engine.race.actions import make

        screen.start(make(GAME, target, "P1"), GAME)

    return [("Race to %d" % target, "", start)]
