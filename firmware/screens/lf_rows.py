"""Last Front's rows in the menu and in New game (screens/menu.py lists every game's)."""

from shared_engine.games import LAST_FRONT as GAME


def menu(ui, back, undo, redo, new, rest):
    """The menu's rows: the shared ones, and the territories held."""
    import screens

    return [back, undo, redo, new, ("Territories", "", lambda: ui.push(screens.Holdings(ui)))] + rest


def seats(settings, n):
    """The players' names in seat order from the dealer: the names the table keeps (settings
    "names", set from `adjutant settings names=...`), else P1, P2, ..."""
    named = list(settings["names"])[:n]
    taken = set(named)
    k = 1
    while len(named) < n:
        name = "P%d" % k
        if name not in taken:
            named.append(name)
        k += 1
    return named


def new_game_rows(screen):
    """New game's rows for Last Front: how many play (2 up to the lf_seats setting; the rulebook
    names no most), the victory condition and the "Digging in" rule (settings, kept)."""
    ui = screen.ui
    settings = ui.settings
    if not hasattr(screen, "lf_players"):
        screen.lf_players = max(2, min(len(settings["names"]) or 4, settings["lf_seats"]))

    def start():
        from shared_engine.last_front.actions import make

        names = seats(settings, screen.lf_players)
        screen.start(make(GAME, names, settings["lf_victory"], settings["lf_dig"]), GAME)

    def ask_players():
        screen.ask("lf_players", "Last Front", "Players, dealer first", 2, settings["lf_seats"])

    def victory():
        ui.set("lf_victory", "quick" if settings["lf_victory"] == "normal" else "normal")

    def dig():
        ui.set("lf_dig", not settings["lf_dig"])

    return [
        ("Last Front", "%dp" % screen.lf_players, start),
        ("LF players", str(screen.lf_players), ask_players),
        ("LF victory", settings["lf_victory"], victory),
        ("LF dig in", "on" if settings["lf_dig"] else "off", dig),
    ]
