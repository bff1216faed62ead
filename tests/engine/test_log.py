"""The log: records, JSON lines, undo/redo, journal replay and the golden game."""

from shared_engine.game import Game
from shared_engine.log import decode, encode
from tests.engine.helpers import GOLDEN, bytes_from, play_turn, raises, read, to_phase


def test_records_are_compact_versioned_json():
    g = Game.new()
    g.draw_re("re-3")
    lines = g.log_text().splitlines()
    assert lines == ['{"a":"new","first":"CP","name":"Basic game","turns":10,"v":1}', '{"a":"re","card":"re-3","v":1}']
    for line in lines:
        assert encode(decode(line)) == line


def test_undo_drops_the_last_action_and_redo_brings_it_back():
    g = Game.new()
    to_phase(g, "battle")
    g.battle(3, 9)
    before_undo = g.state_json()
    g.undo()
    assert g.state.current.bp is None and g.state.phase == "battle"
    g.redo()
    assert g.state_json() == before_undo


def test_undo_across_a_turn_boundary_restores_the_previous_turn():
    g = Game.new()
    play_turn(g, 2, 1, 2)
    assert g.state.turn == 2
    g.undo()  # the flip of 7.20
    assert (g.state.turn, g.state.phase, g.state.defender) == (1, "flip", "CP")
    assert len(g.state.track) == 1


def test_a_new_action_clears_redo():
    g = Game.new()
    g.next_phase()
    g.undo()
    g.draw_re("re-1")
    raises(g.redo, contains="nothing to redo")


def test_journal_with_undo_and_redo_records_replays():
    g = Game.new()
    journal = [encode(g.header)]
    for kind in ("next", "next", "undo", "undo", "redo", "next"):
        action = decode('{"v":1,"a":"%s"}' % kind)
        g.apply(action)
        journal.append(encode(action))
    assert g.state.phase == "cr2"
    replayed = Game.from_lines("\n".join(journal))
    assert replayed.state_json() == g.state_json()
    assert replayed.log_text() == g.log_text()  # the log holds no undo/redo


def test_golden_game_replays_to_the_golden_state():
    game = Game.from_lines(read(GOLDEN + "/basic_game.jsonl"))
    assert game.state_json() == read(GOLDEN + "/basic_game.state.json").strip()
    assert game.state.phase == "over"


def test_golden_log_is_written_back_byte_for_byte():
    text = read(GOLDEN + "/basic_game.jsonl")
    assert Game.from_lines(text).log_text() == text


def test_full_game_with_undo_redo_equals_its_replay():
    g = Game.new()
    source = bytes_from(list(range(0, 250, 7)))
    for turn in range(10):
        g.roll_re(source)
        play_turn(g, turn * 3 % 17, turn * 5 % 13, turn % 4)
        g.undo()
        g.redo()
    g.final_hands(6, 9)
    assert Game.from_lines(g.log_text()).state_json() == g.state_json()


def test_a_log_streams_line_by_line_and_replays_from_a_file():
    g = Game.new()
    play_turn(g, 4, 6, 3)
    lines = list(g.log_lines())
    assert "".join(line + "\n" for line in lines) == g.log_text()
    assert Game.from_lines(lines).state_json() == g.state_json()
    with open(GOLDEN + "/basic_game.jsonl") as f:  # iterating a file yields its lines
        assert Game.from_lines(f).state_json() == read(GOLDEN + "/basic_game.state.json").strip()


def test_replay_from_decoded_records_names_a_bad_record():
    g = Game.new()
    play_turn(g, 1, 2, 1)
    records = g.records()
    assert Game.from_records(records).state_json() == g.state_json()
    records[3] = {"v": 1, "a": "bp", "CP": -5, "EA": 1}
    raises(Game.from_records, records, contains="record 4: bp: 'CP' must be a whole number")


def test_compact_form_round_trips_every_action_and_is_checked_like_a_record():
    from shared_engine.log import decode_any, decode_compact, encode_compact

    g = Game.from_lines(read(GOLDEN + "/basic_game.jsonl"))
    compact_bytes = full_bytes = 0
    for action in [g.header] + g.actions:
        line = encode_compact(action)
        assert decode_compact(line) == action
        assert decode_any(line) == action and decode_any(encode(action)) == action
        compact_bytes += len(line)
        full_bytes += len(encode(action))
    assert compact_bytes * 2 < full_bytes, (compact_bytes, full_bytes)
    assert encode_compact(("bp", 14, 12)) == '["bp",14,12]'
    raises(decode_compact, '["bp",14]', contains="not an action of 1 values")
    raises(decode_compact, '["bp",-1,12]', contains="whole number")
    raises(decode_compact, '{"a":"next"}', contains="not a [kind, values...] array")
    raises(decode_compact, "[", contains="not valid JSON")
