"""Last Front's games from the archive: replayed, and told battle by battle."""

from __future__ import annotations

from typing import Any

from adjutant.export.when import date_text, duration, played
from adjutant.stored import StoredGame
from shared_engine.games import core
from shared_engine.log import numbered_actions
from shared_engine.replay import from_lines


def replayed(stored: StoredGame) -> Any:
    return from_lines(stored.log)


def held_text(state: Any) -> str:
    """Territories held by seat, dealer first: "2-1-0-0"."""
    return "-".join(str(len(h)) for h in state.held)


def mode(header: dict) -> str:
    players = header.get("players") or []
    dig = ", dig in" if header.get("dig") else ""
    types = f", {len(header['types'])} territory types" if header.get("types") else ""  # fewer than 4
    return f"Last Front ({len(players)} players, {header.get('victory')} victory{dig}{types})"


def battle_rows(stored: StoredGame) -> tuple[Any, list[dict]]:
    """The game replayed: its state at the end, and a row per battle with what it came to."""
    game: Any = None
    rows: list[dict] = []
    for _, action in numbered_actions(stored.log):
        if game is None:
            game = core(action)
            continue
        game.apply(action)
    state = game.state
    names = state.players
    for b in state.battles:
        rows.append(
            {
                "battle": b.number,
                "territory": b.type,
                "from": names[b.holder] if b.holder is not None else "deck",
                "declarer": names[b.declarer],
                "bids": "; ".join(f"{names[s]} {v}" + (f" ({d} dug in)" if d else "") for s, v, d in b.bids),
                "withdrew": ", ".join(names[s] for s in b.withdrawn),
                "winner": names[b.winner] if b.winner is not None else None,
                "winning_bid": b.high if b.winner is not None else None,
            }
        )
    return state, rows


def story_lines(stored: StoredGame) -> list[str]:
    """The game battle by battle: the territory, the bids, who withdrew, who won; the end."""
    state, rows = battle_rows(stored)
    names = state.players
    types = "" if len(state.types) == 4 else f"; types in play: {', '.join(state.types)}"  # Victory Conditions
    out = [
        f"players, dealer first: {', '.join(names)}; victory {state.victory}"
        + (", dig in" if state.dig else "")
        + types
    ]
    for r in rows:
        won = f"{r['winner']} wins at {r['winning_bid']}" if r["winner"] else "being fought"
        out.append(f"battle {r['battle']:>2}  {r['territory']:<8} from {r['from']:<6} {won}  bids: {r['bids']}")
    for seat, name in enumerate(names):
        out.append(f"{name}: {', '.join(state.held[seat]) or 'no territory'}")
    bonuses = [f"{kind} {names[s] if s is not None else 'none'}" for kind, s in state.bonus.items()]
    out.append("Territory Bonuses: " + ", ".join(bonuses))
    if state.phase == "over":
        out.append(
            f"result: {names[state.winner]} wins ({state.victory} victory)"
            if state.winner is not None
            else "result: no winner"
        )
    return out


GAME_COLUMNS = ("players", "victory", "dig", "types")
BATTLE_COLUMNS = ("battle", "territory", "from", "declarer", "bids", "withdrew", "battle_winner", "winning_bid")


# -- the report -----------------------------------------------------------------------------

BATTLE_HEAD = ["battle", "territory", "from", "declarer", "bids", "withdrew", "winner"]


class FrontStory:
    """What the report says of one game of Last Front: its players are people by name already."""

    def __init__(self, stored: StoredGame) -> None:
        self.game = stored
        self.state, rows = battle_rows(stored)
        self.when = played(stored)
        self.players = {name: name for name in self.state.players}
        self.battles = [
            [str(r["battle"]), r["territory"], r["from"], r["declarer"], r["bids"], r["withdrew"], r["winner"] or ""]
            for r in rows
        ]

    @property
    def winner(self) -> str | None:
        s = self.state
        return s.players[s.winner] if s.winner is not None else None

    def facts(self) -> list[tuple[str, str]]:
        s = self.state
        held = "; ".join(f"{n} {', '.join(h) or '-'}" for n, h in zip(s.players, s.held))
        bonus = ", ".join(f"{k} {s.players[v] if v is not None else 'none'}" for k, v in s.bonus.items())
        if s.phase != "over":
            result = f"in progress: battle {s.turn}"
        else:
            result = f"{self.winner} wins ({s.victory} victory)" if self.winner else "no winner"
        return [
            ("Date", date_text(self.when)),
            ("Duration", duration(self.when, self.game.over)),
            ("Players, dealer first", ", ".join(s.players)),
            ("Mode", mode(self.game.header)),
            ("Result", result),
            ("Territories held", held),
            ("Territory Bonuses", bonus),
        ]


def tell(stored: StoredGame) -> FrontStory:
    return FrontStory(stored)
