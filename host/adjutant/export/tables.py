"""CSV (one row per turn, round or battle of each game) and JSON (each game with its own record).

The columns every game has come first and mean the same for each (COMMON); then the game's own,
from its desk (adjutant/games/): The Great War's turns, The War's steps, Last Front's battles.
A CSV holds one game's games (its columns); JSON holds every game's.
"""

from __future__ import annotations

import csv
import io
import json

from adjutant.export.when import played
from adjutant.games.desks import of
from adjutant.stored import StoredGame

COMMON = (
    "device",
    "game",
    "which_game",
    "name",
    "mode",
    "kind",
    "over",
    "winner",
    "result",
    "pulled_at",
    "started",
    "ended",
    "estimated",
)


def common(g: StoredGame) -> dict:
    """The columns every game has: who, which game, when, how it came out."""
    desk = of(g)
    when = played(g)
    return {
        "device": g.dev,
        "game": g.gid,
        "which_game": desk.game,
        "name": g.name,
        "mode": desk.mode(g),
        "kind": desk.variant(g),
        "over": g.over,
        "winner": g.winner,
        "result": g.result or desk.row(g)[1],
        "pulled_at": g.pulled_at,
        "started": when.start.isoformat() if when.known else None,
        "ended": when.end.isoformat() if when.end else None,
        "estimated": when.estimated,
    }


def rows(games: list[StoredGame]) -> list[dict]:
    """One object per game, as `adjutant games --json` lists them: the common columns and the
    game's own figures, no turns and no log."""
    return [common(g) | of(g).fields(g) for g in games]


def to_csv(games: list[StoredGame]) -> str:
    """One game's games (the caller keeps them to one: --game), a row per turn (round, battle)."""
    desk = of(games[0])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    columns = COMMON + desk.csv_columns
    writer.writerow(columns)
    for g in games:
        cells = common(g)
        cells["over"] = int(cells["over"])
        cells["estimated"] = int(cells["estimated"])
        for row in desk.csv_rows(g):
            merged = cells | row
            writer.writerow([merged.get(c) for c in columns])
    return out.getvalue()


def to_json(games: list[StoredGame]) -> str:
    """Each game as its own record: the common keys, the game's own (its desk's), its sha256 and log."""
    out = []
    for g in games:
        d = common(g) | of(g).to_json(g)
        d["sha256"] = g.sha
        d["log"] = [json.loads(line) for line in g.log.splitlines() if line]
        out.append(d)
    return json.dumps(out, indent=2) + "\n"
