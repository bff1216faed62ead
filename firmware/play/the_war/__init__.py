"""The War at the device: its moments, its mat, its menu rows, its new-game rows."""

GAME = "the-war"
MAT = "WarMat"
SETTINGS = {"war_deck": (60, range(20, 201))}  # the deck size last agreed (Main Part: 60 each)
SCREENS = {
    "WarMat": "play.the_war.mat",
    "Redraw": "play.the_war.mat",
    "DeckChange": "play.the_war.mat",
    "WarSteps": "play.the_war.mat",
    "WeaponChoice": "play.the_war.mat",
    "PayCalculator": "play.the_war.pay",
}
ON_MAT = ("play.the_war.rows",)
BRINGS = ("end",)  # the turn's end is where a player may have lost (Winning and losing)


def ending(state):
    """Winning and losing: who won, the one who could not draw 2, the decks left, on which round."""
    decks = state.decks
    lost = "%s can't draw 2" % state.loser
    return (
        "THE WAR: OVER",
        state.winner + " WINS",
        (lost, "P1 %d  P2 %d left" % (decks["P1"], decks["P2"])),
        "round %d" % state.turn,
    )


def standing(state):
    return "Round %d of this one" % state.turn


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
