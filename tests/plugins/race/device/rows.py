"""Race's rows in the menu and in New game."""

from play.race import GAME


def menu(ui, back, undo, redo, new, rest):
    return [back, undo, redo, new] + rest


def new_game_rows(screen):
    """New game's rows for Race: to 5 points, P1 first."""

    def start():
        from shared_engine.race.actions import make

        screen.start(make(GAME, 5, "P1"), GAME)

    return [("Race to 5", "", start)]
