"""What a report says of one game: when, who, which mode, how it ended, the count at the end."""

from __future__ import annotations

from dataclasses import dataclass

from adjutant.export import players as people
from adjutant.export.timeline import Turn, game_of, turns
from adjutant.export.when import Played, played
from adjutant.store import Store, StoredGame


@dataclass
class Story:
    game: StoredGame
    players: dict[str, str]  # side -> name
    when: Played
    mode: str
    ended: str
    hands: dict[str, int] | None  # BP of Nationality cards in hand at the end (3.2)
    captured: dict[str, int]
    turns_in_game: int
    track: list[Turn]

    @property
    def result(self) -> str:
        g = self.game
        if not g.over:
            return "in progress"
        if g.winner is None:
            return f"draw (margin {g.margin} BP, under 10: 3.5)"
        return f"{g.winner} ({self.players[g.winner]}) wins by {g.margin} BP: {g.level} victory"

    @property
    def count(self) -> str | None:
        """ "CP 12 captured + 7 in hand = 19; EA ..." once the hands are counted."""
        if self.hands is None:
            if self.game.solo and self.game.over:
                cp, ea = self.captured["CP"], self.captured["EA"]
                return f"CP {cp}, EA {ea} captured (Solitaire Step 15: no hand counted)"
            return None
        return "; ".join(
            f"{side} {self.captured[side]} captured + {self.hands[side]} in hand = "
            f"{self.captured[side] + self.hands[side]}"
            for side in ("CP", "EA")
        )

    @property
    def duration(self) -> str:
        return duration(self.when, self.game.over)


def duration(when: Played, over: bool) -> str:
    """ "1 h 35 min", "42 min (estimated)", or why it is not known."""
    minutes = when.minutes
    if minutes is None:
        return "not known" if over else "still being played"
    text = f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"
    return text + (" (estimated)" if when.estimated else "")


def mode(g: StoredGame) -> str:
    header = g.header
    turns_, first = header.get("turns"), header.get("first")
    if g.solo:
        return f"solitaire 1.4: you play {g.solo} against the AI (Solitaire 3.3), {turns_} turns"
    if g.kind == "basic":
        return "basic game 1.2: 10 turns, CP defends first"
    return f"scenario 1.5 “{header.get('name')}”: {turns_} turns, {first} defends first"


def tell(store: Store, g: StoredGame) -> Story:
    state = game_of(g).state
    if state.end is None:
        ended = f"not yet: turn {state.turn} of {state.turns}"
    elif state.end[0] == "no_nat":
        ended = f"at once in turn {state.turn} (3.4): {state.end[1]} could not draw a Nationality card"
    else:
        ended = f"after the last turn, {state.turn} of {state.turns} (3.1)"
    return Story(
        game=g,
        players=people.of(store, g),
        when=played(g),
        mode=mode(g),
        ended=ended,
        hands=dict(state.in_hand) if state.in_hand else None,
        captured=dict(state.captured),
        turns_in_game=state.turns,
        track=turns(g),
    )
