"""Canonical JSON: identical bytes on both runtimes."""

from shared_engine.canonical_json import dumps
from tests.engine.helpers import raises


def test_keys_are_sorted_and_there_are_no_spaces():
    assert dumps({"b": [1, None, True], "a": {"z": False, "c": "x"}}) == '{"a":{"c":"x","z":false},"b":[1,null,true]}'


def test_text_is_ascii_with_escapes():
    assert dumps('Ypres "1915"\n\\') == '"Ypres \\"1915\\"\\n\\\\"'
    assert dumps("Piave é") == '"Piave \\u00e9"'
    assert dumps("\x01") == '"\\u0001"'
    assert dumps("\U0001f3c6") == '"\\ud83c\\udfc6"'


def test_floats_are_refused():
    raises(dumps, {"x": 1.5}, contains="cannot hold float")
