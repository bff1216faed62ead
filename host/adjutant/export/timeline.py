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
    re_card: str | None = None  # the Random Event card drawn (7.7), by its card-data id
    rolls: tuple[int, ...] = ()  # its d6, rolled by the Defender
    cancelled_by: str | None = None  # "EA joker": who cancelled the Random Event, and with what

    @property
    def event(self) -> str:
        """The Random Event phase in a few words: "re-mud, d6 5", "d6 3", "EA joker cancelled", "no d6"."""
        words = [self.re_card] if self.re_card else []
        if self.cancelled_by:
            words.append(f"{self.cancelled_by} cancelled")
        elif self.rolls:
            words.append("d6 " + " ".join(str(n) for n in self.rolls))
        else:
            words.append("no d6")
        return ", ".join(words)


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
        cancel = d["cancel"]
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
                d["re"],
                tuple(d["rolls"]),
                f"{cancel['side']} {cancel['by']}" if cancel else None,
            )
        )
    return out
