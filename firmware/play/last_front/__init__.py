"""Last Front at the device: its moments, its mat, an action in words."""

GAME = "last-front"
MAT = "FrontMat"
# lf_seats: the most players New game offers (the rulebook names no most); lf_victory: the Victory
# Conditions, "normal" or "quick"; lf_dig: the optional "Digging in" rule; lf_types: the territory
# types in play (Victory Conditions: "even faster games by removing territory types").
SETTINGS = {
    "lf_seats": (6, range(2, 13)),
    "lf_victory": ("normal", ("normal", "quick")),
    "lf_dig": (False, (False, True)),
    "lf_types": (4, range(2, 5)),
}
SCREENS = {
    "FrontMat": "play.last_front.mat",
    "TurnUp": "play.last_front.mat",
    "Declare": "play.last_front.mat",
    "Holdings": "play.last_front.mat",
    "FrontBid": "play.last_front.bid",
    "BidCalculator": "play.last_front.calc",
}
ON_MAT = ("play.last_front.rows",)
TRACK = ("battles", "battle")
BRINGS = ("withdraw",)  # the last withdrawal ends a battle, and a capture may win the game


def ending(state):
    """Victory Conditions: who won, with which territories, after how many battles, which victory."""
    if state.winner is None:
        return "LAST FRONT: OVER", "NO WINNER", ("nothing to fight",), "battle %d" % state.turn
    name = state.players[state.winner].upper()
    who = name + " WINS"  # a long name: the end screen draws it at half size, whole
    held = " ".join(SHORT[k] for k in state.held[state.winner])
    return "LAST FRONT: OVER", who, (held, state.victory + " victory"), "battle %d" % state.turn


SHORT = {"american": "Amer", "british": "Brit", "soviet": "Sov", "german": "Ger"}


def win_words(state):
    """Victory Conditions in the panel's lines, as the table plays them: the quick condition as
    written, the normal one without "3 different types" where fewer are in play; and the types
    taken out of the Territory deck, if any."""
    if state.victory == "quick":
        lines = ["Win: any 3 held"]
    else:
        lines = ["Win: 2 of a type"] + (["or 3 types"] if len(state.types) >= 3 else [])
    out = [SHORT[k] for k in SHORT if k not in state.types]
    return lines + (["Out: " + " ".join(out)] if out else [])


def standing(state):
    return "Battle %d of this one" % state.turn


def describe(action, phase):
    """An action in a player's words, for what an undo or redo says ("bid 9", "withdrew")."""
    kind = action[0]
    if kind == "bid":
        return "bid %d" % action[2]
    if kind == "flip":
        return "turned up " + action[1]
    # "Undone: withdrew" in one line: news of two would cover the bid to beat it brought back
    return {"withdraw": "withdrew", "battle": "battle declared"}.get(kind, kind)
