"""Device settings in settings.json, written to a temp file and renamed."""

import json
import os

PATH = "settings.json"
# Seconds idle before the panel goes dark, against burn-in (0: never); the Settings screen offers
# these, and `adjutant settings` takes only these. A while before, the panel dims (ui.DIM_MS), and
# a press on a dimmed panel acts at once.
SLEEPS = (0, 30, 60, 120, 300, 600, 1800, 3600)
# last_draw: the table draws (7.19) after the last turn too; by the rules' ruling it does not.
# battles: what a battle's entry asks, both sides' face-up BP ("bp") or the winner alone ("winner");
# attack: the Attacker's Attack card is marked each turn, for the 7.10 check as Combat Round 2
# ends (G.2); off, the combat rounds ask for nothing.
# solo: the side the player took in the last solitaire game, offered first for the next.
# game: the game last begun (shared_engine/games.py), whose ways to begin New game lists first.
# names: the players' names a table keeps (`adjutant settings names=Ann,Ben,...`), Last Front's
# seats in order from the dealer. lf_seats: the most players Last Front's New game offers (its
# rulebook names no most); lf_victory: its Victory Conditions, "normal" or "quick"; lf_dig: the
# optional "Digging in" rule.
# addr: the display's I2C address where the module is not at the board's (0x3D); board and addr
# take effect at the next boot.
DEFAULTS = {
    "contrast": 127,
    "sleep": 600,
    "rotate": 0,
    "board": None,
    "last_draw": False,
    "battles": "bp",
    "attack": False,
    "solo": "CP",
    "game": None,  # none begun yet: the registry's first game leads New game
    "names": [],
    "lf_seats": 6,
    "lf_victory": "normal",
    "lf_dig": False,
    "addr": None,
}
CHECKS = {
    "contrast": lambda v: type(v) is int and 0 <= v <= 255,
    "sleep": lambda v: type(v) is int and v in SLEEPS,
    "rotate": lambda v: v in (0, 180),
    "board": lambda v: v is None or type(v) is str,
    "last_draw": lambda v: v is True or v is False,
    "battles": lambda v: v in ("bp", "winner"),
    "attack": lambda v: v is True or v is False,
    "solo": lambda v: v in ("CP", "EA"),
    "game": lambda v: v is None or _registered(v),
    "names": lambda v: type(v) is list and len(v) <= 12 and all(type(n) is str and 0 < len(n) <= 10 for n in v),
    "lf_seats": lambda v: type(v) is int and 2 <= v <= 12,
    "lf_victory": lambda v: v in ("normal", "quick"),
    "lf_dig": lambda v: v is True or v is False,
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
            if key in CHECKS and CHECKS[key](value):
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
