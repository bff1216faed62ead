"""The HTML and Markdown report, as an archivist opens it: in a real browser, and as text.

The archive holds four games played through the engine (tests/report_archive.py):
a basic game, a scenario ended by 3.4, a solitaire game and one in progress.
What the report must say of each is worked out from the rules there. The
page is opened in Debian's Chromium driven by Playwright, which checks that
it renders and that no point of any chart is hidden, by the legend or by
anything else drawn over it.
"""

from __future__ import annotations

import os
import pathlib
import subprocess

import pytest

from tests.cli_run import run_cli
from tests.report_archive import PLANS, build

REPO = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = pathlib.Path("/usr/bin/chromium")
ZONE = "XYZ-01:00"  # POSIX for UTC+01:00, the zone the plans' dates are in


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    path = tmp_path_factory.mktemp("report") / "archive.sqlite3"
    build(path).close()
    return path


def export(archive: pathlib.Path, *args: str) -> subprocess.CompletedProcess:
    return run_cli("export", *args, db=archive, TZ=ZONE)


def test_each_game_says_when_who_which_mode_how_it_ended_and_the_count(archive: pathlib.Path) -> None:
    page = export(archive, "--format", "html").stdout
    basic, verdun, solo, playing = PLANS
    b = basic.expected()
    assert "2026-11-20 19:05 (UTC+01:00)" in page and "1 h 35 min" in page
    assert "CP Anna, EA Ben" in page and "basic game 1.2: 10 turns, CP defends first" in page
    assert "after the last turn, 10 of 10 (3.1)" in page
    assert f"{b['winner']} (Anna) wins by {b['margin']} BP: {b['level']} victory" in page
    cp, ea = b["captured"]["CP"], b["captured"]["EA"]
    count = f"CP {cp} captured + {basic.hands[0]} in hand = {b['totals']['CP']}; EA {ea} captured + {basic.hands[1]}"
    assert count in page  # the hand BP counted at the end (3.2)

    v = verdun.expected()
    assert "scenario 1.5 “Verdun”: 6 turns, EA defends first" in page and "CP Ben, EA Anna" in page
    assert "at once in turn 4 (3.4): CP could not draw a Nationality card" in page
    assert f"{v['winner']} (Anna) wins by {v['margin']} BP: {v['level']} victory" in page and "48 min" in page

    s = solo.expected()
    assert s["winner"] is None and f"draw (margin {s['margin']} BP, under 10: 3.5)" in page
    assert "solitaire 1.4: you play CP against the AI (Solitaire 3.3), 5 turns" in page
    assert "CP Anna, EA AI (Solitaire 3.3)" in page and "Solitaire Step 15: no hand counted" in page

    p = playing.expected()
    assert "not yet: turn 3 of 10" in page and p["captured"] == {"CP": 3, "EA": 2}


def test_the_summary_counts_wins_per_side_and_per_player_the_margin_and_the_levels(archive: pathlib.Path) -> None:
    page = export(archive, "--format", "html").stdout
    summary = page[page.index('<section id="summary">') : page.index("</section>")]
    done = [plan.expected() for plan in PLANS if plan.hands is not None]
    wins = {side: sum(1 for e in done if e["winner"] == side) for side in ("CP", "EA")}
    draws = sum(1 for e in done if e["winner"] is None)
    assert f"CP {wins['CP']}, EA {wins['EA']}, draws {draws}" in summary
    assert f"{sum(e['margin'] for e in done) / len(done):.1f} BP" in summary
    for level in ("Strategic", "Operational", "Tactical", "Moral", "Draw"):
        assert f"{level} {sum(1 for e in done if e['level'] == level)}" in summary
    # Anna won the basic game as CP and Verdun as EA; the solitaire game was drawn
    assert "<td>Anna</td><td>3</td><td>2</td><td>1</td><td>0</td>" in summary
    assert "<td>Ben</td><td>2</td><td>0</td><td>0</td><td>2</td>" in summary


