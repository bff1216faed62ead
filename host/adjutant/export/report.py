"""The report of games: a summary across them, then each game with its turn track and chart.

Markdown writes the charts as PNG files beside the report. HTML is one
self-contained page, its charts inline SVG, so it can be mailed, put on a
web page, or written to standard output.
"""

from __future__ import annotations

import html
import pathlib
from typing import Any

from adjutant.export import chart
from adjutant.export import last_front as front
from adjutant.export import the_war as war
from adjutant.export.last_front import FrontStory
from adjutant.export.story import Story, tell
from adjutant.export.summary import Summary, summarize
from adjutant.export.timeline import Turn, battle_shown
from adjutant.export.when import Played, stamp
from adjutant.store import Store, StoredGame

HEAD = ["turn", "defender", "Random Event", "face-up BP", "winner", "captured", "CP-EA"]
AI_HEAD = "the AI's rolls (Solitaire 3.3)"


def stories(store: Store, games: list[StoredGame]) -> list[Any]:
    """Each game's story, in the games' order: a Story, or The War's WarStory."""
    return [
        war.tell(store, g) if g.game == "the-war" else front.tell(g) if g.game == "last-front" else tell(store, g)
        for g in games
    ]


def summary_of(told: list[Any]) -> Summary:
    wars = [s for s in told if isinstance(s, war.WarStory)]
    fronts = [s for s in told if isinstance(s, FrontStory)]
    return summarize([s for s in told if isinstance(s, Story)], wars, fronts)


def head(track: list[Turn]) -> list[str]:
    """The turn table's columns: the AI's rolls too in a solitaire game."""
    return HEAD + [AI_HEAD] if any(t.ai for t in track) else HEAD


def _rows(track: list[Turn]) -> list[list[str]]:
    def cell(v: object) -> str:
        return "" if v is None else str(v)

    solo = any(t.ai for t in track)
    return [
        [str(t.turn), t.defender, t.event, battle_shown(t), cell(t.winner), cell(t.captured)]
        + [f"{t.total_cp}-{t.total_ea}"]
        + ([t.ai_rolls] if solo else [])
        for t in track
    ]


def date_text(w: Played) -> str:
    if not w.known:
        return f"not known (played before the device restarted); pulled {stamp(w.start)}"
    return stamp(w.start) + (", estimated from the device's uptime" if w.estimated else "")


def facts(s: Story) -> list[tuple[str, str]]:
    """The game's particulars, label and text, in the order both formats show them."""
    out = [
        ("Date", date_text(s.when)),
        ("Duration", s.duration),
        ("Players", f"CP {s.players['CP']}, EA {s.players['EA']}"),
        ("Mode", s.mode),
        ("Ended", s.ended),
        ("Result", s.result),
    ]
    if s.count:
        out.append(("Final count (3.2, 3.5)", s.count))
    return out


def summary_lines(m: Summary) -> list[tuple[str, str]]:
    out = [("Games", f"{m.finished} finished" + (f", {m.in_progress} in progress" if m.in_progress else ""))]
    if m.great_wars:
        out.append(("Wins by side", f"CP {m.side_wins['CP']}, EA {m.side_wins['EA']}, draws {m.draws}"))
        if m.average_margin is not None:
            out.append(("Average margin", f"{m.average_margin:.1f} BP"))
        out.append(("Victory levels (3.5)", ", ".join(f"{level} {n}" for level, n in m.levels.items())))
    if m.seat_wins:
        out.append(("The War: wins by seat", f"P1 {m.seat_wins['P1']}, P2 {m.seat_wins['P2']}"))
    return out


def people_rows(m: Summary) -> list[list[str]]:
    return [
        [
            name,
            str(r.games),
            str(r.wins),
            str(r.draws),
            str(r.losses),
            ", ".join(f"{k} {v}" for k, v in r.sides.items()),
        ]
        for name, r in m.people.items()
    ]


PEOPLE_HEAD = ["player", "games", "wins", "draws", "losses", "sides played"]
NO_NAMES = (
    "Name the players with `adjutant export --player CP=NAME --player EA=NAME` "
    "(The War: P1=NAME, P2=NAME) to see wins per player."
)


# -- Markdown -------------------------------------------------------------------------------


def markdown(store: Store, games: list[StoredGame], out: pathlib.Path | None) -> tuple[str, list[pathlib.Path]]:
    """The report as Markdown, and the files written: `out` (.md) and a PNG chart per game beside it.
    With no `out` (standard output) there is nowhere for the charts: the text alone."""
    told = stories(store, games)
    m = summary_of(told)
    written = [out] if out is not None else []
    parts = ["# Adjutant games\n", "## Summary\n"]
    parts += [f"- **{label}:** {text}" for label, text in summary_lines(m)]
    parts.append("")
    if m.people:
        parts.append(_md_table(PEOPLE_HEAD, people_rows(m)))
    else:
        parts.append(NO_NAMES)
    parts.append("")
    for s in told:
        g = s.game
        if isinstance(s, FrontStory):  # Last Front: its facts and a row per battle, no chart
            parts.append(f"## {g.name}: {g.gid}\n")
            parts += [f"- **{label}:** {text}" for label, text in s.facts()]
            parts += ["", _md_table(front.BATTLE_HEAD, s.battles), ""]
            continue
        is_war = isinstance(s, war.WarStory)
        parts.append(f"## {g.name}: {g.gid}\n")
        parts += [f"- **{label}:** {text}" for label, text in (s.facts() if is_war else facts(s))]
        if not is_war:
            parts.append(f"\nTurn track: {track_text(s)}")
        parts.append("")
        if out is not None:
            png = out.with_name(f"{out.stem}-{g.gid}.png")
            png.write_bytes(chart.png(_chart(s)))
            written.append(png)
            what = "both decks by turn" if is_war else "cumulative captured BP"
            parts.append(f"![{what}]({png.name})\n")
        parts.append(_md_table(war.TURN_HEAD, s.turns) if is_war else _md_table(head(s.track), _rows(s.track)))
        parts.append("")
    text = "\n".join(parts) + "\n"
    if out is not None:
        out.write_text(text)
    return text, written


