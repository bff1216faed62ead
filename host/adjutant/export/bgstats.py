"""BG Stats plays: one createPlay link per finished game.

The mapping is each game's engine's (shared_engine/<game>/bgstats.py, through its desk), which
the phone page uses too; this gives it a stored game, the people named for its seats, and the
date in the host's local time. Names not given are the seats' own (rename them in BG Stats, or
pass --player CP=Name); in a solitaire game the AI's side is named "AI (Solitaire 3.3)" and the
play is marked solo.
"""

from __future__ import annotations

import datetime
import json

from adjutant.export.when import played, stamp
from adjutant.games.desks import of
from adjutant.stored import StoredGame
from shared_engine import bgstats
from shared_engine.bgstats import link  # noqa: F401  (the CLI takes the link from here, with play)


def play(
    g: StoredGame, named: dict[str, str], bgg_id: int | None = None, date: datetime.datetime | None = None
) -> dict:
    """The createPlay JSON of a finished game; `named`: the people recorded for its seats; `date`:
    when it was played, given by the player (export --date), over what the device recorded."""
    when = played(g)
    start = date or when.start
    described = when.describe() if date is None else bgstats.played(stamp(start))
    # BG Stats reads "YYYY-MM-DD HH:MM:SS" as the phone's local time: the host's local time here,
    # and the offset in the comments.
    return of(g).bgstats(g, named, bgg_id, described, start.strftime("%Y-%m-%d %H:%M:%S"))


def to_bgstats(plays: list[dict]) -> str:
    """The plays as JSON: one object, or a list of them."""
    return json.dumps(plays if len(plays) != 1 else plays[0], indent=2) + "\n"
