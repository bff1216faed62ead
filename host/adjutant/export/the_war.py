"""The War's games from the archive: replayed, and told turn by turn with both decks."""

from __future__ import annotations

from typing import Any

from adjutant.store import StoredGame
from shared_engine.replay import from_lines


def replayed(stored: StoredGame) -> Any:
    return from_lines(stored.log)


def decks_left(stored: StoredGame) -> str:
    """Both decks now (or at the end), P1's then P2's: "41-38"."""
    decks = replayed(stored).state.decks
    return f"{decks['P1']}-{decks['P2']}"


EVENT_WORDS = {"attack": "hits {player}'s deck: {n}", "discard": "{player} discards {n}", "draw": "{player} draws {n}"}


def _event(kind: str, player: str, n: int, weapon: str | None) -> str:
    return EVENT_WORDS[kind].format(player=player, n=n) + (f" ({weapon})" if weapon else "")


def story_lines(stored: StoredGame) -> list[str]:
    """The game turn by turn: the starting hands, each turn's draw and deck events, the end."""
    state = replayed(stored).state
    out = [f"decks of {state.deck_size}; starting hands P1 {state.hands['P1']}, P2 {state.hands['P2']}"]
    for player in ("P1", "P2"):
        if state.redraws[player]:
            out.append(f"{player} re-drew {state.redraws[player]} time(s) (Re-draw rule)")
    for turn in state.track:
        events = [_event(kind, player, n, weapon) for kind, player, n, weapon in turn.events]
        out.append(f"round {turn.number:>2}  {turn.player}  drew {turn.drew}  " + "; ".join(events))
    if state.phase == "over":
        out.append(f"result: {state.winner} wins in round {state.turn}: {state.loser} could not draw 2")
    out.append(f"decks now: P1 {state.decks['P1']}, P2 {state.decks['P2']}")
    return [line.rstrip() for line in out]
