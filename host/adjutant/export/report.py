"""A readable report of games: result, turn track, and a chart of cumulative captured BP by turn.

Markdown writes the charts as PNG files beside the report; HTML embeds
them, so the one file can be mailed or put on a web page. The chart is drawn
by matplotlib, imported only here.
"""

from __future__ import annotations

import base64
import html
import io
import pathlib

from adjutant.export.timeline import Turn, turns
from adjutant.store import StoredGame


def chart_png(g: StoredGame, track: list[Turn]) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6, 3), dpi=100)
    ax = fig.add_subplot()
    xs = [t.turn for t in track]
    ax.plot(xs, [t.total_cp for t in track], marker="o", label="Central Powers", color="#444444")
    ax.plot(xs, [t.total_ea for t in track], marker="s", label="Entente Allies", color="#1f77b4")
    ax.set_xlabel("turn")
    ax.set_ylabel("captured BP (cumulative)")
    ax.set_title(f"{g.name} ({g.gid})")
    ax.set_xticks(xs)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left")
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()


def _result(g: StoredGame) -> str:
    if not g.over:
        return "in progress"
    if g.winner is None:
        return f"draw, {g.cp}-{g.ea} BP"
    return f"{g.winner} wins by {g.margin} BP ({g.level}); CP {g.cp}, EA {g.ea}"


def _rows(track: list[Turn]) -> list[list[str]]:
    def cell(v: object) -> str:
        return "" if v is None else str(v)

    return [
        [
            str(t.turn),
            t.defender,
            cell(t.bp_cp),
            cell(t.bp_ea),
            cell(t.winner),
            cell(t.captured),
            f"{t.total_cp}-{t.total_ea}",
        ]
        for t in track
    ]


HEAD = ["turn", "defender", "CP BP", "EA BP", "winner", "captured", "CP-EA"]


def markdown(games: list[StoredGame], out: pathlib.Path) -> list[pathlib.Path]:
    """Write `out` (.md) and one PNG chart per game beside it; returns the files written."""
    written = [out]
    parts = ["# Adjutant games\n"]
    for g in games:
        track = turns(g)
        png = out.with_name(f"{out.stem}-{g.gid}.png")
        png.write_bytes(chart_png(g, track))
        written.append(png)
        parts.append(f"## {g.name}: {g.gid} ({g.mode})\n\n{_result(g)}. Device {g.dev[:8]}, pulled {g.pulled_at}.\n")
        parts.append(f"![cumulative captured BP]({png.name})\n")
        parts.append("| " + " | ".join(HEAD) + " |\n|" + "---|" * len(HEAD))
        parts += ["| " + " | ".join(row) + " |" for row in _rows(track)]
        parts.append("")
    out.write_text("\n".join(parts) + "\n")
    return written


def html_report(games: list[StoredGame], out: pathlib.Path) -> list[pathlib.Path]:
    out.write_text(html_page(games))
    return [out]


def html_page(games: list[StoredGame]) -> str:
    """The report as one self-contained page: its charts are inside it."""
    parts = [
        "<!doctype html><meta charset=utf-8><title>Adjutant games</title>",
        "<style>body{font-family:sans-serif;max-width:50em;margin:auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}</style>",
        "<h1>Adjutant games</h1>",
    ]
    for g in games:
        track = turns(g)
        data = base64.b64encode(chart_png(g, track)).decode()
        parts.append(f"<h2>{html.escape(g.name)}: {g.gid} ({g.mode})</h2><p>{html.escape(_result(g))}</p>")
        parts.append(f'<img alt="cumulative captured BP by turn" src="data:image/png;base64,{data}">')
        parts.append("<table><tr>" + "".join(f"<th>{h}</th>" for h in HEAD) + "</tr>")
        parts += ["<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in _rows(track)]
        parts.append("</table>")
    return "\n".join(parts) + "\n"
