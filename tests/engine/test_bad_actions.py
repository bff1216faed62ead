"""Refused actions raise a clear GameError and leave the state unchanged."""

from shared_engine.great_war.actions import from_record
from shared_engine.great_war.game import Game
from shared_engine.log import decode
from tests.engine.helpers import play_turn, raises, to_phase


def refused_unchanged(game, fn, *args, contains=""):
    before = game.state_json()
    log_before = game.log_text()
    message = raises(fn, *args, contains=contains)
    assert game.state_json() == before and game.log_text() == log_before
    return message


def test_negative_bool_text_and_huge_bp_are_refused():
    g = Game.new()
    to_phase(g, "battle")
    refused_unchanged(g, g.battle, -1, 3, contains="'CP' must be a whole number 0-999, got -1")
    refused_unchanged(g, g.battle, 3, True, contains="'EA' must be a whole number")
    refused_unchanged(g, g.battle, "12", 3, contains="got '12'")
    refused_unchanged(g, g.battle, 1000, 3, contains="0-999")
    g.battle(5, 3)
    refused_unchanged(g, g.capture, -4, contains="'bp' must be a whole number")


def test_second_resolution_is_refused_without_change():
    g = Game.new()
    to_phase(g, "battle")
    g.battle(5, 3)
    refused_unchanged(g, g.battle, 1, 9, contains="already resolved")


def test_actions_after_game_over_are_refused():
    g = Game.new(turns=1)
    play_turn(g, 2, 1, 1)
    g.final_hands(0, 0)
    refused_unchanged(g, g.next_phase, contains="the game is over (3.5)")
    refused_unchanged(g, g.draw_re, "re-1", contains="game is over")
    refused_unchanged(g, g.final_hands, 1, 1, contains="game is over")
    refused_unchanged(g, g.no_nationality, "CP", contains="game is over")
    g.undo()  # undo still reopens the final count
    assert g.state.phase == "score"


def test_hand_is_refused_before_the_game_ends():
    g = Game.new()
    refused_unchanged(g, g.final_hands, 1, 1, contains="not allowed in re")


def test_undo_and_redo_with_nothing_to_do():
    g = Game.new()
    refused_unchanged(g, g.undo, contains="nothing to undo")
    refused_unchanged(g, g.redo, contains="nothing to redo")


def test_malformed_records_are_refused_with_what_and_where():
    cases = [
        ([1, 2], "must be a JSON object, got list"),
        ({"a": "next"}, "schema version None is not supported"),
        ({"v": 2, "a": "next"}, "schema version 2"),
        ({"v": 1, "a": "fly"}, "unknown action 'fly'"),
        ({"v": 1}, "unknown action None"),
        ({"v": 1, "a": "bp", "CP": 3}, "bp: missing field 'EA'"),
        ({"v": 1, "a": "bp", "CP": 3, "EA": 4, "xx": 1}, "bp: unexpected field 'xx'"),
        ({"v": 1, "a": "bp", "CP": 3.5, "EA": 4}, "'CP' must be a whole number"),
        ({"v": 1, "a": "re", "card": "bad id!"}, "may hold only letters"),
        ({"v": 1, "a": "capture", "bp": 1, "cards": []}, "list of 1-24 card ids"),
        ({"v": 1, "a": "roll", "die": 6, "n": 0, "for": "re"}, "'n' must be a whole number 1-10"),
        ({"v": 1, "a": "roll", "die": 6, "n": 2, "for": "fun"}, "'for' must be one of re"),
        ({"v": 1, "a": "new", "name": "x", "turns": 10, "first": "US"}, "must be CP or EA"),
    ]
    for record, message in cases:
        raises(from_record, record, contains=message)


def test_malformed_log_lines_name_the_line():
    raises(decode, "{not json", "line 4", contains="line 4: not valid JSON")
    raises(decode, '{"v":1,"a":"bp"}', "line 9", Game.new(), contains="line 9: bp: missing field 'CP'")
    raises(decode, "[" * 600, "line 2", contains="longer than 512")
    good = Game.new().log_text()
    raises(Game.from_lines, good + '{"v":1,"a":"bp","CP":1,"EA":1}\n', contains="line 2: bp: not allowed in re")
    raises(Game.from_lines, '{"v":1,"a":"next"}\n', contains="unknown game 'next': no game's log opens with it")
    raises(Game.from_lines, "\n\n", contains="needs at least its 'new' record")
