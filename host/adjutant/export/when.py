"""When a stored game was played, in the host's local time with its UTC offset.

The device dates games by the clock the host sets at each connection (see
firmware/wallclock.py). A game it could not date falls back to the time it
was pulled, and says so.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from adjutant.stored import StoredGame
from shared_engine import bgstats


@dataclass
class Played:
    start: datetime.datetime  # aware, local
    end: datetime.datetime | None
    estimated: bool
    known: bool  # False: the device could not date it; start is when it was pulled

    @property
    def minutes(self) -> int | None:
        if not self.known or self.end is None:
            return None
        return int(bgstats.minutes(self.start.timestamp(), self.end.timestamp()))

    def describe(self) -> str:
        """ "Played 2026-11-22 14:05 (UTC+01:00), 95 min", with what is estimated (as the phone page says it)."""
        when = stamp(self.start)
        if not self.known:
            return f"Pulled {when}; when it was played is not known (the device restarted since)"
        return str(bgstats.played(when, self.minutes, self.estimated))


def local(epoch: int) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(epoch).astimezone()


def offset(moment: datetime.datetime) -> str:
    text = moment.strftime("%z")  # +0100
    return f"UTC{text[:3]}:{text[3:]}"


def pulled(g: StoredGame) -> datetime.datetime:
    """When the game was pulled, local and aware (the archive's stamps: ISO 8601, older ones +0100)."""
    for parse in (datetime.datetime.fromisoformat, lambda t: datetime.datetime.strptime(t, "%Y-%m-%dT%H:%M:%S%z")):
        try:
            return parse(g.pulled_at).astimezone()
        except ValueError:
            continue
    return datetime.datetime.fromtimestamp(0).astimezone()  # not written by this program: say nothing false


def stamp(moment: datetime.datetime) -> str:
    """ "2026-11-22 14:05 (UTC+01:00)": how every date is shown."""
    return f"{moment:%Y-%m-%d %H:%M} ({offset(moment)})"


def played(g: StoredGame) -> Played:
    if g.started is not None:
        end = local(g.ended) if g.ended is not None else None
        return Played(local(g.started), end, g.estimated, True)
    return Played(pulled(g), None, True, False)


def times(g: StoredGame) -> dict:
    """A game's started, ended (ISO 8601 with the offset, or None) and estimated, as the
    exports' columns give them."""
    when = played(g)
    return {
        "started": when.start.isoformat() if when.known else None,
        "ended": when.end.isoformat() if when.end else None,
        "estimated": when.estimated,
    }


def duration(when: Played, over: bool) -> str:
    """ "1 h 35 min", "42 min (estimated)", or why it is not known."""
    minutes = when.minutes
    if minutes is None:
        return "not known" if over else "still being played"
    text = f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"
    return text + (" (estimated)" if when.estimated else "")


def date_text(w: Played) -> str:
    """The date as the report gives it, with what is not known or estimated."""
    if not w.known:
        return f"not known (played before the device restarted); pulled {stamp(w.start)}"
    return stamp(w.start) + (", estimated from the device's uptime" if w.estimated else "")
