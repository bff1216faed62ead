"""`adjutant settings`: the device's settings, shown and set over the link (no REPL needed).

Each setting is named as in the device's settings.json. Values are checked
here first (a bad one is a usage error, exit 2, and nothing is sent), and the
device checks them again as it checks its own file.
"""

from __future__ import annotations

import click

from adjutant.errors import DeviceRefused
from adjutant.setting_kinds import Setting, whole

# The sleep times the device's Settings screen offers (firmware/settings_file.py SLEEPS): only these are taken.
SLEEPS = (0, 30, 60, 120, 300, 600, 1800, 3600)


def _sleep(text: str) -> object:
    allowed = ", ".join(str(s) for s in SLEEPS)
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"seconds, one of {allowed}") from None
    if value not in SLEEPS:
        raise ValueError(f"seconds, one of {allowed} (what the device's Settings screen offers)")
    return value


def _rotate(text: str) -> object:
    if text not in ("0", "180"):
        raise ValueError("0 or 180")
    return int(text)


def _addr(text: str) -> object:
    if text.lower() in ("board", "auto"):
        return None
    try:
        value = int(text, 0)
    except ValueError:
        value = -1
    if value not in (0x3C, 0x3D):
        raise ValueError("0x3C, 0x3D, or board (the board's own)")
    return value


def _names(text: str) -> object:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) > 12 or any(len(n) > 10 for n in names) or len(set(names)) != len(names):
        raise ValueError("up to 12 different names of 1-10 characters, by commas (Ann,Ben,Cid); empty: none")
    return names


def _board(text: str) -> object:
    return None if text.lower() == "auto" else text


# The device's own; each game adds its own (its desk's `settings`): every_setting() has them all.
SETTINGS = {
    "contrast": Setting(whole(0, 255), "0-255: the panel's brightness"),
    "sleep": Setting(_sleep, "seconds idle till the panel is dark (dim at 30); 0: never"),
    "rotate": Setting(_rotate, "0 or 180: the picture turned over"),
    "names": Setting(_names, "names by commas: the seats of a game of many, dealer first"),
    "addr": Setting(_addr, "display I2C address: 0x3C, 0x3D or board; next boot"),
    "board": Setting(_board, "the pin table by board name, or auto; next boot"),
}


def every_setting() -> dict[str, Setting]:
    """The device's settings and then each registered game's, in the registry's order."""
    from adjutant.games.desks import desk, ids

    found = dict(SETTINGS)
    for game in ids():
        found.update(desk(game).settings)
    return found


def parse(pairs: tuple[str, ...]) -> dict[str, object]:
    """NAME=VALUE words as the settings to send; a bad word is a usage error naming what it takes."""
    change: dict[str, object] = {}
    known = every_setting()
    for pair in pairs:
        name, sep, text = pair.partition("=")
        key = name.strip().lower().replace("-", "_")
        if not sep or key not in known:
            raise click.UsageError(f"{pair!r}: give NAME=VALUE, NAME one of {', '.join(known)}")
        try:
            change[key] = known[key].parse(text.strip())
        except ValueError as e:
            raise click.UsageError(f"{key}={text}: {key} takes {e}") from None
    return change


def shown(key: str, value: object) -> str:
    if value is None:
        return {"addr": "board", "board": "auto"}.get(key, "-")
    if key == "addr" and isinstance(value, int):
        return f"0x{value:02X}"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):  # the names, as they are given
        return ",".join(str(v) for v in value) or "-"
    return str(value)


def exchange(device, change: dict[str, object]) -> dict:
    """The device's settings after the change (none: just read them)."""
    try:
        if change:
            return device.request("settings", set=change)
        return device.request("settings")
    except DeviceRefused as e:
        if e.status == 1:  # unknown command: firmware from before this request
            raise DeviceRefused(e.status, "this firmware has no settings request: update it (`adjutant deploy`)") from e
        raise
