"""Properties of the engine over random play (hypothesis, CPython)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from shared_engine.great_war.game import Game
from tests.engine_random_play import play_random, random_op

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_ops(seed: int, n: int) -> list:
    rng = random.Random(seed)
    return [random_op(rng) for _ in range(n)]


def check_invariants(game: Game) -> None:
    state = game.state_dict()
    captured = {"CP": 0, "EA": 0}
    for i, turn in enumerate(state["track"]):
        assert turn["turn"] == i + 1
        first_defends = i % 2 == 0
        assert turn["defender"] == (state["first"] if first_defends else ("EA" if state["first"] == "CP" else "CP"))
        if turn["bp"] is not None:
            cp, ea = turn["bp"]["CP"], turn["bp"]["EA"]
            assert turn["winner"] == ("CP" if cp > ea else "EA" if ea > cp else turn["defender"])
        if turn["captured"] is not None:
            captured[turn["winner"]] += turn["captured"]
    assert state["captured"] == captured
    assert state["die"] == state["turn"] % 10
    assert 1 <= state["turn"] <= state["turns"]


@settings(max_examples=150, deadline=None)
@given(seed=seeds, n=st.integers(0, 500), turns=st.integers(1, 12), first=st.sampled_from(["CP", "EA"]))
def test_random_play_with_undo_redo_replays_to_the_same_state(seed, n, turns, first):
    game = Game.new(turns=turns, first=first)
    journal, _ = play_random(game, random_ops(seed, n))
    check_invariants(game)
    # The log replays to the same state, and so does the journal with its undo/redo records.
    assert Game.from_lines(game.log_text()).state_json() == game.state_json()
    replayed = Game.from_lines("\n".join(journal))
    assert replayed.state_json() == game.state_json()
    assert replayed.log_text() == game.log_text()


@settings(max_examples=60, deadline=None)
@given(seed=seeds, n=st.integers(1, 400))
def test_undo_everything_then_redo_everything_returns_the_same_state(seed, n):
    game = Game.new()
    play_random(game, random_ops(seed, n))
    end = game.state_json()
    count = len(game.actions)
    for _ in range(count):
        game.undo()
    assert game.state_json() == Game.new().state_json()
    for _ in range(count):
        game.redo()
    assert game.state_json() == end


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_random_games_reach_the_end(seed):
    # Mostly-legal play must be able to finish a game, or the other properties test little.
    rng = random.Random(seed)
    game = Game.new(turns=2)
    play_random(game, [op for op in (random_op(rng) for _ in range(3000)) if op[0] not in ("undo", "no_nat")])
    assert game.state.phase in ("score", "over")
