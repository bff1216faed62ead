"""The firmware's heap share may not creep up: at most 10% over the figure bench/README.md states.

The share is what `bench/firmware.py` measures: the smallest heap in which the
scripted full game ends with its score, with the firmware as .mpy, less the
smallest heap of the simulator alone (an empty main.py). Here the simulator
alone is bisected again, and the game must then play in that heap plus the
bench/README.md's share plus 10%.
"""

from __future__ import annotations

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import firmware as bench  # noqa: E402

SHARE = re.compile(r"firmware's share over the anchor, `\.mpy` \| ([\d,]+) B")


def readme_share() -> int:
    found = SHARE.search((ROOT / "bench/README.md").read_text())
    assert found, "bench/README.md must state the firmware's .mpy heap share"
    return int(found.group(1).replace(",", ""))


def test_the_firmware_plays_the_full_game_within_its_stated_heap_share_plus_ten_percent(
    tmp_path: pathlib.Path,
) -> None:
    sim = bench.compiled_simulator(tmp_path / "sim")
    bench.anchor(tmp_path / "anchor")
    bench.compiled(tmp_path / "mpy")
    alone = bench.smallest(tmp_path / "anchor", sim, full=False)
    budget = alone + readme_share() * 11 // 10
    assert bench.plays_in(tmp_path / "mpy", budget, True, sim), (
        f"the full game no longer plays in {budget:,} B (the simulator's {alone:,} B plus bench/README.md's share "
        f"plus 10%): measure with `make bench` and shrink the firmware, or state the new figure"
    )
