"""Race at the device: its mat, its end, a point in words (play/__init__.py gives the rest)."""

GAME = "race"
MAT = "RaceMat"
SCREENS = {"RaceMat": "play.race.mat"}
ON_MAT = ("play.race.rows",)
BRINGS = ("point",)
TRACK = ("track", "point")
SETTINGS = {"race_to": (5, range(3, 22))}  # the points a race is to


def standing(state):
    return "Race %d-%d of this one" % (state.scores["P1"], state.scores["P2"])


def describe(action, phase):
    return "%s +%d" % (action[1], action[2]) if action[0] == "point" else action[0]


def ending(state):
    """The shared game-over screen's words (screens/over.py draws them)."""
    return (
        "RACE: OVER",
        state.winner + " WINS",
        ("P1 %d  P2 %d" % (state.scores["P1"], state.scores["P2"]),),
        "race to %d" % state.target,
    )
