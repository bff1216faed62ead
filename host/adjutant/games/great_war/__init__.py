"""The Great War at the desk: its archive row, its story, its exports, its report, BG Stats and
`watch` (the hooks of adjutant/games/base.py)."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from adjutant.export import chart
from adjutant.export.when import played
from adjutant.games import base
from adjutant.games.base import Archived, Section
from adjutant.games.great_war import story, watch
from adjutant.games.great_war.timeline import battle_shown, game_of, turns
from adjutant.setting_kinds import Setting, choice, on_off
from adjutant.stored import StoredGame
from shared_engine.great_war import bgstats
from shared_engine.great_war.scoring import LEVELS

GAME_COLUMNS = ("margin", "level", "cp_total", "ea_total", "ended_by", "cp_hand", "ea_hand")
TURN_COLUMNS = (
    "turn",
    "defender",
    "re_card",
    "re_card_name",
    "d6",
    "d6_made_again",
    "cancelled_by",
    "turn_winner",
    "bp_cp",
    "bp_ea",
    "captured",
    "cum_cp",
    "cum_ea",
    "ai_rolls",
)


def ended_by(end: tuple | None) -> str | None:
    """How the game ended: "turns" (the last turn played, 3.1), "no Nationality card: CP" (3.4)."""
    if end is None:
        return None
    reason, side = end
    return "turns" if reason == "turns" else f"no Nationality card: {side}"


class Desk(base.Desk):
    game = "the-great-war"
    short = "Great War"
    settings: ClassVar[dict[str, Setting]] = {
        "last_draw": Setting(on_off, "on: draw after the last turn too (7.19); rules: off"),
        "battles": Setting(choice("bp", "winner"), "bp: both sides' face-up BP; winner: the winner only"),
        "attack": Setting(on_off, "on: the Attack card marked each turn (7.10, G.2)"),
        "solo": Setting(choice("CP", "EA"), "CP or EA: the side first offered for solitaire"),
    }
    seat_codes = ("CP", "EA")
    csv_columns = GAME_COLUMNS + TURN_COLUMNS
    cards_file = "adjutant.games.great_war.cards_file"

    def archived(self, game: Any) -> Archived:
        state = game.state
        if state.result is None:
            return Archived(state.name, None, f"turn {state.turn} of {state.turns}")
        totals, winner, margin, level = state.result
        detail = {"margin": margin, "level": level, "cp": totals["CP"], "ea": totals["EA"]}
        said = f"{winner} by {margin} {level}" if winner else "draw"
        return Archived(state.name, winner, f"{said} {totals['CP']}-{totals['EA']}", detail)

    def variant(self, stored: StoredGame) -> str:
        return story.variant(stored)

    def mode(self, stored: StoredGame) -> str:
        return story.mode(stored)

    def row(self, stored: StoredGame) -> tuple[str, str]:
        side = story.solo(stored)
        short = f"solo {side}" if side else story.variant(stored)
        return short, stored.result or self.archived(game_of(stored)).result

    def story(self, stored: StoredGame) -> list[str]:
        out = []
        for t in turns(stored):
            won = f"{t.winner} +{t.captured}" if t.winner and t.captured is not None else t.winner or ""
            totals = f"CP {t.total_cp:>3}  EA {t.total_ea:>3}"
            out.append(f"turn {t.turn:>2}  def {t.defender}  BP {battle_shown(t):<11} {won:<6} {totals}  {t.event}")
            if t.ai:
                out.append(f"         AI: {t.ai_rolls}")
        state = game_of(stored).state
        if state.in_hand:
            out.append(f"in hand at the end (3.2): CP {state.in_hand['CP']}, EA {state.in_hand['EA']}")
        if state.result is not None:
            totals, winner, margin, level = state.result
            won = f"{winner} wins by {margin}, {level}" if winner else "draw"
            out.append(f"result: {won} (CP {totals['CP']}, EA {totals['EA']})")
        return [line.rstrip() for line in out]

    def fields(self, stored: StoredGame) -> dict:
        state = game_of(stored).state
        totals, _, margin, level = state.result if state.result is not None else ({}, None, None, None)
        hands = state.in_hand or {}  # BP of Nationality cards in hand at the end (3.2)
        values = (margin, level, totals.get("CP"), totals.get("EA"), ended_by(state.end))
        return dict(zip(GAME_COLUMNS, (*values, hands.get("CP"), hands.get("EA"))))

    def csv_rows(self, stored: StoredGame) -> list[dict]:
        cells = self.fields(stored)
        return [
            cells
            | dict(
                zip(
                    TURN_COLUMNS,
                    [t.turn, t.defender, t.re_card, t.re_card_name, " ".join(str(n) for n in t.rolls)]
                    + [" ".join(str(n) for n in t.again) or None, t.cancelled_by]
                    + [t.winner, t.bp_cp, t.bp_ea, t.captured, t.total_cp, t.total_ea, t.ai_rolls or None],
                )
            )
            for t in turns(stored)
        ]

    def to_json(self, stored: StoredGame) -> dict:
        return self.fields(stored) | {"turns": [dataclasses.asdict(t) for t in turns(stored)]}

    def section(self, store: Any, stored: StoredGame) -> Section:
        s = story.tell(stored, self.seats(stored, store.players(stored)))
        result = s.result_of
        people = []
        for side, name in s.players.items():
            if name == bgstats.GAME[2][side]:  # nobody named for this side
                continue
            outcome = "win" if result and result[1] == side else "draw" if result and result[1] is None else "loss"
            people.append((name, side, outcome))
        title = f"{stored.name} ({stored.gid})"
        figure = chart.lines(
            title,
            [t.turn for t in s.track],
            [
                ("CP", "Central Powers", [t.total_cp for t in s.track]),
                ("EA", "Entente Allies", [t.total_ea for t in s.track]),
            ],
            "captured BP (cumulative)",
        )
        return Section(
            stored,
            s.facts(),
            s.head(),
            s.rows(),
            over=result is not None,
            people=people if result is not None else [],
            chart=figure,
            chart_alt="cumulative captured BP",
            track_md=f"Turn track: {s.track_text()}",
            track_html=s.track_html(),
            figures=dict(zip(("totals", "winner", "margin", "level"), result or ())),
        )

    def summary(self, sections: list[Section]) -> list[tuple[str, str]]:
        done = [s for s in sections if s.over]
        wins = {"CP": 0, "EA": 0}
        levels = {level: 0 for _, level in LEVELS}
        margins = []
        for s in done:
            winner = s.figures["winner"]
            margins.append(s.figures["margin"])
            levels[s.figures["level"]] += 1
            if winner:
                wins[winner] += 1
        draws = sum(1 for s in done if s.figures["winner"] is None)
        out = [("Wins by side", f"CP {wins['CP']}, EA {wins['EA']}, draws {draws}")]
        if margins:
            out.append(("Average margin", f"{sum(margins) / len(margins):.1f} BP"))
        out.append(("Victory levels (3.5)", ", ".join(f"{level} {n}" for level, n in levels.items())))
        return out

    def seats(self, stored: StoredGame, named: dict[str, str]) -> dict[str, str]:
        return bgstats.names(game_of(stored).state, named)

    def people_seats(self, stored: StoredGame) -> tuple[str, ...]:
        side = story.solo(stored)  # in solitaire the other side is the AI's
        return (side,) if side else self.seat_codes

    def bgstats(self, stored: StoredGame, named: dict[str, str], bgg_id: int | None, when: str, play_date: str):
        state = game_of(stored).state
        source = f"{stored.dev}/{stored.gid}"
        return bgstats.play(state, source, play_date, when, stored.gid, named, played(stored).minutes, bgg_id)

    def playing(self, state: dict) -> str:
        return f"turn {state.get('turn')} of {state.get('turns')}, phase {state.get('phase')}"

    def state_line(self, body: dict) -> str:
        return watch.state_line(body)

    def said(self, event: dict, before: dict | None) -> str:
        return watch.said(event, before)

    def passes_through(self, event: dict) -> bool:
        return watch.passes_through(event)

    def carried_on(self, event: dict) -> bool:
        return event.get("a") == "next"
