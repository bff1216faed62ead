"""The chart of cumulative captured BP by turn, by matplotlib (imported only here).

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


def _figure(title: str, track: list[Turn]):
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "adjutant"  # the same ids every run: reproducible files
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, and the page can be searched
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.ticker import MaxNLocator

    fig = Figure(figsize=(6, 3.4), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    xs = [t.turn for t in track]
    handles = []
    for side, label, style in SERIES:
        ys = [t.total_cp if side == "CP" else t.total_ea for t in track]
        ax.plot(xs, ys, color=style["color"], zorder=2)
        # The points drawn apart from the lines and above both: no line runs over a point.
        (points,) = ax.plot(xs, ys, linestyle="none", zorder=3, clip_on=False, markeredgewidth=1.6, **style)
        points.set_gid(f"points-{side}")
        handles.append(Line2D([], [], label=label, markeredgewidth=1.6, **style))
    ax.set_xlabel("turn")
    ax.set_ylabel("captured BP (cumulative)")
    ax.set_title(title)
    ax.set_xticks(xs)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # BP are whole: no tick at 2.5
    ax.grid(True, alpha=0.3)
    ax.margins(x=0.04, y=0.08)
    legend = fig.legend(handles=handles, loc="outside lower center", ncols=2, frameon=False)
    legend.set_gid("legend")
    return fig


def png(title: str, track: list[Turn]) -> bytes:
    out = io.BytesIO()
    _figure(title, track).savefig(out, format="png", metadata={"Software": None})
    return out.getvalue()


def svg(title: str, track: list[Turn], prefix: str) -> str:
    """The chart inline in a page, its ids prefixed: several charts in one page must not share one."""
    import re

    out = io.StringIO()
    _figure(title, track).savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    text = out.getvalue()
    text = text[text.index("<svg") :]  # no XML prolog or doctype
    # matplotlib draws a hollow marker with a transparent fill, which the browser still counts as
    # covering what lies under it; no fill at all is what a hollow marker is.
    text = text.replace("fill-opacity: 0;", "fill: none;")
    text = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}-{m[1]}"', text)
    return re.sub(r'(href="#|url\(#)([^")]+)', lambda m: f"{m[1]}{prefix}-{m[2]}", text)
