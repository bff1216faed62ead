"""`adjutant settings`: the device's settings, shown and set over the link (no REPL needed).

Each setting is named as in the device's settings.json. Values are checked
here first (a bad one is a usage error, exit 2, and nothing is sent), and the
device checks them again as it checks its own file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import click

from adjutant.errors import DeviceRefused

ON = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}


def _whole(low: int, high: int) -> Callable[[str], object]:
    def parse(text: str) -> object:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"a whole number from {low} to {high}") from None
        if not low <= value <= high:
            raise ValueError(f"a whole number from {low} to {high}")
        return value

    return parse


def _choice(*allowed: str) -> Callable[[str], object]:
    def parse(text: str) -> object:
        for value in allowed:
            if text.lower() == value.lower():
                return value
        raise ValueError(" or ".join(allowed))

    return parse


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


def _on_off(text: str) -> object:
    if text.lower() not in ON:
        raise ValueError("on or off")
    return ON[text.lower()]


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


@dataclass(frozen=True)
class Setting:
    parse: Callable[[str], object]
    what: str


SETTINGS = {
    "contrast": Setting(_whole(0, 255), "0-255: the panel's brightness"),
    "sleep": Setting(_sleep, "seconds idle till the panel is dark (dim at 30); 0: never"),
    "rotate": Setting(_rotate, "0 or 180: the picture turned over"),
    "last_draw": Setting(_on_off, "on: draw after the last turn too (7.19); rules: off"),
    "battles": Setting(_choice("bp", "winner"), "bp: both sides' face-up BP; winner: the winner only"),
    "attack": Setting(_on_off, "on: the Attack card marked each turn (7.10, G.2)"),
    "solo": Setting(_choice("CP", "EA"), "CP or EA: the side first offered for solitaire"),
    "names": Setting(_names, "names by commas: Last Front's seats, dealer first"),
    "lf_seats": Setting(_whole(2, 12), "2-12: the most players Last Front's New game offers"),
    "lf_victory": Setting(_choice("normal", "quick"), "normal: 2 of a type or 3 types; quick: any 3"),
    "lf_dig": Setting(_on_off, "on: Last Front's optional Digging in rule"),
    "addr": Setting(_addr, "display I2C address: 0x3C, 0x3D or board; next boot"),
    "board": Setting(_board, "the pin table by board name, or auto; next boot"),
}


def parse(pairs: tuple[str, ...]) -> dict[str, object]:
    """NAME=VALUE words as the settings to send; a bad word is a usage error naming what it takes."""
    change: dict[str, object] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        key = name.strip().lower().replace("-", "_")
        if not sep or key not in SETTINGS:
            known = ", ".join(SETTINGS)
            raise click.UsageError(f"{pair!r}: give NAME=VALUE, NAME one of {known}")
        try:
            change[key] = SETTINGS[key].parse(text.strip())
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
