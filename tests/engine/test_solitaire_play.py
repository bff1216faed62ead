"""A solitaire game (Solitaire Rules 3.3) in the engine: the side, the AI's rolls in the log."""

from shared_engine.great_war.game import Game
from shared_engine.log import decode_compact, encode_compact
from tests.engine.helpers import bytes_from, play_turn, raises, to_phase


def _solo(side="EA"):
    g = Game.new("Solitaire", 10, "CP")  # 2.7: CP defends turn 1, in solitaire too
    g.play_solo(side)
    return g


def test_step_3_and_rule_2_7_cp_defends_turn_1_whichever_side_the_player_takes():
    g = _solo("EA")
    assert g.state.solo == "EA" and g.state.defender == "CP"  # the AI defends: Step 3
    cp = _solo("CP")
    assert cp.state.defender == "CP"  # the player defends: "See STEP 10 if you are Defender"
    assert cp.roll_ai("s11", bytes_from([0])) == 1  # so the AI attacks with a Step 11 hand
    raises(cp.roll_ai, "s3", bytes_from([0]), contains="Step 3 is for the AI Defender")


def test_solitaire_picks_a_side_before_anything_else():
    g = _solo("EA")
    late = Game.new("Solitaire", 10, "EA")
    late.roll_re(bytes_from([3]))
    raises(late.play_solo, "CP", contains="before anything else")
    raises(g.play_solo, "CP", contains="before anything else")


def test_step_3_ai_defender_hand_is_rolled_once_a_turn_and_logged_with_its_step():
    g = _solo()
    face = g.roll_ai("s3", bytes_from([4]))
    assert face == 5
    assert g.state.current.ai_rolls == [("s3", 6, 5)]
    assert g.log_text().splitlines()[-1] == '{"a":"ai","die":6,"n":5,"step":"s3","v":1}'
    raises(g.roll_ai, "s3", bytes_from([0]), contains="already rolled")
    raises(g.roll_ai, "s11", bytes_from([0]), contains="Step 11 is for the AI Attacker")


def test_step_11_ai_attacker_hand_when_the_player_defends():
    g = _solo()
    play_turn(g, 9, 7, 3)  # turn 1 over: on turn 2 the player (EA) defends
    assert g.state.turn == 2 and g.state.defender == "EA"
    raises(g.roll_ai, "s3", bytes_from([0]), contains="Step 3 is for the AI Defender")
    assert g.roll_ai("s11", bytes_from([0])) == 1


def test_step_7_rolls_only_in_the_bonus_phase_and_step_8_picks_k_of_n():
    g = _solo()
    raises(g.roll_ai, "s7", bytes_from([0]), contains="Optional Bonus Card Phase")
    to_phase(g, "bonus")
    assert g.roll_ai("s7", bytes_from([1])) == 2
    assert g.roll_ai("s7b", bytes_from([2])) == 3
    assert g.roll_ai("s8", bytes_from([6]), 7) == 7  # card 7 of 7
    assert g.roll_ai("s8", bytes_from([]), 1) == 1  # one card: no roll
    assert [r[0] for r in g.state.current.ai_rolls] == ["s7", "s7b", "s8", "s8"]
    raises(g.do, "ai", "s7", 10, 3, contains="rolls a d6")
    raises(g.do, "ai", "s8", 5, 6, contains="'n' must be 1-5")
    raises(g.do, "ai", "s9", 6, 1, contains="must be one of")


def test_ai_rolls_are_for_solitaire_games_only():
    raises(Game.new().do, "ai", "s8", 3, 1, contains="belong to a solitaire game")


def test_step_15_only_captured_bp_count_no_hand_is_counted():
    g = Game.new("Solitaire", 5, "CP")  # the short game ends after turn 5
    g.play_solo("EA")
    for turn in range(5):
        play_turn(g, 9, 7, 4) if turn % 2 == 0 else play_turn(g, 3, 8, 6)
    assert g.state.phase == "over"  # straight to the result: no hands to enter
    totals, winner, margin, level = g.state.result
    assert totals == {"CP": 12, "EA": 12} and winner is None and margin == 0 and level == "Draw"
    raises(g.final_hands, 5, 5, contains="over")


def test_a_solitaire_log_replays_undoes_and_travels_compact():
    g = _solo("CP")
    g.roll_ai("s11", bytes_from([5]))
    g.roll_re(bytes_from([1]))
    g.undo()
    g.redo()
    again = Game.from_lines(g.log_text())
    assert again.state_json() == g.state_json()
    assert '"solo":"CP"' in g.state_json() and '"ai":[["s11",6,6]]' in g.state_json()
    for at, action in enumerate([g.header] + g.actions):
        assert decode_compact(encode_compact(action), "record", g if at else None) == action
    assert '"solo"' not in Game.new().state_json() and '"ai"' not in Game.new().state_json()
