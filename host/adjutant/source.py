"""Where the device's code is: the repository's firmware/ and shared_engine/ in a checkout, or
the copy an installed package carries in adjutant/board/ (setup.py puts it there as the wheel is
built), so that `adjutant deploy` and `adjutant-sim` need no clone."""

from __future__ import annotations

import pathlib

HERE = pathlib.Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]  # host/adjutant/ in a checkout
PACKAGED = HERE / "board"


def holds_code(root: pathlib.Path) -> bool:
    return (root / "firmware/main.py").exists() and (root / "shared_engine/games.py").exists()


def root() -> pathlib.Path:
    """The folder holding firmware/ and shared_engine/: the checkout's, else the package's."""
    return CHECKOUT if holds_code(CHECKOUT) else PACKAGED


def in_checkout() -> bool:
    return holds_code(CHECKOUT)