def test_the_markdown_report_says_the_same_with_its_charts_beside_it(archive: pathlib.Path, tmp_path) -> None:
    out = tmp_path / "games.md"
    export(archive, "--format", "md", "-o", str(out))
    text = out.read_text()
    assert "**Wins by side:**" in text and "at once in turn 4 (3.4)" in text
    assert "Turn track: 1 D:CP CP+4 | 2 D:EA EA+2" in text  # turn 1: CP defends (2.7), 9 beats 5 (7.14)
    for plan in PLANS:
        assert (tmp_path / f"games-{plan.gid}.png").read_bytes().startswith(b"\x89PNG")


# As root and on a closed network (CI): no sandbox, no GPU, none of Chromium's own connections.
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
FLAGS += ["--disable-component-update", "--disable-sync", "--disable-quic"]


def _browser():
    if not CHROMIUM.exists():
        if os.environ.get("ADJUTANT_REQUIRE_BROWSER"):
            pytest.fail("Debian's chromium is not installed (apt-get install chromium)")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    return sync_playwright()


# Each point of a chart is found on screen: at one of a few spots on its marker, the element the
# browser finds topmost is the marker itself. The legend's box meets no point's box.
HIDDEN_POINTS = """
figure => {
  const svg = figure.querySelector('svg');
  const frame = svg.getBoundingClientRect();
  const legend = svg.querySelector('[id$="-legend"]').getBoundingClientRect();
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const faults = [];
  const points = svg.querySelectorAll('[id$="-points-CP"] use, [id$="-points-EA"] use');
  points.forEach((use, i) => {
    const r = use.getBoundingClientRect();
    const spots = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 0.5, r.top + r.height / 2],
                   [r.left + r.width / 2, r.top + 0.5]];
    const seen = spots.some(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit === use || use.contains(hit);
    });
    if (!seen) faults.push(`point ${i} hidden`);
    if (meets(r, legend)) faults.push(`point ${i} under the legend`);
    if (r.left < frame.left || r.right > frame.right || r.top < frame.top || r.bottom > frame.bottom)
      faults.push(`point ${i} cut off`);
  });
  return {points: points.length, faults, width: frame.width, height: frame.height};
}
"""


def test_the_page_renders_in_a_browser_and_no_chart_hides_a_point(archive: pathlib.Path, tmp_path) -> None:
    page_file = tmp_path / "games.html"
    export(archive, "--format", "html", "-o", str(page_file))
    with _browser() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        page = browser.new_page(viewport={"width": 900, "height": 700})
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(page_file.as_uri())
        assert page.title() == "Adjutant games" and errors == []
        assert page.locator("#summary").is_visible()
        games = page.locator("article.game")
        assert games.count() == len(PLANS)
        for i, plan in enumerate(PLANS):
            game = games.nth(i)
            assert game.locator("h2").inner_text().endswith(plan.gid)
            assert game.locator(".track .turn").count() == plan.turns  # a box per turn, as on the mat
            figure = game.locator("figure.chart")
            figure.scroll_into_view_if_needed()
            found = figure.evaluate(HIDDEN_POINTS)
            assert found["width"] > 300 and found["height"] > 150
            begun = len(plan.battles) + (1 if plan.hands is None else 0)  # in progress: the turn on the table too
            assert found["points"] == 2 * begun  # both sides' totals at every turn
            assert found["faults"] == [], (plan.gid, found["faults"])
        browser.close()


FITS = """
() => {
  const page = document.scrollingElement.scrollWidth;
  const over = [...document.querySelectorAll("table, dl, .track, figure")]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
    .map(e => e.tagName + " " + Math.round(e.getBoundingClientRect().right));
  const ticks = [...document.querySelectorAll("figure svg g[id*='ytick'] text")]
    .map(t => t.textContent.trim());
  return {page, over, ticks};
}
"""


def test_on_a_phone_400_px_wide_every_table_fits_and_the_bp_axis_counts_whole_bp(
    archive: pathlib.Path, tmp_path
) -> None:
    page_file = tmp_path / "games.html"
    export(archive, "--format", "html", "-o", str(page_file))
    with _browser() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        page = browser.new_page(viewport={"width": 400, "height": 800})
        page.goto(page_file.as_uri())
        found = page.evaluate(FITS)
        page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
        browser.close()
    assert found["page"] <= 400 and found["over"] == [], found  # nothing to scroll sideways
    assert found["ticks"] and all(t.lstrip("\u2212-").isdigit() for t in found["ticks"]), found["ticks"]
