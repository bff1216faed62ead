"""Last Front at the device: its moments, its mat, an action in words."""

GAME = "last-front"
BROUGHT = {"over": "FrontOver"}
BRINGS = ("withdraw",)  # the last withdrawal ends a battle, and a capture may win the game
# The code only this game loads: let go of when a game of another game begins (Session.begin).
CODE = (
    "screens.lf_mat",
    "screens.lf_bid",
    "screens.lf_calc",
    "shared_engine.last_front.core",
    "shared_engine.last_front.rules",
    "shared_engine.last_front.state",
    "shared_engine.last_front.actions",
    "shared_engine.last_front.calc",
    "shared_engine.last_front",
)


def mat(ui):
    import screens

    screen = screens.FrontMat(ui)
    screen.game = GAME  # the UI gives another game its own mat
    return screen


def carry_on(session, kind):
    """Last Front has no move nobody enters: a capture is part of the last withdrawal."""


def moment(session):
    """ "over" once a capture met the victory condition; else None: the mat is all."""
    return "over" if session.game.state.phase == "over" else None


def reopen(ui):
    """Last Front's entries keep no number across a power cut: nothing to open again."""


def describe(action, phase):
    """An action in a player's words, for what an undo or redo says ("bid 9", "withdrew")."""
    kind = action[0]
    if kind == "bid":
        return "bid %d" % action[2]
    if kind == "flip":
        return "turned up " + action[1]
    return {"withdraw": "withdrawal", "battle": "battle declared"}.get(kind, kind)
