"""Last Front's rows in the menu and in New game (screens/menu.py lists every game's)."""

from play.last_front import GAME


def menu(ui, back, undo, redo, new, rest):
    """The menu's rows: the shared ones, the territories held, the bid calculator."""
    import screens

    return [
        back,
        undo,
        redo,
        new,
        ("Territories", "", lambda: ui.push(screens.Holdings(ui))),
        ("Bid calculator", "", lambda: ui.push(screens.BidCalculator(ui))),
    ] + rest


def seats(settings, n):
    """The players' names in seat order from the dealer: the names the table keeps (settings
    "names", set from `adjutant settings names=...`), an unnamed seat by its number ("P3")."""
    named = list(settings["names"])[:n]
    while len(named) < n:  # an unnamed seat by its number from the dealer ("P3")
        name = "P%d" % (len(named) + 1)
        named.append(name if name not in named else name + "'")
    return named


def new_game_rows(screen):
    """New game's rows for Last Front: how many play (2 up to the lf_seats setting; the rulebook
    names no most), the victory condition, the "Digging in" rule and the territory types in play
    (settings, kept)."""
    import screens

    ui = screen.ui
    settings = ui.settings
    named = len(settings["names"])
    if getattr(screen, "lf_named", None) != named:  # 4, or as many as are named if more
        screen.lf_named = named
        screen.lf_players = max(2, min(max(named, 4), settings["lf_seats"]))

    def start():
        from shared_engine.last_front.actions import in_play, make

        names = seats(settings, screen.lf_players)
        types = in_play(settings["lf_types"])
        screen.start(make(GAME, names, settings["lf_victory"], settings["lf_dig"], types), GAME)

    def ask_players():
        screen.ask("lf_players", "Last Front", "Seats: dealer P1", 2, settings["lf_seats"])

    def victory():
        ui.set("lf_victory", "quick" if settings["lf_victory"] == "normal" else "normal")

    def dig():
        ui.set("lf_dig", not settings["lf_dig"])

    def types():  # 4, 3, 2, and round again: the types in play
        ui.set("lf_types", settings["lf_types"] - 1 if settings["lf_types"] > 2 else 4)

    return [
        ("Last Front", "%dp" % screen.lf_players, start),
        ("LF players", str(screen.lf_players), ask_players),
        ("LF win", settings["lf_victory"], victory),  # Victory Conditions: normal or quick
        ("LF dig in", "on" if settings["lf_dig"] else "off", dig),
        ("LF types", str(settings["lf_types"]), types),
        ("LF names", str(named) if named else "-", lambda: ui.push(screens.Seats(ui))),
    ]
