"""The report of games: a summary across them, then each game with its turn track and chart.

Markdown writes the charts as PNG files beside the report. HTML is one
self-contained page, its charts inline SVG, so it can be mailed, put on a
web page, or written to standard output.
"""

from __future__ import annotations

import html
import pathlib

from adjutant.export import chart
from adjutant.export.summary import Summary, summarize
from adjutant.games.base import Section
from adjutant.games.desks import of
from adjutant.store import Store
from adjutant.stored import StoredGame


def sections(store: Store, games: list[StoredGame]) -> list[Section]:
    """What the report says of each game, in the games' order: its desk's section."""
    return [of(g).section(store, g) for g in games]


def summary_lines(m: Summary) -> list[tuple[str, str]]:
    games = f"{m.finished} finished" + (f", {m.in_progress} in progress" if m.in_progress else "")
    return [("Games", games), *m.lines]


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


def no_names(games: list[StoredGame]) -> str:
    """How to name the people: each game's sides or seats, as its desk names them."""
    seats: list[str] = []
    for g in games:
        seats += [seat for seat in of(g).seat_codes if seat not in seats]
    example = " ".join(f"--player {seat}=NAME" for seat in seats[:4]) or "--player SEAT=NAME"
    return f"Name the players with `adjutant export {example}` to see wins per player."


# -- Markdown -------------------------------------------------------------------------------


def markdown(store: Store, games: list[StoredGame], out: pathlib.Path | None) -> tuple[str, list[pathlib.Path]]:
    """The report as Markdown, and the files written: `out` (.md) and a PNG chart per game beside it.
    With no `out` (standard output) there is nowhere for the charts: the text alone."""
    told = sections(store, games)
    m = summarize(told)
    written = [out] if out is not None else []
    parts = ["# Adjutant games\n", "## Summary\n"]
    parts += [f"- **{label}:** {text}" for label, text in summary_lines(m)]
    parts.append("")
    parts.append(_md_table(PEOPLE_HEAD, people_rows(m)) if m.people else no_names(games))
    parts.append("")
    for s in told:
        g = s.game
        parts.append(f"## {g.name}: {g.gid}\n")
        parts += [f"- **{label}:** {text}" for label, text in s.facts]
        if s.track_md:
            parts.append(f"\n{s.track_md}")
        parts.append("")
        if out is not None and s.chart is not None:
            png = out.with_name(f"{out.stem}-{g.gid}.png")
            png.write_bytes(chart.png(s.chart))
            written.append(png)
            parts.append(f"![{s.chart_alt}]({png.name})\n")
        parts.append(_md_table(s.head, s.rows))
        parts.append("")
    text = "\n".join(parts) + "\n"
    if out is not None:
        out.write_text(text)
    return text, written


def _md_table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


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


def html_report(store: Store, games: list[StoredGame], out: pathlib.Path) -> list[pathlib.Path]:
    out.write_text(html_page(store, games))
    return [out]


def html_page(store: Store, games: list[StoredGame]) -> str:
    """The report as one self-contained page: its charts are inside it."""
    told = sections(store, games)
    m = summarize(told)
    parts = [
        "<!doctype html><html lang=en><meta charset=utf-8>",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Adjutant games</title><style>{STYLE}</style>",
        "<h1>Adjutant games</h1>",
        '<section id="summary"><h2>Summary</h2>' + _dl(summary_lines(m)),
        _table(PEOPLE_HEAD, people_rows(m)) if m.people else f"<p>{html.escape(no_names(games))}</p>",
        "</section>",
    ]
    for s in told:
        g = s.game
        anchor = f"game-{html.escape(g.dev[:8].strip('-'))}-{g.gid}"
        parts.append(f'<article class="game" id="{anchor}">')
        parts.append(f"<h2>{html.escape(g.name)}: {g.gid}</h2>{_dl(s.facts)}")
        if s.track_html:
            parts.append(s.track_html)
        if s.chart is not None:
            parts.append(f'<figure class="chart">{chart.svg(s.chart, anchor)}</figure>')
        parts.append(_table(s.head, s.rows) + "</article>")
    return "\n".join(parts) + "\n"
