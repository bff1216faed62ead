"""Bisect for the smallest `micropython -X heapsize` in which a run succeeds."""

from __future__ import annotations

from collections.abc import Callable


def smallest_heap(succeeds: Callable[[int], bool], what: str, step: int, lo: int, hi: int = 1024 * 1024) -> int:
    """`lo` is assumed to fail and `hi` must succeed; the answer is a multiple of `step`."""
    if not succeeds(hi):
        raise SystemExit(f"{what} does not succeed even with a {hi}-byte heap")
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if succeeds(mid):
            hi = mid
        else:
            lo = mid
    return hi
