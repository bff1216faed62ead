"""The Great War at the device: its moves nobody enters, its moments, its mat."""

from shared_engine.phases import reshuffle_due

GAME = "the-great-war"
# The screen each moment of the game brings, by its name in screens/.
BROUGHT = {"battle": "BattleEntry", "reshuffle": "Reshuffle", "hands": "HandsEntry", "over": "GameOver"}
BRINGS = ("next", "no_nat", "hand")  # saved actions after which a moment may ask for its screen
# The code only this game loads: let go of when a game of another game begins (Session.begin).
CODE = (
    "screens.mat",
    "screens.dice",
    "shared_engine.game_core",
    "shared_engine.rules",
    "shared_engine.actions",
    "shared_engine.state",
    "shared_engine.phases",
    "shared_engine.scoring",
    "shared_engine.sides",
)


def mat(ui):
    import screens

    screen = screens.MatScreen(ui)
    screen.game = GAME  # the UI gives another game its own mat
    return screen


def carry_on(session, kind):
    """The moves of the same press that nobody enters. The d6 rolled (or the event
    cancelled): on to Combat Round 1, the d6 shown. A capture: on to the draw (nothing to
    enter in between). Into the end of the turn: on to the next turn, Defender This Turn
    flipped and the turn die turned (7.20), which the draw's press asked for. Into the last
    turn's draw: past it to counting hands (3.2), by the ruling that there is no 7.19 draw
    after the last turn, unless the table plays one (the last_draw setting)."""
    if kind == "capture" or kind == "roll" or kind == "cancel":  # (an "ai" roll is a kind of its own)
        session.act("next")
    elif kind == "next" or kind == "no_nat":
        if session.game.state.phase == "flip" or past_last_draw(session):
            session.act("next")


def past_last_draw(session):
    state = session.game.state
    return state.phase == "draw" and state.turn >= state.turns and not session.settings["last_draw"]


def moment(session):
    """What the game's moment asks the players for: "battle" (its entry: the winner or the BP,
    then the capture), "reshuffle" (turn 5's), "hands" (the BP left in hand, 3.2) or "over"
    (the result); None: the mat is all."""
    state = session.game.state
    phase = state.phase
    if phase == "battle" and state.current.captured is None:
        return "battle"
    if phase == "draw" and reshuffle_due(state) and not past_last_draw(session):
        return "reshuffle"
    return "hands" if phase == "score" else "over" if phase == "over" else None


def reopen(ui):
    """At boot: a number an entry's OK confirmed before the power went (journal.put_draft) opens
    its entry again, on to the second number."""
    import screens

    session = ui.session
    state = session.game.state
    if state.phase == "battle" and state.current.winner is None:
        name = "BattleEntry"
    elif state.phase == "score":
        name = "HandsEntry"
    else:
        return
    first = session.journal.draft(len(session.game.actions)) if session.journal is not None else None
    if first is not None:
        ui.push(getattr(screens, name)(ui, first))


def describe(action, phase):
    from shared_engine.describe import describe  # loaded for the message, dropped on the mat

    return describe(action, phase)


def menu(ui, back, undo, redo, new, rest):
    """The menu's rows: solitaire's steps first in a solitaire game, ending at once (3.4) while
    the game runs, and the card data after History."""
    import screens

    state = ui.session.game.state
    rows = [back]
    if state.solo is not None:
        rows += [
            ("AI hand 3/11", "", lambda: ui.push(screens.AIHand(ui))),
            ("AI discard 8", "", lambda: ui.push(screens.RandomDiscard(ui))),
            ("Plus (+) links", "", lambda: ui.push(screens.PlusChart(ui))),
            ("Solo setup 1", "", lambda: ui.push(screens.setup_checklist(ui))),
        ]
    rows += [undo, redo, new]
    if state.phase not in ("score", "over"):
        rows.append(("End game 3.4", "", lambda: ui.push(screens.EndGame(ui))))
    return rows + rest[:1] + [("Card data", "", lambda: ui.push(screens.CardInfo(ui)))] + rest[1:]


def new_game_rows(screen):
    """New game's rows for The Great War: the basic game, a scenario (1.5), solitaire (3.3)."""
    import screens

    from shared_engine.actions import make

    ui = screen.ui
    if not hasattr(screen, "gw_turns"):
        screen.gw_turns, screen.gw_first = 10, "CP"
        screen.gw_side = ui.settings["solo"]  # the side taken in the last solitaire game

    def start(name, turns, first, solo=None):
        def then():
            if solo:
                if solo != ui.settings["solo"]:
                    ui.set("solo", solo)
                if ui.session.act("solo", solo):
                    ui.push(screens.setup_checklist(ui))
            else:
                ui.push(screens.Setup(ui))  # 2.2-2.6 before the first turn

        return lambda: screen.start(make("new", name, turns, first), GAME, then)

    def ask_turns():
        from screens.widgets import NumberEntry

        def done(value):
            screen.gw_turns = value
            ui.pop()

        ui.push(NumberEntry(ui, "Scenario 1.5", "Number of turns", screen.gw_turns, 1, 40, done))

    def flip_first():
        screen.gw_first = "EA" if screen.gw_first == "CP" else "CP"

    def flip_side():
        screen.gw_side = "EA" if screen.gw_side == "CP" else "CP"

    turns, first, side = screen.gw_turns, screen.gw_first, screen.gw_side
    return [
        ("Basic game", "10T", start("Basic game", 10, "CP")),
        ("Scen. turns", str(turns), ask_turns),
        ("1st Defender", first, flip_first),
        ("Start scenario", "", start("Scenario, %d turns" % turns, turns, first)),
        ("Solo: you are", side, flip_side),
        # 2.7: CP defends turn 1 in solitaire too; the AI takes the other side
        ("Solitaire", "10T", start("Solitaire", 10, "CP", side)),
        ("Solo short", "5T", start("Solitaire", 5, "CP", side)),
    ]
