"""The War at the desk: its archive row, its story, its exports, its report, BG Stats and `watch`
(the hooks of adjutant/games/base.py)."""

from __future__ import annotations

from typing import Any, ClassVar

from adjutant.export import chart
from adjutant.export.when import played
from adjutant.games import base
from adjutant.games.base import Archived, Section
from adjutant.games.the_war import story, watch
from adjutant.setting_kinds import Setting, whole
from adjutant.stored import StoredGame
from shared_engine.the_war import bgstats


class Desk(base.Desk):
    game = "the-war"
    short = "The War"
    settings: ClassVar[dict[str, Setting]] = {
        "war_deck": Setting(whole(20, 200), "20-200: the cards a deck, as New game offers (rules: 60)")
    }
    seat_codes = ("P1", "P2")
    csv_columns = story.GAME_COLUMNS + story.STEP_COLUMNS

    def archived(self, game: Any) -> Archived:
        state = game.state
        decks = f"decks {state.decks['P1']}-{state.decks['P2']}"
        if state.phase != "over":
            return Archived("The War", None, f"round {state.turn}, {decks}")
        return Archived("The War", state.winner, f"{state.winner} won, round {state.turn}, {decks}")

    def mode(self, stored: StoredGame) -> str:
        return story.mode(stored.header)

    def row(self, stored: StoredGame) -> tuple[str, str]:
        return f"{stored.header.get('deck')} cards", stored.result or self.archived(story.replayed(stored)).result

    def story(self, stored: StoredGame) -> list[str]:
        return story.story_lines(stored)

    def _game_fields(self, state: Any) -> dict:
        return {"loser": state.loser, "deck": state.deck_size, "first": state.first}

    def csv_rows(self, stored: StoredGame) -> list[dict]:
        state, rows = story.steps(stored)
        fields = self._game_fields(state)
        return [fields | row for row in rows]

    def fields(self, stored: StoredGame) -> dict:
        state = story.replayed(stored).state
        return self._game_fields(state) | {"decks": dict(state.decks)}

    def to_json(self, stored: StoredGame) -> dict:
        state, rows = story.steps(stored)
        return self._game_fields(state) | {"decks": dict(state.decks), "steps": rows}

    def section(self, store: Any, stored: StoredGame) -> Section:
        s = story.tell(stored, self.seats(stored, store.players(stored)))
        over = s.state.phase == "over"
        people = [
            (name, seat, "win" if s.state.winner == seat else "loss")
            for seat, name in s.players.items()
            if name != bgstats.SEATS[seat]  # nobody named for this seat
        ]
        figure = chart.lines(
            f"{stored.name} ({stored.gid})",
            [r[0] for r in s.decks_by_turn],
            [
                ("P1", "P1's deck", [r[1] for r in s.decks_by_turn]),
                ("P2", "P2's deck", [r[2] for r in s.decks_by_turn]),
            ],
            "cards left in the deck",
        )
        return Section(
            stored,
            s.facts(),
            story.TURN_HEAD,
            s.turns,
            over=over,
            people=people if over else [],
            chart=figure,
            chart_alt="both decks by turn",
            figures={"winner": s.state.winner, "decks_by_turn": s.decks_by_turn},
        )

    def summary(self, sections: list[Section]) -> list[tuple[str, str]]:
        wins = {"P1": 0, "P2": 0}
        for s in sections:
            if s.over:
                wins[s.figures["winner"]] += 1
        return [("The War: wins by seat", f"P1 {wins['P1']}, P2 {wins['P2']}")]

    def seats(self, stored: StoredGame, named: dict[str, str]) -> dict[str, str]:
        return bgstats.names(None, named)

    def bgstats(self, stored: StoredGame, named: dict[str, str], bgg_id: int | None, when: str, play_date: str):
        state = story.replayed(stored).state
        source = f"{stored.dev}/{stored.gid}"
        return bgstats.play(state, source, play_date, when, stored.gid, named, played(stored).minutes, bgg_id)

    def playing(self, state: dict) -> str:
        decks = state.get("decks") or {}
        return f"round {state.get('turn')}, {state.get('player')} to play, decks {decks.get('P1')}-{decks.get('P2')}"

    def state_line(self, body: dict) -> str:
        return watch.state_line(body)

    def said(self, event: dict, before: dict | None) -> str:
        return watch.said(event, before)
