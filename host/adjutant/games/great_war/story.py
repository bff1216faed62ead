"""What the report says of one game of The Great War: when, who, which mode, how it ended, the
count at the end, its turn track, a row a turn and the chart of captured BP."""

from __future__ import annotations

import html
from dataclasses import dataclass

from adjutant.export.when import Played, date_text, duration, played
from adjutant.games.great_war.timeline import Turn, battle_shown, game_of, turns
from adjutant.stored import StoredGame

HEAD = ["turn", "defender", "Random Event", "face-up BP", "winner", "captured", "CP-EA"]
AI_HEAD = "the AI's rolls (Solitaire 3.3)"


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
    result_of: tuple | None  # the engine's (totals, winner, margin, level), once over
    solo: str | None

    @property
    def result(self) -> str:
        if self.result_of is None:
            return "in progress"
        _, winner, margin, _level = self.result_of
        if winner is None:
            return f"draw (margin {margin} BP, under 10: 3.5)"
        return f"{winner} ({self.players[winner]}) wins by {margin} BP: {_level} victory"

    @property
    def count(self) -> str | None:
        """ "CP 12 captured + 7 in hand = 19; EA ..." once the hands are counted."""
        if self.hands is None:
            if self.solo and self.result_of is not None:
                cp, ea = self.captured["CP"], self.captured["EA"]
                return f"CP {cp}, EA {ea} captured (Solitaire Step 15: no hand counted)"
            return None
        return "; ".join(
            f"{side} {self.captured[side]} captured + {self.hands[side]} in hand = "
            f"{self.captured[side] + self.hands[side]}"
            for side in ("CP", "EA")
        )

    def facts(self) -> list[tuple[str, str]]:
        """The game's particulars, label and text, in the order both formats show them."""
        out = [
            ("Date", date_text(self.when)),
            ("Duration", duration(self.when, self.game.over)),
            ("Players", f"CP {self.players['CP']}, EA {self.players['EA']}"),
            ("Mode", self.mode),
            ("Ended", self.ended),
            ("Result", self.result),
        ]
        if self.count:
            out.append(("Final count (3.2, 3.5)", self.count))
        return out

    def head(self) -> list[str]:
        """The turn table's columns: the AI's rolls too in a solitaire game."""
        return HEAD + [AI_HEAD] if any(t.ai for t in self.track) else HEAD

    def rows(self) -> list[list[str]]:
        def cell(v: object) -> str:
            return "" if v is None else str(v)

        solo = any(t.ai for t in self.track)
        return [
            [str(t.turn), t.defender, t.event, battle_shown(t), cell(t.winner), cell(t.captured)]
            + [f"{t.total_cp}-{t.total_ea}"]
            + ([t.ai_rolls] if solo else [])
            for t in self.track
        ]

    def track_text(self) -> str:
        """The turn track in a line: each turn's Defender and winner, as the mat's boxes show them."""
        cells = []
        for n in range(1, self.turns_in_game + 1):
            t = self.track[n - 1] if n <= len(self.track) else None
            if t is None:
                cells.append(f"{n} ·")
            else:
                won = f" {t.winner}+{t.captured}" if t.winner else ""
                cells.append(f"{n} D:{t.defender}{won}")
        return " | ".join(cells)

    def track_html(self) -> str:
        """The Battle Mat's turn track: a box per turn, the Defender, and who won what."""
        boxes = []
        current = len(self.track) if not self.game.over else None
        for n in range(1, self.turns_in_game + 1):
            t = self.track[n - 1] if n <= len(self.track) else None
            if t is None:
                boxes.append(f'<div class="turn later"><b>{n}</b><br>&nbsp;<br>&nbsp;</div>')
                continue
            won = f"{t.winner} +{t.captured}" if t.winner else ("playing" if n == current else "no battle")
            kind = t.winner or ("now" if n == current else "")
            boxes.append(f'<div class="turn {kind}"><b>{n}</b><br>DEF {t.defender}<br>{html.escape(won)}</div>')
        return '<div class="track" aria-label="turn track">' + "".join(boxes) + "</div>"


def solo(g: StoredGame) -> str | None:
    """The side the player took in a solitaire game (its log's second record), else None."""
    lines = g.log.split("\n", 2)
    if len(lines) > 1 and lines[1].startswith('{"a":"solo"'):
        import json

        return json.loads(lines[1])["side"]
    return None


def variant(g: StoredGame) -> str:
    """basic (1.2: 10 turns, CP defends first), scenario (1.5) or solitaire (1.4)."""
    if solo(g):
        return "solitaire"
    header = g.header
    basic = header.get("name") == "Basic game" and header.get("turns") == 10 and header.get("first") == "CP"
    return "basic" if basic else "scenario"


def mode(g: StoredGame) -> str:
    """The kind with what sets it apart: the player's side, or the scenario's name and turns."""
    kind = variant(g)
    header = g.header
    if kind == "solitaire":
        return f"solitaire ({solo(g)})"
    if kind == "scenario":
        return f"scenario {header.get('name')} ({header.get('turns')} turns, {header.get('first')} first)"
    return kind


def long_mode(g: StoredGame) -> str:
    header = g.header
    turns_, first, side = header.get("turns"), header.get("first"), solo(g)
    if side:
        return f"solitaire 1.4: you play {side} against the AI (Solitaire 3.3), {turns_} turns"
    if variant(g) == "basic":
        return "basic game 1.2: 10 turns, CP defends first"
    return f"scenario 1.5 “{header.get('name')}”: {turns_} turns, {first} defends first"


def tell(g: StoredGame, players: dict[str, str]) -> Story:
    state = game_of(g).state
    if state.end is None:
        ended = f"not yet: turn {state.turn} of {state.turns}"
    elif state.end[0] == "no_nat":
        ended = f"at once in turn {state.turn} (3.4): {state.end[1]} could not draw a Nationality card"
    else:
        ended = f"after the last turn, {state.turn} of {state.turns} (3.1)"
    return Story(
        game=g,
        players=players,
        when=played(g),
        mode=long_mode(g),
        ended=ended,
        hands=dict(state.in_hand) if state.in_hand else None,
        captured=dict(state.captured),
        turns_in_game=state.turns,
        track=turns(g),
        result_of=state.result,
        solo=state.solo,
    )
