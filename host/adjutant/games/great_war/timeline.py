"""A stored game replayed into what exports show: the turn track with cumulative BP."""

from __future__ import annotations

from dataclasses import dataclass

from adjutant.stored import StoredGame
from shared_engine.great_war.game import Game


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
    re_card_name: str | None = None  # and its name, if the archive knows it (`adjutant cards push`)
    rolls: tuple[int, ...] = ()  # its d6, rolled by the Defender
    cancelled_by: str | None = None  # "EA joker": who cancelled the Random Event, and with what
    ai: tuple[tuple[str, int, int], ...] = ()  # solitaire: the AI's rolls, (step, die, face), in order
    again: tuple[int, ...] = ()  # the faces of undone rolls that a roll made again replaced (7.7)

    @property
    def event(self) -> str:
        """The Random Event phase in a few words: "re-mud, d6 5", "d6 3", "EA joker cancelled", "no d6"
        (a turn played without one); nothing yet for a turn still at its Random Event."""
        words = [self.re_card_name or self.re_card] if self.re_card else []
        if self.cancelled_by:
            words.append(f"{self.cancelled_by} cancelled")
        elif self.rolls:
            words.append("d6 " + " ".join(str(n) for n in self.rolls))
            if self.again:  # one d6 an event (7.7): a roll made again after an undo is said so
                words.append("made again, was " + " ".join(str(n) for n in self.again))
        elif self.winner is not None:
            words.append("no d6")
        return ", ".join(words)

    @property
    def ai_rolls(self) -> str:
        """The solitaire AI's rolls in a player's words: "hand 3: d6 4; bonus 7: d6 2; discard 8: 3 of 9"."""
        return "; ".join(ai_roll(step, die, face) for step, die, face in self.ai)


AI_STEPS = {"s3": "hand 3", "s7": "bonus 7", "s7b": "both cancel 7", "s8": "discard 8", "s11": "hand 11"}


def ai_roll(step: str, die: int, face: int) -> str:
    """One roll made for the solitaire AI, by the step of Solitaire Rules 3.3 it served."""
    name = AI_STEPS.get(step, step)
    return f"{name}: {face} of {die}" if step == "s8" else f"{name}: d6 {face}"


WINNER_ONLY = "winner only"  # a battle whose winner alone was entered: no face-up BP to show


def battle_shown(t: Turn) -> str:
    """A battle's face-up BP in a few words: "14-11", "winner only", or nothing before it."""
    if t.bp_cp is not None:
        return f"{t.bp_cp}-{t.bp_ea}"
    return WINNER_ONLY if t.winner else ""


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
                stored.card_names.get(str(d["re"])) if d["re"] is not None else None,
                tuple(d["rolls"]),
                f"{cancel['side']} {cancel['by']}" if cancel else None,
                tuple(tuple(r) for r in d.get("ai", ())),
                tuple(d.get("again", ())),
            )
        )
    return out
