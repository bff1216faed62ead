"""The kinds of value a device setting takes, each a parser from the word given on the command
line (`adjutant settings NAME=VALUE`): the device's own settings (device_settings.py) and each
game's (its desk's `settings`) are made of them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

ON = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}


def whole(low: int, high: int) -> Callable[[str], object]:
    def parse(text: str) -> object:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"a whole number from {low} to {high}") from None
        if not low <= value <= high:
            raise ValueError(f"a whole number from {low} to {high}")
        return value

    return parse


def choice(*allowed: str) -> Callable[[str], object]:
    def parse(text: str) -> object:
        for value in allowed:
            if text.lower() == value.lower():
                return value
        raise ValueError(" or ".join(allowed))

    return parse


def on_off(text: str) -> object:
    if text.lower() not in ON:
        raise ValueError("on or off")
    return ON[text.lower()]


@dataclass(frozen=True)
class Setting:
    parse: Callable[[str], object]
    what: str
