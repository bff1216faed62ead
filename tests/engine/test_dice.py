"""Fair dice from an injected byte source (7.7, G.11)."""

from shared_engine.dice import roll
from tests.engine.helpers import bytes_from, raises


def test_d6_has_no_modulo_bias_over_every_byte():
    counts = [0] * 7
    rejected = 0
    for b in range(256):
        try:
            counts[roll(bytes_from([b]), 6)] += 1
        except AssertionError:  # the byte was refused and a second one was wanted
            rejected += 1
    assert counts[1:] == [42] * 6  # 252 usable bytes, 42 for each face
    assert rejected == 4  # 252-255 are drawn again


def test_a_refused_byte_is_drawn_again():
    assert roll(bytes_from([255, 254, 0]), 6) == 1


def test_d10_is_fair_too():
    counts = [0] * 11
    for b in range(250):
        counts[roll(bytes_from([b]), 10)] += 1
    assert counts[1:] == [25] * 10
    assert roll(bytes_from([250, 9]), 10) == 10


def test_a_broken_source_is_reported_not_looped_on():
    raises(roll, bytes_from([255] * 64), 6, contains="64 out-of-range bytes")
    raises(roll, bytes_from([256]), 6, contains="not a byte 0-255")
    raises(roll, bytes_from([1]), 1, contains="2-256 sides")


def test_rule_7_7_an_undone_roll_on_the_redo_stack_gives_its_face_to_the_same_event_only():
    from shared_engine.dice import undone_face

    undone = [("ai", "11", 6, 2), ("roll", 6, 5, "re"), ("ai", "3", 6, 4)]
    assert undone_face(undone, 6) == 5  # the Random Event's d6
    assert undone_face(undone, 6, "3") == 4 and undone_face(undone, 6, "11") == 2  # a solitaire step's
    assert undone_face(undone, 6, "7") is None and undone_face(undone, 10, "3") is None
    assert undone_face([], 6) is None
