"""A game of any length plays in the heap a short game of it needs: the device's memory is flat
in the game's length (its window of actions, shared_engine/action_list.py).

Each registered game runs in `micropython -X heapsize=HEAP` (the unix port: 64-bit, so about
twice a board's figures), on the device's session, with its flash's RAM buffer in the same heap:
first 40 actions, then past 1,000 (or to the longest its rules allow), and boots again from its
flash as it was. Measured by bisection (1 KiB steps; a heap's fit jitters with fragmentation):
the short games need 407-431 KB, the long ones 434-466 KB, at 100, 200, 400, 700 and 1,000
actions alike; a log kept whole in memory ran out at action 256 in this heap.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from bench.long_play import plans

ROOT = pathlib.Path(__file__).resolve().parents[2]
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"
HEAP = 480_000  # the short games' most, 431 KB, with room for a heap's jitter
SCRIPT = "tests/firmware/long_game_in_heap.py"


def _played(game: str, length: int) -> str:
    if not MICROPYTHON.exists():
        pytest.fail(f"{MICROPYTHON} is missing: make venv installs the MicroPython unix port")
    run = subprocess.run(
        [str(MICROPYTHON), "-X", f"heapsize={HEAP}", SCRIPT, game, str(length)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    out = (run.stdout + run.stderr).strip().splitlines()
    assert run.returncode == 0, (game, length, out[-3:])
    return out[-1]


@pytest.mark.parametrize("game, ends", [(plan[0], plan[3]) for plan in plans()])
def test_a_game_past_1000_actions_plays_and_resumes_in_the_heap_a_short_game_of_it_takes(game: str, ends: bool) -> None:
    assert _played(game, 40) == "played 40"
    played = int(_played(game, 1000).split()[1])
    assert played >= 1000 or ends, played  # or its rules ended it: The Great War's 10 turns, The War's decks
    assert played > 100, played
