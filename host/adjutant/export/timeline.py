"""A stored game replayed into what exports show: the turn track with cumulative BP."""

from __future__ import annotations

from dataclasses import dataclass

from adjutant.store import StoredGame
from shared_engine.game import Game


@dataclass
class Turn:
    turn: int
    defender: str
    winner: str | None
    bp_cp: int | None
    bp_ea: int | None
    captured: int | None
    total_cp: int  # cumulative captured BP after this turn
    total_ea: int


NOT_ENTERED = "\u2013"  # a turn whose winner alone was entered (winner-only battle entry)


def bp_shown(t: Turn, side: str) -> str:
    """A side's face-up BP as exports show it: the number, NOT_ENTERED if the winner alone was entered."""
    value = t.bp_cp if side == "CP" else t.bp_ea
    if value is not None:
        return str(value)
    return NOT_ENTERED if t.winner else ""


def game_of(stored: StoredGame) -> Game:
    return Game.from_lines(stored.log)


def turns(stored: StoredGame) -> list[Turn]:
    state = game_of(stored).state
    totals = {"CP": 0, "EA": 0}
    out = []
    for record in state.track:
        d = record.to_dict()
        if d["winner"] and d["captured"]:
            totals[d["winner"]] += d["captured"]
        bp = d["bp"] or {}
        out.append(
            Turn(
                d["turn"],
                d["defender"],
                d["winner"],
                bp.get("CP"),
                bp.get("EA"),
                d["captured"],
                totals["CP"],
                totals["EA"],
            )
        )
    return out
