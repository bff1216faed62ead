"""The charts, by matplotlib (imported only here): a line a side (a seat, a player) over a game's
turns; each game's desk says which lines (The Great War's captured BP, The War's decks).

The legend sits below the plot, outside the axes, so it can never cover a
point. The SVG form names its parts (the two lines' markers, the legend) so
that a browser test can check exactly that.
"""

from __future__ import annotations

import io
from typing import Any

# The first line's filled circles under the second's hollow squares: where both are equal both stay
# visible; more lines take the rest.
STYLES: tuple[dict[str, Any], ...] = (
    {"marker": "o", "markersize": 6, "color": "#444444"},
    {"marker": "s", "markersize": 10, "color": "#1f77b4", "markerfacecolor": "none"},
    {"marker": "^", "markersize": 8, "color": "#d62728"},
    {"marker": "D", "markersize": 7, "color": "#2ca02c", "markerfacecolor": "none"},
    {"marker": "v", "markersize": 8, "color": "#9467bd"},
    {"marker": "x", "markersize": 8, "color": "#8c564b"},
)


def lines(title: str, xs: list[int], series: list[tuple[str, str, list[int]]], ylabel: str):
    """Lines over the turns: series are (id, label, values), each drawn with its points, in the
    styles in order."""
    styled = [(gid, label, ys, STYLES[n % len(STYLES)]) for n, (gid, label, ys) in enumerate(series)]
    return _figure(title, xs, styled, ylabel)


def _figure(title: str, xs: list[int], series: list[tuple[str, str, list[int], dict[str, Any]]], ylabel: str):
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
    legend = fig.legend(handles=handles, loc="outside lower center", ncols=max(1, min(len(handles), 3)), frameon=False)
    legend.set_gid("legend")
    return fig


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
