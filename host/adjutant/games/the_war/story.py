"""The War's games from the archive: replayed, and told turn by turn with both decks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjutant.export.when import Played, date_text, duration, played
from adjutant.stored import StoredGame
from shared_engine.games import core
from shared_engine.log import numbered_actions
from shared_engine.replay import from_lines


def replayed(stored: StoredGame) -> Any:
    return from_lines(stored.log)


def mode(header: dict) -> str:
    return f"The War ({header.get('deck')}-card decks, {header.get('first')} first)"


def decks_left(stored: StoredGame) -> str:
    """Both decks now (or at the end), P1's then P2's: "41-38"."""
    decks = replayed(stored).state.decks
    return f"{decks['P1']}-{decks['P2']}"


# an attack names who hit: in a turn's row, a hit by the player whose turn it is not is his own
EVENT_WORDS = {
    "attack": "{by} hits {player}'s deck: {n}",
    "discard": "{player} discards {n}",
    "draw": "{player} draws {n}",
}


def _event(kind: str, player: str, n: int, weapon: str | None) -> str:
    by = "P2" if player == "P1" else "P1"  # an attack's event holds the deck it hit
    return EVENT_WORDS[kind].format(player=player, by=by, n=n) + (f" ({weapon})" if weapon else "")


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


GAME_COLUMNS = ("loser", "deck", "first")
STEP_COLUMNS = ("step", "round", "player", "action", "cards", "weapon", "deck_p1", "deck_p2")


def steps(stored: StoredGame) -> tuple[Any, list[dict]]:
    """The game replayed a step at a time: its state at the end, and each action with both decks
    after it (the game's own record, a row a step)."""
    game: Any = None
    out = []
    for number, action in numbered_actions(stored.log):
        if game is None:
            game = core(action)
            continue
        game.apply(action)
        state = game.state
        kind = action[0]
        player, cards, weapon = None, None, None
        if kind in ("attack", "discard", "draw", "redraw"):
            player, cards = action[1], action[2]
            weapon = action[3] if kind == "attack" else None
        elif kind == "end" or kind == "start":
            player, cards = (state.player, state.track[-1].drew) if state.phase != "over" else (state.loser, 0)
        decks = state.decks
        out.append(
            {"step": number - 1, "round": state.turn, "player": player, "action": kind, "cards": cards}
            | {"weapon": weapon, "deck_p1": decks["P1"], "deck_p2": decks["P2"]}
        )
    return game.state, out


# -- the report -----------------------------------------------------------------------------

TURN_HEAD = ["round", "player", "drew", "deck events", "P1 deck", "P2 deck"]


@dataclass
class WarStory:
    """What the report says of one game of The War."""

    game: StoredGame
    players: dict[str, str]  # seat -> name
    when: Played
    state: Any
    turns: list[list[str]]  # TURN_HEAD's cells, a row a turn, both decks at its end
    decks_by_turn: list[tuple[int, int, int]]  # (turn, P1's deck, P2's deck) at its end; 0: the starting hands

    @property
    def result(self) -> str:
        s = self.state
        if s.phase != "over":
            return f"in progress: round {s.turn}, {s.player} to play"
        return f"{s.winner} ({self.players[s.winner]}) wins in round {s.turn}: {s.loser} could not draw 2"

    def facts(self) -> list[tuple[str, str]]:
        s = self.state
        hands = f"P1 {s.hands['P1']}, P2 {s.hands['P2']}"
        redrawn = [f"{p} re-drew {s.redraws[p]}x" for p in ("P1", "P2") if s.redraws[p]]
        return [
            ("Date", date_text(self.when)),
            ("Duration", duration(self.when, self.game.over)),
            ("Players", f"P1 {self.players['P1']}, P2 {self.players['P2']}"),
            ("Mode", mode(self.game.header)),
            ("Starting hands (Re-draw rule)", hands + (" (" + ", ".join(redrawn) + ")" if redrawn else "")),
            ("Result", self.result),
            ("Decks left", f"P1 {s.decks['P1']}, P2 {s.decks['P2']}"),
        ]


def tell(stored: StoredGame, players: dict[str, str]) -> WarStory:
    state, rows = steps(stored)
    # A turn ends with its "end" step (the next player's draw comes with it): the decks just before.
    ends, before = [], None
    for row in rows:
        if row["action"] == "end" and before is not None:
            ends.append(before)
        before = (row["deck_p1"], row["deck_p2"])
    turns = []
    for k, t in enumerate(state.track):
        events = "; ".join(_event(kind, player, n, weapon) for kind, player, n, weapon in t.events)
        p1, p2 = ends[k] if k < len(ends) else (state.decks["P1"], state.decks["P2"])
        turns.append([str(t.number), t.player, str(t.drew), events, str(p1), str(p2)])
    first = state.deck_size - state.hands["P1"], state.deck_size - state.hands["P2"]
    decks = [(0, *first)] + [(k + 1, int(r[4]), int(r[5])) for k, r in enumerate(turns)]
    return WarStory(stored, players, played(stored), state, turns, decks)
