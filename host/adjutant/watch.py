"""`adjutant watch`: the device's game, live, as each action is saved on it, in its desk's words
(adjutant/games/<game>/watch.py)."""

from __future__ import annotations

from collections.abc import Callable

from adjutant.games.base import Desk
from adjutant.games.desks import desk
from adjutant.link.client import DeviceLink
from shared_engine.games import LEGACY


def of_state(body: dict) -> Desk:
    """The desk of the game a state reply is of: the game it names (firmware that knows several
    games names it); a reply that names none is from firmware of the registry's LEGACY game alone."""
    game = body.get("game") or body["state"].get("game") or LEGACY
    return desk(game)


def describe(body: dict) -> str:
    return of_state(body).state_line(body)


def say(event: dict, before: dict | None) -> str:
    return of_state(event).said(event, before)


def follow(
    device: DeviceLink, once: bool, echo: Callable[[str], None], idle_s: float = 1.0, limit: int | None = None
) -> int:
    """Print the state, then each new action's; returns how many events were shown."""
    reply = device.request("watch", on=True)
    echo(of_state(reply).state_line(reply))
    before = reply
    shown = 0
    if once:
        device.request("watch", on=False)
        return shown
    held = None  # a phase the device may pass straight through: said only if the game stays in it
    # One press may save several actions, each event carrying the state after all of them (the
    # combat rounds passed on to Battle Resolution, an undo of a press's two actions): a line the
    # same as the one just said is said once.
    last: list[str | None] = [None]

    def tell(line: str) -> int:
        if line == last[0]:
            return 0
        last[0] = line
        echo(line)
        return 1

    try:
        while limit is None or shown < limit:
            event = device.wait_event(idle_s)
            if event is None:
                if held is not None:
                    shown += tell(held)
                    held = None
                device.check_same_boot()  # quiet: make sure it is still there, and the same boot
                continue
            game = of_state(event)
            if held is not None and not game.carried_on(event):
                shown += tell(held)
            held = None
            line = game.said(event, before)
            before = event
            if game.passes_through(event):
                held = line
                continue
            shown += tell(line)
    finally:
        try:
            device.request("watch", on=False)
        except Exception:
            pass
    return shown
