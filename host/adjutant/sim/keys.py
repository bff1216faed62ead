"""The terminal's keys as the device's buttons: a tap, a hold, and a held key's repeats as one
hold, timed as a person presses (make sim)."""

from __future__ import annotations

from adjutant.sim.process import LONG_MS

# A key is a tap this long: short enough that taps as quick as a person makes them (100 ms apart)
# leave the button up between them for longer than the firmware's debounce.
TAP_MS = 50

KEYS = {
    "\x1b[A": ("UP", TAP_MS),
    "\x1b[B": ("DOWN", TAP_MS),
    "\x1b[C": ("OK", TAP_MS),
    "\x1b[D": ("BACK", TAP_MS),
    "w": ("UP", TAP_MS),
    "s": ("DOWN", TAP_MS),
    "d": ("OK", TAP_MS),
    "\r": ("OK", TAP_MS),
    "\n": ("OK", TAP_MS),
    " ": ("OK", TAP_MS),
    "a": ("BACK", TAP_MS),
    "\x7f": ("BACK", TAP_MS),
    "\x08": ("BACK", TAP_MS),
    "W": ("UP", LONG_MS),
    "S": ("DOWN", LONG_MS),
    "D": ("OK", LONG_MS),
    "A": ("BACK", LONG_MS),
}


def parse_keys(data: str) -> list[tuple[str, str, int]]:
    """(key, button, ms) for each key in what the terminal sent; ("q", "QUIT", 0) to quit."""
    found = []
    i = 0
    while i < len(data):
        for length in (3, 1):
            chunk = data[i : i + length]
            if chunk in KEYS:
                found.append((chunk, *KEYS[chunk]))
                i += length
                break
        else:
            if data[i] == "q":
                found.append(("q", "QUIT", 0))
            i += 1
    return found


TAP_GAP_MS = 40  # up between two presses of one button: longer than the firmware's 20 ms debounce
# A terminal repeats a held key after a pause, then every 30-40 ms: the same key again this soon
# is that repeat, and the button stays down until the repeats stop. A person's quickest taps come
# 80 ms apart or more.
REPEAT_GAP_MS = 70


class KeyPlan:
    """When to press and release each button, from the keys as they come.

    A key is a press of its own `ms` long (a capital letter's is a long
    press), made at once, or after the button's press under way. The same
    key again within REPEAT_GAP_MS is the terminal repeating a held key: the
    press under way is held on, and let go REPEAT_GAP_MS after the last
    repeat. A held key is so a tap, then a hold from the terminal's first
    repeat on, as the terminal sends it.
    """

    def __init__(self) -> None:
        self.releases: dict[str, int] = {}  # button down now -> device time to let go
        self.holding: dict[str, str] = {}  # button down now -> the key that pressed it
        self.last: dict[str, tuple[str, int]] = {}  # button -> its last key, and when it came
        self.queued: dict[str, list[tuple[str, int]]] = {}  # button -> (key, ms) of presses still to make
        self.next_down: dict[str, int] = {}
        self.up_at: dict[str, int] = {}  # button -> when it was last let go

    def key(self, key: str, button: str, ms: int, now: int) -> list[str]:
        """A key arrived at device time `now`; returns the buttons to press now."""
        last = self.last.get(button)
        self.last[button] = (key, now)
        repeated = last is not None and last[0] == key and now - last[1] <= REPEAT_GAP_MS
        if repeated and self.holding.get(button) == key and not self.queued.get(button):
            self.releases[button] = max(self.releases[button], now + REPEAT_GAP_MS)  # held on
            return []
        if repeated:
            return []  # the repeat of a press still to come: it is made as long as its key asks
        if button in self.releases or button in self.next_down or self.queued.get(button):
            self.queued.setdefault(button, []).append((key, ms))  # after the press under way
            return []
        up_at = self.up_at.get(button)
        if up_at is not None and now < up_at + TAP_GAP_MS:  # let go a moment ago: up long enough first
            self.queued[button] = [(key, ms)]
            self.next_down[button] = up_at + TAP_GAP_MS
            return []
        self._down(button, key, ms, now)
        return [button]

    def next_due(self) -> int | None:
        """Device time of the next press or release planned, or None."""
        times = list(self.releases.values()) + list(self.next_down.values())
        return min(times) if times else None

    def _down(self, button: str, key: str, ms: int, now: int) -> None:
        self.holding[button] = key
        self.releases[button] = now + ms

    def due(self, now: int) -> tuple[list[str], list[str]]:
        """(buttons to release, buttons to press) at device time `now`."""
        ups = [b for b, at in self.releases.items() if now >= at]
        for button in ups:
            del self.releases[button]
            del self.holding[button]
            self.up_at[button] = now
            if self.queued.get(button):
                self.next_down[button] = now + TAP_GAP_MS
        downs = [b for b, at in self.next_down.items() if now >= at]
        for button in downs:
            del self.next_down[button]
            key, ms = self.queued[button].pop(0)
            self._down(button, key, ms, now)
        return ups, downs
