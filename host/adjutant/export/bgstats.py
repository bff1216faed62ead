"""BG Stats plays: one createPlay link per finished game, the two sides (The War: seats) as the two players.

The mapping is shared_engine/bgstats.py, which the phone page uses too; this
gives it a stored game's figures, and the date in the host's local time.
Player names are the sides' names; rename them in BG Stats after import, or
pass --player CP=Name. In a solitaire game the AI's side is named "AI
(Solitaire 3.3)" and the play is marked solo.
"""

from __future__ import annotations

import datetime
import json

from adjutant.export.when import played
from adjutant.store import StoredGame
from shared_engine import bgstats
from shared_engine.bgstats import link  # noqa: F401  (the CLI takes the link from here, with play)


def play(
    g: StoredGame, players: dict[str, str], bgg_id: int | None = None, date: datetime.datetime | None = None
) -> dict:
    """The createPlay JSON of a finished game; `players` names each side (see players.of); `date`:
    when it was played, given by the player (export --date), over what the device recorded."""
    when = played(g)
    start = date or when.start
    if g.game == "last-front":  # its players are people already: the names the game began with
        from adjutant.export.last_front import replayed as front

        state = front(g).state
        names = list(state.players)
        winner = names[state.winner] if state.winner is not None else None
        held = state.held[state.winner] if state.winner is not None else []
        return bgstats.play(
            source_id=f"{g.dev}/{g.gid}",
            play_date=start.strftime("%Y-%m-%d %H:%M:%S"),
            comments=bgstats.front_comments(winner, len(state.battles), state.victory, held, when.describe(), g.gid),
            solo=False,
            first=names[0],  # the dealer goes first (Game Play)
            scores=None,
            winner=winner,
            players={name: name for name in names},
            minutes=when.minutes,
            bgg_id=bgg_id,
            kind="last-front",
        )
    if g.game == "the-war":
        from adjutant.export.the_war import replayed

        state = replayed(g).state
        return bgstats.play(
            source_id=f"{g.dev}/{g.gid}",
            play_date=start.strftime("%Y-%m-%d %H:%M:%S"),
            comments=bgstats.war_comments(state.winner, state.loser, state.turn, state.decks, when.describe(), g.gid),
            solo=False,
            first=state.first,
            scores=None,
            winner=state.winner,
            players=players,
            minutes=when.minutes,
            bgg_id=bgg_id,
            kind="the-war",
        )
    return bgstats.play(
        source_id=f"{g.dev}/{g.gid}",
        # BG Stats reads "YYYY-MM-DD HH:MM:SS" as the phone's local time: the host's local time
        # here, and the offset in the comments.
        play_date=start.strftime("%Y-%m-%d %H:%M:%S"),
        comments=bgstats.comments(g.name, g.winner, g.margin, g.level, when.describe(), g.gid),
        solo=g.solo,
        first=str(g.header.get("first", "CP")),
        scores={"CP": g.cp, "EA": g.ea},
        winner=g.winner,
        players=players,
        minutes=when.minutes,
        bgg_id=bgg_id,
    )


def to_bgstats(plays: list[dict]) -> str:
    """The plays as JSON: one object, or a list of them."""
    return json.dumps(plays if len(plays) != 1 else plays[0], indent=2) + "\n"
