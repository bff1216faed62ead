"""The log: records, JSON lines, undo/redo, journal replay and the golden game."""

from shared_engine.great_war.game import Game
from shared_engine.log import decode, encode
from tests.engine.helpers import GOLDEN, bytes_from, play_turn, raises, read, to_phase


def test_records_are_compact_versioned_json():
    g = Game.new()
    g.draw_re("re-3")
    lines = g.log_text().splitlines()
    assert lines == ['{"a":"new","first":"CP","name":"Basic game","turns":10,"v":1}', '{"a":"re","card":"re-3","v":1}']
    header, action = lines  # a record after the header is read by the game's own table (the registry's)
    assert encode(decode(header)) == header
    assert encode(decode(action, "line 2", g), g) == action


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
        action = decode('{"v":1,"a":"%s"}' % kind, "journal", g)
        g.apply(action)
        journal.append(encode(action, g))
    assert g.state.phase == "cr2"
    replayed = Game.from_lines("\n".join(journal))
    assert replayed.state_json() == g.state_json()
    assert replayed.log_text() == g.log_text()  # the log holds no undo/redo


def test_golden_game_replays_to_the_golden_state():
    game = Game.from_lines(read(GOLDEN + "/basic_game.jsonl"))
    assert game.state_json() == read(GOLDEN + "/basic_game.state.json").strip()
    assert game.state.phase == "over"


# The golden game worked out by hand from its script (tests/tools/make_golden.py), not by the
# engine: CP defends odd turns (2.7, 7.20), the higher face-up BP wins and the Defender wins
# ties (7.14), the captured BP go to the winner's running total (7.18).
# (turn, Defender, winner, CP total, EA total, cancelled by, d6 rolled)
GOLDEN_TURNS = [
    (1, "CP", "CP", 6, 0, None, 3),
    (2, "EA", "EA", 6, 7, "CP", None),
    (3, "CP", "CP", 10, 7, None, 3),  # 12-12: the Defender
    (4, "EA", "EA", 10, 16, None, 4),
    (5, "CP", "CP", 21, 16, "EA", None),
    (6, "EA", "EA", 21, 19, None, 5),  # 10-10: the Defender
    (7, "CP", "CP", 29, 19, None, 5),
    (8, "EA", "EA", 29, 29, None, 6),
    (9, "CP", "CP", 34, 29, None, 2),
    (10, "EA", "EA", 34, 41, None, 4),
]


def test_golden_game_every_turn_as_worked_out_by_hand_7_14_7_18_3_5():
    game = Game.from_lines(read(GOLDEN + "/basic_game.jsonl"))
    track = game.state_dict()["track"]
    assert len(track) == 10
    cp = ea = 0
    for (number, defender, winner, cp_total, ea_total, cancelled, face), turn in zip(GOLDEN_TURNS, track):
        assert turn["turn"] == number and turn["defender"] == defender, turn
        assert turn["winner"] == winner, turn
        cp += turn["captured"] if winner == "CP" else 0
        ea += turn["captured"] if winner == "EA" else 0
        assert (cp, ea) == (cp_total, ea_total), (number, cp, ea)
        assert (turn["cancel"] or {}).get("side") == cancelled, turn
        assert turn["rolls"] == ([] if face is None else [face]), turn
    end = game.state_dict()["end"]
    # 3.2: captured + Nationality BP in hand (9 and 14); 3.5: a margin of 12 is a Moral victory
    assert end["final"] == {"CP": 43, "EA": 55} and end["winner"] == "EA"
    assert end["margin"] == 12 and end["level"] == "Moral"


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
    for at, action in enumerate([g.header] + g.actions):
        game = g if at else None  # the header names its game; its records are read by that game's table
        line = encode_compact(action)
        assert decode_compact(line, "record", game) == action
        assert decode_any(line, "record", game) == action and decode_any(encode(action, g), "record", game) == action
        compact_bytes += len(line)
        full_bytes += len(encode(action, g))
    assert compact_bytes * 2 < full_bytes, (compact_bytes, full_bytes)
    assert encode_compact(("bp", 14, 12)) == '["bp",14,12]'
    raises(decode_compact, '["bp",14]', "record", g, contains="not an action of 1 values")
    raises(decode_compact, '["bp",-1,12]', "record", g, contains="whole number")
    raises(decode_compact, '["bp",null,12]', "record", g, contains="bp: missing field 'CP'")
    raises(decode_compact, '["roll",6,7,"re"]', "record", g, contains="roll: 'n' must be 1-6 for a d6, got 7")
    raises(decode_compact, '["roll",6,3,"re",1,2]', "record", g, contains="not an action of 5 values")
    raises(decode_compact, '["roll",6,3,"re",7]', "record", g, contains="roll: 'again' must be 1-6 for a d6, got 7")
    assert decode_compact('["roll",6,3,"re",5]', "record", g) == ("roll", 6, 3, "re", 5)  # a roll made again
    assert encode_compact(decode_compact('["roll",6,3,"re"]', "record", g)) == '["roll",6,3,"re"]'  # as before
    raises(decode_compact, '{"a":"next"}', contains="not a [kind, values...] array")
    raises(decode_compact, "[", contains="not valid JSON")


def test_redo_brings_back_the_newest_undone_action_first():
    g = Game.new()
    g.roll_re(bytes_from([2]))  # d6 3
    g.next_phase()  # -> Combat Round 1
    g.attack_played()  # 7.10
    g.undo()  # the Attack card
    g.undo()  # the move to Combat Round 1
    assert (g.state.phase, g.state.current.attack) == ("re", False)
    g.redo()  # the last undone: the move on, not the Attack card (refused in the RE phase)
    assert (g.state.phase, g.state.current.attack) == ("cr1", False)
    g.redo()
    assert (g.state.phase, g.state.current.attack) == ("cr1", True)
    assert [a[0] for a in g.actions] == ["roll", "next", "attack"]
