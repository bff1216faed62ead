"""`adjutant watch`: the device's game, live, as each action is saved on it."""

from __future__ import annotations

from collections.abc import Callable

from adjutant.link.client import Device


def describe(body: dict) -> str:
    s = body["state"]
    captured = s["captured"]
    line = (
        f"{body.get('gid')}  turn {s['turn']}/{s['turns']}  phase {s['phase']:<8} "
        f"defender {s['defender']}  captured CP {captured['CP']} EA {captured['EA']}"
    )
    if body.get("a"):
        line = f"{body['a']:<8}" + line
    end = s.get("end")
    if end and end.get("final"):
        final = end["final"]
        line += f"  final CP {final['CP']} EA {final['EA']}: {end.get('winner') or 'draw'}"
    return line


def follow(
    device: Device, once: bool, echo: Callable[[str], None], idle_s: float = 1.0, limit: int | None = None
) -> int:
    """Print the state, then each new action's; returns how many events were shown."""
    reply = device.request("watch", on=True)
    echo(describe(reply))
    shown = 0
    if once:
        device.request("watch", on=False)
        return shown
    try:
        while limit is None or shown < limit:
            event = device.wait_event(idle_s)
            if event is None:
                device.check_same_boot()  # quiet: make sure it is still there, and the same boot
                continue
            echo(describe(event))
            shown += 1
    finally:
        try:
            device.request("watch", on=False)
        except Exception:
            pass
    return shown
