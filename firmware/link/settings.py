"""The `settings` request: the device's settings, read or changed over the link (`adjutant settings`).

A change is checked as the device checks its own settings.json, all of it
before any of it is kept: one bad value changes nothing. Kept changes act at
once, as the Settings screen's do; `board` and `addr` at the next boot.
"""

import lazy
import settings_file
from play import fits

from shared_engine import frames


def op_settings(ops, rid, req, payload):
    change = req.get("set")
    if change is not None:
        problem = _check(change)
        if problem:
            ops.fail(rid, frames.BAD_REQUEST, problem)
            return
        ui = ops.ui
        keys = list(change)
        for key in keys[:-1]:
            ui.settings[key] = change[key]
        if keys:
            ui.set(keys[-1], change[keys[-1]])  # applies the display's and saves them all
    shown = dict(ops.ui.settings)  # every game's own too, at its default until it is set
    for key, (default, allowed) in _games().items():
        if key not in shown or not fits(shown[key], default, allowed):
            shown[key] = default
    ops.reply(rid, frames.OK, {"settings": shown, "at_boot": settings_file.AT_BOOT})


def _games():
    from play import every_setting

    return every_setting()


def _check(change):
    if type(change) is not dict:
        return "set: an object of setting: value"
    games = _games() if any(key not in settings_file.CHECKS for key in change) else {}
    for key, value in change.items():
        if key in games:
            default, allowed = games[key]
            if not fits(value, default, allowed):
                return "bad value for %s: %r" % (key, value)
            continue
        if key not in settings_file.CHECKS:
            names = sorted(list(settings_file.CHECKS) + list(games))
            return "unknown setting %r; known: %s" % (key, ", ".join(names))
        if not settings_file.CHECKS[key](value):
            return "bad value for %s: %r" % (key, value)
        if key == "board" and value is not None:
            import boards

            known = boards.BOARDS
            lazy.drop("boards")  # every board's table: not kept for one check
            if value not in known:
                return "unknown board %r; known: %s" % (value, ", ".join(sorted(known)))
    return None
