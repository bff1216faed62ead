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
