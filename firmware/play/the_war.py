"""The War at the device: its moments, its mat, its menu rows, its new-game rows."""

GAME = "the-war"
BROUGHT = {"over": "WarOver"}
BRINGS = ("end",)  # the turn's end is where a player may have lost (Winning and losing)
# The code only this game loads: let go of when a game of another game begins (Session.begin).
CODE = (
    "screens.war_mat",
    "screens.war_pay",
    "shared_engine.the_war.core",
    "shared_engine.the_war.rules",
    "shared_engine.the_war.state",
    "shared_engine.the_war.actions",
    "shared_engine.the_war.payment",
    "shared_engine.the_war",
)


def mat(ui):
    import screens

    screen = screens.WarMat(ui)
    screen.game = GAME  # the UI gives another game its own mat
    return screen


def carry_on(session, kind):
    """The War has no move nobody enters: the turn's draw is part of its "end"."""


def moment(session):
    """ "over" once a player could not draw 2; else None: the mat is all."""
    return "over" if session.game.state.phase == "over" else None


def reopen(ui):
    """The War's entries keep no number across a power cut: nothing to open again."""


def describe(action, phase):
    """An action in a player's words, for what an undo or redo says."""
    kind = action[0]
    if kind == "attack":
        return "%s hit the deck: %d" % (action[1], action[2])
    if kind == "discard":
        return "%s discarded %d" % (action[1], action[2])
    if kind == "draw":
        return "%s drew %d" % (action[1], action[2])
    if kind == "redraw":
        return "%s re-drew %d" % (action[1], action[2])
    return {"end": "end of turn", "start": "hands kept"}.get(kind, kind)


def menu(ui, back, undo, redo, new, rest):
    """The menu's rows: the shared ones, and The War's deck changes and payment calculator."""
    import screens

    state = ui.session.game.state
    rows = [back, undo, redo, new]
    if state.phase == "play":
        rows += [
            ("Hit a deck", "", lambda: ui.push(screens.DeckChange(ui, "attack"))),
            ("Discard own", "", lambda: ui.push(screens.DeckChange(ui, "discard"))),
            ("Extra draw", "", lambda: ui.push(screens.DeckChange(ui, "draw"))),
        ]
    return rows + [("Pay calculator", "", lambda: ui.push(screens.PayCalculator(ui)))] + rest


def new_game_rows(screen):
    """New game's rows for The War: decks of 60 (or an agreed equal size), who moves first."""
    ui = screen.ui
    if not hasattr(screen, "war_deck"):
        screen.war_deck, screen.war_first = 60, "P1"

    def start():
        from shared_engine.the_war.actions import make

        screen.start(make(GAME, screen.war_deck, screen.war_first), GAME)

    def ask_deck():
        from screens.widgets import NumberEntry

        def done(value):
            screen.war_deck = value
            ui.pop()

        ui.push(NumberEntry(ui, "The War deck", "Cards in each deck", screen.war_deck, 20, 200, done))

    def flip():
        screen.war_first = "P2" if screen.war_first == "P1" else "P1"

    return [
        ("The War", "%dc" % screen.war_deck, start),
        ("War deck size", str(screen.war_deck), ask_deck),
        ("War first", screen.war_first, flip),
    ]
