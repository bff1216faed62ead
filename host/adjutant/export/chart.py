"""The charts, by matplotlib (imported only here): cumulative captured BP by turn; The War's decks by round.

The legend sits below the plot, outside the axes, so it can never cover a
point. The SVG form names its parts (the two lines' markers, the legend) so
that a browser test can check exactly that.
"""

from __future__ import annotations

import io
from typing import Any

from adjutant.export.timeline import Turn

# CP's filled circles under EA's hollow squares: where the totals are equal both stay visible.
SERIES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("CP", "Central Powers", {"marker": "o", "markersize": 6, "color": "#444444"}),
    ("EA", "Entente Allies", {"marker": "s", "markersize": 10, "color": "#1f77b4", "markerfacecolor": "none"}),
)


def _figure(title: str, xs: list[int], series: list[tuple[str, str, list[int], dict[str, Any]]], ylabel: str):
    """Lines over the turns: series are (id, label, values, style), each drawn with its points."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "adjutant"  # the same ids every run: reproducible files
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, and the page can be searched
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.ticker import MaxNLocator

    fig = Figure(figsize=(6, 3.4), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    handles = []
    for gid, label, ys, style in series:
        ax.plot(xs, ys, color=style["color"], zorder=2)
        # The points drawn apart from the lines and above both: no line runs over a point.
        (points,) = ax.plot(xs, ys, linestyle="none", zorder=3, clip_on=False, markeredgewidth=1.6, **style)
        points.set_gid(f"points-{gid}")
        handles.append(Line2D([], [], label=label, markeredgewidth=1.6, **style))
    ax.set_xlabel("turn" if xs[:1] != [0] else "turn (0: the starting hands)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if len(xs) <= 16:
        ax.set_xticks(xs)
    else:  # a long game of The War: whole turns, not one tick each
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # BP and cards are whole: no tick at 2.5
    ax.grid(True, alpha=0.3)
    ax.margins(x=0.04, y=0.08)
    legend = fig.legend(handles=handles, loc="outside lower center", ncols=2, frameon=False)
    legend.set_gid("legend")
    return fig


def captured(title: str, track: list[Turn]):
    """The Great War: both sides' captured BP, cumulative, turn by turn."""
    series = [
        (side, label, [t.total_cp if side == "CP" else t.total_ea for t in track], style)
        for side, label, style in SERIES
    ]
    return _figure(title, [t.turn for t in track], series, "captured BP (cumulative)")


def decks(title: str, rounds: list[tuple[int, int, int]]):
    """The War: both decks at the end of each turn, from the starting hands (turn 0)."""
    (_, _, p1), (_, _, p2) = SERIES
    series = [("P1", "P1's deck", [r[1] for r in rounds], p1), ("P2", "P2's deck", [r[2] for r in rounds], p2)]
    return _figure(title, [r[0] for r in rounds], series, "cards left in the deck")


def png(fig: Any) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png", metadata={"Software": None})
    return out.getvalue()


def svg(fig: Any, prefix: str) -> str:
    """The chart inline in a page, its ids prefixed: several charts in one page must not share one."""
    import re

    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    text = out.getvalue()
    text = text[text.index("<svg") :]  # no XML prolog or doctype
    # matplotlib draws a hollow marker with a transparent fill, which the browser still counts as
    # covering what lies under it; no fill at all is what a hollow marker is.
    text = text.replace("fill-opacity: 0;", "fill: none;")
    text = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}-{m[1]}"', text)
    return re.sub(r'(href="#|url\(#)([^")]+)', lambda m: f"{m[1]}{prefix}-{m[2]}", text)
