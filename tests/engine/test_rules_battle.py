"""Battle Resolution: rules 7.14, 7.15 and 7.18, and the turn track."""

from shared_engine.great_war.game import Game
from tests.engine.helpers import play_turn, raises, sample_cards, to_phase


def test_rule_7_14_higher_face_up_bp_wins():
    g = Game.new()
    to_phase(g, "battle")
    assert g.battle(cp=12, ea=15) == "EA"


def test_rule_7_14_defender_wins_ties():
    g = Game.new()
    assert play_turn(g, 8, 8, 0) == "CP"  # CP defends turn 1
    assert play_turn(g, 8, 8, 0) == "EA"  # EA defends turn 2
    assert play_turn(g, 0, 0, 0) == "CP"


def test_rule_7_18_captured_bp_is_added_to_the_winners_total():
    g = Game.new()
    play_turn(g, 14, 9, 7)  # CP wins, captures 7
    play_turn(g, 3, 11, 5)  # EA wins, captures 5
    play_turn(g, 10, 4, 2)
    assert g.state_dict()["captured"] == {"CP": 9, "EA": 5}


def test_rule_7_18_turn_track_keeps_each_turns_winner():
    g = Game.new()
    for cp, ea in ((5, 1), (1, 5), (2, 2), (0, 3)):
        play_turn(g, cp, ea, 1)
    track = g.state_dict()["track"]
    assert [t["winner"] for t in track[:4]] == ["CP", "EA", "CP", "EA"]
    assert track[0]["bp"] == {"CP": 5, "EA": 1} and track[0]["captured"] == 1
    assert track[4]["winner"] is None  # turn 5 not yet resolved


def test_rule_7_18_card_data_counts_only_the_losers_nationality_cards():
    g = Game.new(cards=sample_cards())
    to_phase(g, "battle")
    g.battle(20, 10)  # CP wins and captures EA cards
    raises(g.capture, None, ["neu-fort"], contains="not a EA Nationality card")
    raises(g.capture, None, ["cp-k-hindenburg"], contains="not a EA Nationality card")
    raises(g.capture, 5, ["ea-7-poilus"], contains="add up to 7 BP, not 5")
    g.capture(None, ["ea-7-poilus", "w-lawrence"])  # a White card joins the EA deck
    turn = g.state_dict()["track"][0]
    assert turn["captured"] == 12 and turn["cards"] == ["ea-7-poilus", "w-lawrence"]
    assert g.state_dict()["captured"]["CP"] == 12


def test_rule_7_18_with_card_data_a_card_is_captured_once():
    g = Game.new(cards=sample_cards())
    to_phase(g, "battle")
    g.battle(20, 10)
    raises(g.capture, None, ["ea-7-poilus", "ea-7-poilus"], contains="Poilus (ea-7-poilus) is listed twice")
    assert g.state.current.captured is None  # nothing was taken
    g.capture(None, ["ea-7-poilus"])
    assert g.state_dict()["captured"]["CP"] == 7


def test_rule_7_18_a_log_that_captures_one_card_twice_is_refused_on_replay():
    from shared_engine.errors import GameError

    g = Game.new(cards=sample_cards())
    to_phase(g, "battle")
    g.battle(20, 10)
    g.capture(None, ["ea-7-poilus"])
    text = g.log_text().replace('["ea-7-poilus"]', '["ea-7-poilus","ea-7-poilus"]').replace('"bp":7', '"bp":14')
    try:
        Game.from_lines(text, sample_cards())
    except GameError as e:
        assert "listed twice" in str(e)
    else:
        raise AssertionError("the doubled capture was replayed")


def test_rule_7_14_a_turn_is_resolved_once():
    g = Game.new()
    to_phase(g, "battle")
    g.battle(4, 3)
    raises(g.battle, 9, 3, contains="turn 1 is already resolved (7.14)")
    g.capture(2)
    raises(g.capture, 3, contains="already entered")


def test_rule_7_14_battle_resolution_needs_both_entries_before_moving_on():
    g = Game.new()
    to_phase(g, "battle")
    raises(g.next_phase, contains="enter the face-up BP or the winner before leaving")
    raises(g.capture, 3, contains="face-up BP first")
    g.battle(4, 3)
    raises(g.next_phase, contains="enter the captured BP")
    g.capture(0)
    assert g.next_phase() == "draw"


def test_rule_7_14_battle_only_in_battle_resolution():
    g = Game.new()
    raises(g.battle, 4, 3, contains="not allowed in re of turn 1")


def test_rule_7_14_winner_only_records_who_won_and_no_bp():
    g = Game.new()
    to_phase(g, "battle")
    g.won("EA")  # the table compared face-up BP itself: EA, the Attacker, won
    g.capture(6)
    turn = g.state_dict()["track"][0]
    assert turn["winner"] == "EA" and turn["bp"] is None and turn["captured"] == 6
    assert g.state_dict()["captured"] == {"CP": 0, "EA": 6}  # 7.18: to the winner's total
    assert g.next_phase() == "draw"
    assert '{"a":"win","side":"EA","v":1}' in g.log_text()
    assert Game.from_lines(g.log_text()).state_json() == g.state_json()


def test_rule_7_14_a_turn_is_resolved_once_by_bp_or_by_its_winner():
    g = Game.new()
    to_phase(g, "battle")
    g.won("CP")
    raises(g.battle, 9, 3, contains="turn 1 is already resolved (7.14)")
    raises(g.won, "EA", contains="turn 1 is already resolved (7.14)")
    g.undo()
    g.battle(2, 5)
    raises(g.won, "CP", contains="turn 1 is already resolved (7.14)")


def test_rule_7_14_the_winner_alone_is_entered_only_in_battle_resolution():
    g = Game.new()
    raises(g.won, "CP", contains="not allowed in re of turn 1")
    to_phase(g, "battle")
    raises(g.next_phase, contains="enter the face-up BP or the winner before leaving")
    raises(g.won, "XX", contains="must be CP or EA")
