"""Last Front at the desk: its archive row, its story, its exports, its report, BG Stats and
`watch` (the hooks of adjutant/games/base.py). Its players are people by name already."""

from __future__ import annotations

from typing import Any, ClassVar

from adjutant.export.when import played
from adjutant.games import base
from adjutant.games.base import Archived, Section
from adjutant.games.last_front import story, watch
from adjutant.setting_kinds import Setting, choice, on_off, whole
from adjutant.stored import StoredGame
from shared_engine.last_front import bgstats


class Desk(base.Desk):
    game = "last-front"
    short = "Last Front"
    settings: ClassVar[dict[str, Setting]] = {
        "lf_seats": Setting(whole(2, 12), "2-12: the most players Last Front's New game offers"),
        "lf_victory": Setting(choice("normal", "quick"), "normal: 2 of a type or 3 types; quick: any 3"),
        "lf_dig": Setting(on_off, "on: Last Front's optional Digging in rule"),
        "lf_types": Setting(whole(2, 4), "2-4: territory types in play (fewer: faster); rules: 4"),
    }
    csv_columns = story.GAME_COLUMNS + story.BATTLE_COLUMNS

    def archived(self, game: Any) -> Archived:
        state = game.state
        held = f"held {story.held_text(state)}"
        if state.phase != "over":
            return Archived("Last Front", None, f"battle {state.turn}, {held}")
        if state.winner is None:
            return Archived("Last Front", None, f"no winner, {held}")
        winner = state.players[state.winner]  # by name: a seat's number says nothing at the desk
        return Archived("Last Front", winner, f"{winner} won, battle {state.turn}, {held}")

    def mode(self, stored: StoredGame) -> str:
        return story.mode(stored.header)

    def row(self, stored: StoredGame) -> tuple[str, str]:
        players = stored.header.get("players") or []
        return f"{len(players)} players", stored.result or self.archived(story.replayed(stored)).result

    def story(self, stored: StoredGame) -> list[str]:
        return story.story_lines(stored)

    def _game_fields(self, state: Any) -> dict:
        return {"players": list(state.players), "victory": state.victory, "dig": state.dig, "types": list(state.types)}

    def csv_rows(self, stored: StoredGame) -> list[dict]:
        state, rows = story.battle_rows(stored)
        fields = self._game_fields(state) | {
            "players": " ".join(state.players),
            "dig": int(state.dig),
            "types": " ".join(state.types),
        }
        out = []
        for row in rows:
            battle = {key: value for key, value in row.items() if key != "winner"}
            out.append(fields | battle | {"battle_winner": row["winner"]})
        return out

    def _holdings(self, state: Any) -> dict:
        names = state.players
        return self._game_fields(state) | {
            "held": {names[s]: list(h) for s, h in enumerate(state.held)},
            "bonus": {k: names[s] if s is not None else None for k, s in state.bonus.items()},
        }

    def fields(self, stored: StoredGame) -> dict:
        return self._holdings(story.replayed(stored).state)

    def to_json(self, stored: StoredGame) -> dict:
        state, rows = story.battle_rows(stored)
        return self._holdings(state) | {"battles": rows}

    def section(self, store: Any, stored: StoredGame) -> Section:
        s = story.tell(stored)
        over = s.state.phase == "over"
        people = [(name, "Last Front", "win" if name == s.winner else "loss") for name in s.players]
        return Section(stored, s.facts(), story.BATTLE_HEAD, s.battles, over=over, people=people if over else [])

    def seats(self, stored: StoredGame, named: dict[str, str]) -> dict[str, str]:
        return {name: name for name in stored.header.get("players") or []}

    def bgstats(self, stored: StoredGame, named: dict[str, str], bgg_id: int | None, when: str, play_date: str):
        state = story.replayed(stored).state
        source = f"{stored.dev}/{stored.gid}"
        return bgstats.play(state, source, play_date, when, stored.gid, None, played(stored).minutes, bgg_id)

    def playing(self, state: dict) -> str:
        battles = state.get("battles") or [{}]
        return f"battle {battles[-1].get('battle', 0)}, phase {state.get('phase')}"

    def state_line(self, body: dict) -> str:
        return watch.state_line(body)

    def said(self, event: dict, before: dict | None) -> str:
        return watch.said(event, before)
