"""Device settings in settings.json, written to a temp file and renamed."""

import json
import os

PATH = "settings.json"
# Seconds idle before the panel goes dark, against burn-in (0: never); the Settings screen offers
# these, and `adjutant settings` takes only these. A while before, the panel dims (ui.DIM_MS), and
# a press on a dimmed panel acts at once.
SLEEPS = (0, 30, 60, 120, 300, 600, 1800, 3600)
# game: the game last begun (shared_engine/games.py), whose ways to begin New game lists first.
# names: the players' names a table keeps (`adjutant settings names=Ann,Ben,...`), seats in order
# from the dealer for a game that seats many.
# addr: the display's I2C address where the module is not at the board's (0x3D); board and addr
# take effect at the next boot.
# Each game's own settings are its play module's SETTINGS (play/<game>/__init__.py): kept in this
# file as they are and checked when that game is played (play.settle), so that boot reads no
# other game's code.
DEFAULTS = {
    "contrast": 127,
    "sleep": 600,
    "rotate": 0,
    "board": None,
    "game": None,  # none begun yet: the registry's LEGACY game leads New game
    "names": [],
    "addr": None,
}
CHECKS = {
    "contrast": lambda v: type(v) is int and 0 <= v <= 255,
    "sleep": lambda v: type(v) is int and v in SLEEPS,
    "rotate": lambda v: v in (0, 180),
    "board": lambda v: v is None or type(v) is str,
    "game": lambda v: v is None or _registered(v),
    "names": lambda v: type(v) is list and len(v) <= 12 and all(type(n) is str and 0 < len(n) <= 10 for n in v),
    "addr": lambda v: v is None or v in (0x3C, 0x3D),
}
AT_BOOT = ("board", "addr")


def _registered(game):
    # The registry loads only to check a saved game: the simulator reads this file for its wiring alone.
    from shared_engine.games import ids

    return game in ids()


def load():
    """(settings, problem or None): a bad file or value falls back to the default."""
    settings = dict(DEFAULTS)
    try:
        with open(PATH) as f:
            saved = json.load(f)
    except OSError:
        return settings, None
    except ValueError:
        return settings, "settings.json unreadable; defaults used"
    bad = []
    if type(saved) is dict:
        for key, value in saved.items():
            if key not in CHECKS:
                settings[key] = value  # a game's own: its play module checks it (play.settle)
            elif CHECKS[key](value):
                settings[key] = value
            else:
                bad.append(key)
    else:
        bad.append("file")
    return settings, ("bad setting %s; default used" % ", ".join(bad)) if bad else None


def save(settings):
    with open(PATH + ".tmp", "w") as f:
        json.dump(settings, f)
    os.rename(PATH + ".tmp", PATH)
