"""Bisect for the smallest `micropython -X heapsize` in which a run succeeds."""

from __future__ import annotations

from collections.abc import Callable


def smallest_heap(
    succeeds: Callable[[int], bool], what: str, step: int, lo: int, hi: int = 1024 * 1024, steady: int = 0
) -> int:
    """`lo` is assumed to fail and `hi` must succeed; the answer is a multiple of `step`.

    With `steady`, the answer is a heap from which the next `steady` steps up succeed too. In
    a heap this full, where the collector finds a block in one piece depends on the heap's
    size, so success is not monotonic in it (the firmware once played the game in 179,200 B,
    not in 180,224 B, and again in 181,248 B): a bisection alone can land on a lucky size
    below a gap that a board's heap could fall into.
    """
    if not succeeds(hi):
        raise SystemExit(f"{what} does not succeed even with a {hi}-byte heap")
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if succeeds(mid):
            hi = mid
        else:
            lo = mid
    answer, above = hi, 1
    while above <= steady:
        if succeeds(answer + above * step):
            above += 1
        else:  # a gap: start again above it, checking that size itself first
            answer, above = answer + (above + 1) * step, 0
    return answer
