"""Device settings in settings.json, written to a temp file and renamed."""

import json
import os

PATH = "settings.json"
# last_draw: the table draws (7.19) after the last turn too; by the rules' ruling it does not.
# battles: what a battle's entry asks, both sides' face-up BP ("bp") or the winner alone ("winner");
# solo: the side the player took in the last solitaire game, offered first for the next.
# addr: the display's I2C address where the module is not at the board's (0x3D); board and addr
# take effect at the next boot.
DEFAULTS = {
    "contrast": 127,
    "sleep": 60,
    "rotate": 0,
    "board": None,
    "last_draw": False,
    "battles": "bp",
    "solo": "CP",
    "addr": None,
}
CHECKS = {
    "contrast": lambda v: type(v) is int and 0 <= v <= 255,
    "sleep": lambda v: type(v) is int and 0 <= v <= 3600,
    "rotate": lambda v: v in (0, 180),
    "board": lambda v: v is None or type(v) is str,
    "last_draw": lambda v: v is True or v is False,
    "battles": lambda v: v in ("bp", "winner"),
    "solo": lambda v: v in ("CP", "EA"),
    "addr": lambda v: v is None or v in (0x3C, 0x3D),
}
AT_BOOT = ("board", "addr")


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
