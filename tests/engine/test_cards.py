"""The card-data model and its validation messages."""

from shared_engine.errors import CardDataError
from shared_engine.great_war.cards import CardSet, card_errors
from tests.engine.helpers import raises, sample_cards


def card_set_error(data):
    try:
        CardSet(data)
    except CardDataError as e:
        return str(e)
    raise AssertionError("card data was accepted")


def test_a_valid_card_set_loads():
    cards = sample_cards()
    assert cards.version == "test-1"
    assert cards.get("ea-a-foch").icons == ("cancel",)
    assert cards.get("w-lawrence").nationality() == "EA"
    assert cards.get("neu-fort").nationality() is None
    assert cards.nationality_bp(["cp-k-hindenburg", "cp-q-landsturm"], "CP") == 16


def test_every_problem_is_named_by_field():
    fields = dict(card_errors({"id": "x y", "name": "", "deck": "RED", "bp": -1, "icons": ["arrow"], "spin": 1}))
    assert set(fields) == {"id", "name", "deck", "bp", "icons", "spin"}
    assert "unknown icon 'arrow'" in fields["icons"]
    assert "unknown field" in fields["spin"]


def test_random_event_cards_have_no_bp_and_six_results():
    assert dict(card_errors({"id": "r", "name": "R", "deck": "RE", "bp": 3}))["bp"].endswith("(D.9)")
    assert "6 texts" in dict(card_errors({"id": "r", "name": "R", "deck": "RE", "d6": ["a"]}))["d6"]
    assert "only Random Event" in dict(card_errors({"id": "n", "name": "N", "deck": "NEU", "bp": 1, "d6": []}))["d6"]


def test_a_d6_text_is_refused_only_where_the_d6_screen_could_not_show_it_whole():
    def d6_error(text):
        return dict(card_errors({"id": "r", "name": "R", "deck": "RE", "d6": [text] * 6})).get("d6")

    assert d6_error("Both sides discard 1 Neutral card and the Attacker draws 2") is None  # 58: 5 lines of 16
    assert "5 lines" in d6_error("Reinforce Reinforce Reinforce Reinforce Reinforce Reinforce")  # 59: 7 lines
    assert "5 lines" in d6_error("Counterintelligence")  # a word longer than a line
    assert "at most 60" in d6_error("x" * 61)


def test_white_cards_say_which_deck_they_join():
    assert "White card must say" in dict(card_errors({"id": "w", "name": "W", "deck": "WHITE", "bp": 1}))["side"]
    assert (
        "only White cards" in dict(card_errors({"id": "c", "name": "C", "deck": "CP", "bp": 1, "side": "EA"}))["side"]
    )


def test_card_set_errors_name_position_id_and_field():
    message = card_set_error(
        {
            "version": "v1",
            "cards": [
                {"id": "a", "name": "A", "deck": "CP", "bp": 1},
                {"id": "b", "name": "B", "deck": "CP", "bp": 100},
                {"id": "a", "name": "A again", "deck": "EA", "bp": 1},
            ],
        }
    )
    assert "card 2 (b): bp: must be a whole number 0-99, got 100" in message
    assert "card 3 (a): id: used by an earlier card too" in message


def test_card_set_needs_version_and_cards():
    assert "'version'" in card_set_error({"cards": []})
    assert "non-empty list" in card_set_error({"version": "1", "cards": []})
    assert "must be an object" in card_set_error([])


def test_unknown_card_ids_are_refused():
    raises(sample_cards().get, "nope", contains="'nope' is not in card data test-1")
    raises(sample_cards().re_result, "neu-fort", 1, contains="not a Random Event card")
