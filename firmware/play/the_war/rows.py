"""The War's rows in the menu and in New game (screens/menu.py lists every game's)."""

from play.the_war import GAME


def menu(ui, back, undo, redo, new, rest):
    """The menu's rows: the shared ones, and The War's deck changes and payment calculator."""
    import screens

    state = ui.session.game.state
    rows = [back, undo, redo, new]
    if state.phase == "play":  # (a hit is the mat's: UP by the player whose turn it is, DOWN the other)
        rows += [
            ("Discard own", "", lambda: ui.push(screens.DeckChange(ui, "discard"))),
            ("Extra draw", "", lambda: ui.push(screens.DeckChange(ui, "draw"))),
        ]
    rows += [("Turn scheme", "", lambda: ui.push(screens.WarSteps(ui)))]
    return rows + [("Pay calculator", "", lambda: ui.push(screens.PayCalculator(ui)))] + rest


def new_game_rows(screen):
    """New game's rows for The War: decks of 60 (or an agreed equal size, kept for the next game),
    who moves first."""
    ui = screen.ui
    if not hasattr(screen, "war_deck"):
        screen.war_deck, screen.war_first = ui.settings["war_deck"], "P1"

    def start():
        from shared_engine.the_war.actions import make

        if screen.war_deck != ui.settings["war_deck"]:
            ui.set("war_deck", screen.war_deck)
        screen.start(make(GAME, screen.war_deck, screen.war_first), GAME)

    def ask_deck():
        screen.ask("war_deck", "The War deck", "Cards per deck", 20, 200)

    def flip():
        screen.war_first = "P2" if screen.war_first == "P1" else "P1"

    return [
        ("The War", "%dc" % screen.war_deck, start),
        ("War deck size", str(screen.war_deck), ask_deck),
        ("War first", screen.war_first, flip),
    ]
