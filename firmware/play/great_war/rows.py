"""The Great War's rows in the menu and in New game (screens/menu.py lists every game's)."""

from play.great_war import GAME


def menu(ui, back, undo, redo, new, rest):
    """The menu's rows: solitaire's steps first in a solitaire game, the card data after History,
    and ending at once (3.4) while the game runs, last: far from New game, which a table opens
    often, so that neither is opened for the other."""
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
    rows += rest[:1] + [("Card data", "", lambda: ui.push(screens.CardInfo(ui)))] + rest[1:]
    if state.phase not in ("score", "over"):
        rows.append(("End game 3.4", "", lambda: ui.push(screens.EndGame(ui))))
    return rows


def settings_rows(ui):
    """The Settings screen's rows for this game's own settings (play.great_war SETTINGS)."""
    s = ui.settings
    winner = s["battles"] == "winner"
    return [
        ("Last draw", ("no", "yes")[s["last_draw"]], lambda: ui.set("last_draw", not s["last_draw"])),
        ("Battles", "winner" if winner else "both BP", lambda: ui.set("battles", "bp" if winner else "winner")),
        ("Attack marks", ("no", "yes")[s["attack"]], lambda: ui.set("attack", not s["attack"])),
    ]


def new_game_rows(screen):
    """New game's rows for The Great War: the basic game, a scenario (1.5), solitaire (3.3)."""
    import screens

    from shared_engine.great_war.actions import make

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
        screen.ask("gw_turns", "Scenario 1.5", "Number of turns", 1, 40)

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
