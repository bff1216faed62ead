"""Race at the desk: the hooks of adjutant/games/base.py, for a race to a target score."""

from __future__ import annotations

from typing import Any, ClassVar

from adjutant.export.when import played
from adjutant.games.base import Archived, Section
from adjutant.games.base import Desk as Base
from adjutant.games.desks import replay
from adjutant.setting_kinds import Setting, whole
from shared_engine.race import bgstats


def _score(state: Any) -> str:
    return f"{state.scores['P1']}-{state.scores['P2']}"


class Desk(Base):
    game = "race"
    short = "Race"
    settings: ClassVar[dict[str, Setting]] = {"race_to": Setting(whole(3, 21), "3-21: the points a race is to")}
    seat_codes = ("P1", "P2")
    csv_columns = ("target", "point", "player", "p1", "p2")

    def archived(self, game: Any) -> Archived:
        state = game.state
        if state.winner is None:
            return Archived(f"Race to {state.target}", None, f"{_score(state)}, racing")
        return Archived(f"Race to {state.target}", state.winner, f"{state.winner} won {_score(state)}")

    def row(self, stored: Any) -> tuple[str, str]:
        return f"to {stored.header.get('target')}", stored.result or ""

    def _points(self, stored: Any) -> tuple[Any, list[dict]]:
        from shared_engine.games import core
        from shared_engine.log import numbered_actions

        game: Any = None
        rows = []
        for _, action in numbered_actions(stored.log):
            if game is None:
                game = core(action)
                continue
            game.apply(action)
            scores = game.state.scores
            rows.append({"point": len(rows) + 1, "player": action[1], "p1": scores["P1"], "p2": scores["P2"]})
        return game.state, rows

    def story(self, stored: Any) -> list[str]:
        state, rows = self._points(stored)
        out = [f"point {r['point']:>2}  {r['player']}  {r['p1']}-{r['p2']}" for r in rows]
        return out + ([f"result: {state.winner} wins {_score(state)}"] if state.winner else [])

    def fields(self, stored: Any) -> dict:
        state = replay(stored).state
        return {"target": state.target, "scores": dict(state.scores)}

    def csv_rows(self, stored: Any) -> list[dict]:
        state, rows = self._points(stored)
        return [{"target": state.target} | r for r in rows]

    def to_json(self, stored: Any) -> dict:
        return self.fields(stored) | {"points": self._points(stored)[1]}

    def section(self, store: Any, stored: Any) -> Section:
        state, rows = self._points(stored)
        over = state.winner is not None
        facts = [("Target", str(state.target)), ("Result", self.archived(replay(stored)).result)]
        table = [[str(r["point"]), r["player"], f"{r['p1']}-{r['p2']}"] for r in rows]
        return Section(stored, facts, ["point", "player", "P1-P2"], table, over=over, figures={"winner": state.winner})

    def summary(self, sections: list[Section]) -> list[tuple[str, str]]:
        wins = sum(1 for s in sections if s.figures["winner"] == "P1")
        return [("Race: P1's wins", str(wins))]

    def seats(self, stored: Any, named: dict[str, str]) -> dict[str, str]:
        return bgstats.names(None, named)

    def bgstats(self, stored: Any, named: dict[str, str], bgg_id: int | None, when: str, play_date: str):
        state = replay(stored).state
        source = f"{stored.dev}/{stored.gid}"
        return bgstats.play(state, source, play_date, when, stored.gid, named, played(stored).minutes, bgg_id)

    def playing(self, state: dict) -> str:
        return f"{state['scores']['P1']}-{state['scores']['P2']} to {state['target']}"

    def state_line(self, body: dict) -> str:
        s = body["state"]
        return f"{body.get('gid')}  Race to {s['target']}  P1 {s['scores']['P1']}  P2 {s['scores']['P2']}"

    def said(self, event: dict, before: dict | None) -> str:
        s = event["state"]
        if before is None or before.get("gid") != event.get("gid"):
            return f"new game: Race to {s['target']}"
        if s.get("winner"):
            return f"{s['winner']} wins the race {s['scores']['P1']}-{s['scores']['P2']}"
        return f"{event.get('a')}: P1 {s['scores']['P1']}, P2 {s['scores']['P2']}"
