"""Fuzzing the log decoder: any input gives an action or a GameError, never a crash."""

from hypothesis import given, settings
from hypothesis import strategies as st

from shared_engine.errors import GameError
from shared_engine.great_war.actions import SPECS, from_record
from shared_engine.great_war.game import Game
from shared_engine.log import decode

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=12,
)
field_names = st.sampled_from(sorted({key for spec in SPECS.values() for key, _, _ in spec} | {"v", "a", "x"}))
near_records = st.fixed_dictionaries(
    {"v": st.sampled_from([1, 1, 1, 2, "1", True]), "a": st.sampled_from(sorted(SPECS) + ["zzz", 3])},
    optional={},
).flatmap(lambda base: st.dictionaries(field_names, json_values, max_size=5).map(lambda extra: {**extra, **base}))


@settings(max_examples=1500, deadline=None)
@given(record=st.one_of(json_values, near_records))
def test_any_json_value_is_an_action_or_a_game_error(record):
    try:
        action = from_record(record)
    except GameError as e:
        assert str(e)
        return
    assert isinstance(action, tuple) and action[0] in SPECS


@settings(max_examples=800, deadline=None)
@given(text=st.text(max_size=200))
def test_any_text_line_is_an_action_or_a_game_error(text):
    try:
        decode(text, "line 1")
    except GameError as e:
        assert str(e).startswith("line 1: ")


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.one_of(near_records.map(str), st.text(max_size=40)), max_size=8))
def test_any_log_text_replays_or_names_the_bad_line(lines):
    text = Game.new().log_text() + "\n".join(lines)
    try:
        Game.from_lines(text)
    except GameError as e:
        assert str(e).startswith("line ")
