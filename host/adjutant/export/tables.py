"""CSV (one row per turn of each game) and JSON (each game with its log and turn track)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json

from adjutant.export.timeline import game_of, turns
from adjutant.export.when import played
from adjutant.store import StoredGame

GAME_COLUMNS = (
    "device",
    "game",
    "name",
    "mode",
    "over",
    "winner",
    "margin",
    "level",
    "cp_total",
    "ea_total",
    "pulled_at",
    "started",
    "ended",
    "ended_by",
    "estimated",
    "cp_hand",
    "ea_hand",
)
TURN_COLUMNS = (
    "turn",
    "defender",
    "re_card",
    "re_card_name",
    "d6",
    "cancelled_by",
    "turn_winner",
    "bp_cp",
    "bp_ea",
    "captured",
    "cum_cp",
    "cum_ea",
    "ai_rolls",
)


def _game_cells(g: StoredGame) -> list:
    when = played(g)
    start = when.start.isoformat() if when.known else None
    end = when.end.isoformat() if when.end else None
    cells = [g.dev, g.gid, g.name, g.mode, int(g.over), g.winner, g.margin, g.level, g.cp, g.ea, g.pulled_at]
    if g.game != "the-great-war":  # no hands in hand, no ending but the decks' (the game's own record)
        return cells + [start, end, None, int(when.estimated), None, None]
    state = game_of(g).state
    hands = state.in_hand or {}  # BP of Nationality cards in hand at the end (3.2)
    return cells + [start, end, ended_by(state.end), int(when.estimated), hands.get("CP"), hands.get("EA")]


def ended_by(end: tuple | None) -> str | None:
    """How the game ended: "turns" (the last turn played, 3.1), "no Nationality card: CP" (3.4)."""
    if end is None:
        return None
    reason, side = end
    return "turns" if reason == "turns" else f"no Nationality card: {side}"


def _game_dict(g: StoredGame) -> dict:
    d = dict(zip(GAME_COLUMNS, _game_cells(g)))
    d["over"] = g.over
    d["estimated"] = bool(d["estimated"])
    return d


def rows(games: list[StoredGame]) -> list[dict]:
    """One object per game, as `adjutant games --json` lists them (no log, no turns)."""
    return [_game_dict(g) | {"kind": g.kind} | _own(g) for g in games]


def _own(g: StoredGame) -> dict:
    """What a game other than The Great War adds to its row: The War's decks left; Last Front's
    players, dealer first, and the territories each holds."""
    if g.game == "last-front":
        from adjutant.export.last_front import replayed as front

        state = front(g).state
        return {"players": list(state.players), "held": {n: list(h) for n, h in zip(state.players, state.held)}}
    if g.game != "the-war":
        return {}
    from adjutant.export.the_war import replayed

    return {"decks": dict(replayed(g).state.decks)}


def to_csv(games: list[StoredGame]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(GAME_COLUMNS + TURN_COLUMNS)
    for g in games:
        cells = _game_cells(g)
        for t in turns(g):
            writer.writerow(
                cells
                + [t.turn, t.defender, t.re_card, t.re_card_name, " ".join(str(n) for n in t.rolls), t.cancelled_by]
                + [t.winner, t.bp_cp, t.bp_ea, t.captured, t.total_cp, t.total_ea, t.ai_rolls or None]
            )
    return out.getvalue()


def to_json(games: list[StoredGame]) -> str:
    """Each game as its own record: The Great War's with its turns, The War's with its steps."""
    from adjutant.export import last_front
    from adjutant.export.the_war import to_json_objects

    out = []
    for g in games:
        if g.game == "the-war":
            out += to_json_objects([g])
            continue
        if g.game == "last-front":
            out += last_front.to_json_objects([g])
            continue
        d = _game_dict(g)
        d["sha256"] = g.sha
        d["turns"] = [dataclasses.asdict(t) for t in turns(g)]
        d["log"] = [json.loads(line) for line in g.log.splitlines() if line]
        out.append(d)
    return json.dumps(out, indent=2) + "\n"