def _md_table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def _chart(s: Any) -> Any:
    title = f"{s.game.name} ({s.game.gid})"
    return chart.decks(title, s.decks_by_turn) if isinstance(s, war.WarStory) else chart.captured(title, s.track)


def track_text(s: Story) -> str:
    """The turn track in a line: each turn's Defender and winner, as the mat's boxes show them."""
    cells = []
    for n in range(1, s.turns_in_game + 1):
        t = s.track[n - 1] if n <= len(s.track) else None
        if t is None:
            cells.append(f"{n} ·")
        else:
            won = f" {t.winner}+{t.captured}" if t.winner else ""
            cells.append(f"{n} D:{t.defender}{won}")
    return " | ".join(cells)


# -- HTML -----------------------------------------------------------------------------------

STYLE = """
body{font-family:system-ui,sans-serif;max-width:56em;margin:1em auto;padding:0 1em;color:#222}
h1{margin-bottom:.2em} h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}
dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em} dt{font-weight:600} dd{margin:0}
table{border-collapse:collapse;margin:.6em 0} td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}
th{background:#f3f3f3} td:first-child,th:first-child{text-align:left}
.track{display:flex;flex-wrap:wrap;gap:4px;margin:.8em 0}
.turn{border:2px solid #888;border-radius:4px;width:4.6em;padding:2px 4px;font-size:.85em;line-height:1.3}
.turn b{font-size:1.3em} .turn.CP{border-color:#444;background:#e8e8e8}
.turn.EA{border-color:#1f77b4;background:#e3effa}
.turn.now{border-style:dashed} .turn.later{opacity:.45}
figure{margin:.6em 0} figure svg{max-width:100%;height:auto}
@media (max-width:520px){body{padding:0 .4em} td,th{padding:2px 3px;font-size:.78em}
 dl{grid-template-columns:auto} dd{margin-bottom:.3em} td{overflow-wrap:anywhere}}
""".strip()


def _dl(items: list[tuple[str, str]]) -> str:
    return "<dl>" + "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>" for k, v in items) + "</dl>"


def _table(head: list[str], rows: list[list[str]]) -> str:
    out = "<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"
    out += "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return out + "</table>"


def _track_html(s: Story) -> str:
    """The Battle Mat's turn track: a box per turn, the Defender, and who won what."""
    boxes = []
    current = len(s.track) if not s.game.over else None
    for n in range(1, s.turns_in_game + 1):
        t = s.track[n - 1] if n <= len(s.track) else None
        if t is None:
            boxes.append(f'<div class="turn later"><b>{n}</b><br>&nbsp;<br>&nbsp;</div>')
            continue
        won = f"{t.winner} +{t.captured}" if t.winner else ("playing" if n == current else "no battle")
        kind = t.winner or ("now" if n == current else "")
        boxes.append(f'<div class="turn {kind}"><b>{n}</b><br>DEF {t.defender}<br>{html.escape(won)}</div>')
    return '<div class="track" aria-label="turn track">' + "".join(boxes) + "</div>"


def html_report(store: Store, games: list[StoredGame], out: pathlib.Path) -> list[pathlib.Path]:
    out.write_text(html_page(store, games))
    return [out]


def html_page(store: Store, games: list[StoredGame]) -> str:
    """The report as one self-contained page: its charts are inside it."""
    told = stories(store, games)
    m = summary_of(told)
    parts = [
        "<!doctype html><html lang=en><meta charset=utf-8>",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Adjutant games</title><style>{STYLE}</style>",
        "<h1>Adjutant games</h1>",
        '<section id="summary"><h2>Summary</h2>' + _dl(summary_lines(m)),
        _table(PEOPLE_HEAD, people_rows(m)) if m.people else f"<p>{html.escape(NO_NAMES)}</p>",
        "</section>",
    ]
    for s in told:
        g = s.game
        is_war = isinstance(s, war.WarStory)
        anchor = f"game-{html.escape(g.dev[:8].strip('-'))}-{g.gid}"
        parts.append(f'<article class="game" id="{anchor}">')
        if isinstance(s, FrontStory):  # Last Front: its facts and a row per battle
            parts.append(f"<h2>{html.escape(g.name)}: {g.gid}</h2>{_dl(s.facts())}")
            parts.append(_table(front.BATTLE_HEAD, s.battles) + "</article>")
            continue
        parts.append(f"<h2>{html.escape(g.name)}: {g.gid}</h2>{_dl(s.facts() if is_war else facts(s))}")
        if not is_war:
            parts.append(_track_html(s))
        parts.append(f'<figure class="chart">{chart.svg(_chart(s), anchor)}</figure>')
        table = _table(war.TURN_HEAD, s.turns) if is_war else _table(head(s.track), _rows(s.track))
        parts.append(table + "</article>")
    return "\n".join(parts) + "\n"
