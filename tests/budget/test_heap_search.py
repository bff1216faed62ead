"""The heap benchmarks' search: a heap the game plays in, and keeps playing in above it.

Whether a run fits a nearly full heap depends on where the collector finds blocks in one
piece, and so on the heap's exact size: success is not monotonic in it. A bisection alone
can stop on a lucky size just under a gap; a board whose heap falls in the gap fails.
"""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "bench"))

from heap_search import smallest_heap


def test_a_bisection_can_stop_under_a_gap_and_the_steady_search_goes_above_it() -> None:
    fails = {24, 26}  # in KiB: plays from 20 on, but not in 24 or 26

    def plays(kib: int) -> bool:
        return kib >= 20 and kib not in fails

    assert smallest_heap(plays, "run", 1, lo=0, hi=40) < 24  # the plain bisection: below the gaps
    assert smallest_heap(plays, "run", 1, lo=0, hi=40, steady=4) == 27  # 27, 28, 29, 30 and 31 all play


def test_with_no_gap_the_steady_search_agrees_with_the_bisection() -> None:
    tried: list[int] = []

    def plays(kib: int) -> bool:
        tried.append(kib)
        return kib >= 20

    assert smallest_heap(plays, "run", 1, lo=0, hi=40, steady=4) == 20
    assert {21, 22, 23, 24} <= set(tried)  # and it did look above
