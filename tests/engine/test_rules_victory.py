"""End of game and victory: rules 3.1-3.5."""

from shared_engine.great_war.game import Game
from shared_engine.great_war.scoring import final_score, level_for
from tests.engine.helpers import play_turn, raises, sample_cards, to_phase


def finished(turns=1, cp=10, ea=0, captured=0):
    g = Game.new(turns=turns)
    for _ in range(turns):
        play_turn(g, cp, ea, captured)
    return g


def test_rule_3_2_final_score_is_captured_plus_friendly_nationality_in_hand():
    g = finished(turns=2, captured=15)  # CP wins both turns: 30 captured
    totals, winner, margin, level = g.final_hands(cp=4, ea=12)
    assert totals == {"CP": 34, "EA": 12}
    assert (winner, margin, level) == ("CP", 22, "Tactical")
    end = g.state_dict()["end"]
    assert end["hand"] == {"CP": 4, "EA": 12} and end["final"] == totals
    assert g.state.phase == "over"


def test_rule_3_3_only_friendly_nationality_cards_in_hand_count():
    g = Game.new(turns=1, cards=sample_cards())
    play_turn(g, 1, 1, 0)
    raises(g.final_hands, None, None, ["neu-fort"], [], contains="not a CP Nationality card")
    raises(g.final_hands, None, None, ["cp-k-hindenburg"], ["cp-q-landsturm"], contains="not a EA")
    totals, _, _, _ = g.final_hands(cp_cards=["cp-k-hindenburg", "cp-q-landsturm"], ea=0)
    assert totals == {"CP": 16, "EA": 0}


def test_rule_3_4_game_ends_at_once_when_a_side_cannot_draw_nationality():
    g = Game.new()
    play_turn(g, 3, 1, 3)
    to_phase(g, "cr2")
    g.no_nationality("EA")
    state = g.state_dict()
    assert state["phase"] == "score" and state["turn"] == 2
    assert state["end"] == {"reason": "no_nat", "side": "EA", "hand": None}
    raises(g.next_phase, contains="the game has ended (3.1)")
    totals, winner, _, _ = g.final_hands(0, 0)
    assert totals == {"CP": 3, "EA": 0} and winner is None  # 3 BP: a draw


def test_rule_3_5_victory_levels_at_every_boundary():
    expected = {
        0: "Draw",
        9: "Draw",
        10: "Moral",
        19: "Moral",
        20: "Tactical",
        39: "Tactical",
        40: "Operational",
        79: "Operational",
        80: "Strategic",
        300: "Strategic",
    }
    for margin, level in expected.items():
        assert level_for(margin) == level, margin
        _, winner, got_margin, got_level = final_score({"CP": margin, "EA": 0}, {"CP": 0, "EA": 0})
        assert (got_margin, got_level) == (margin, level)
        assert winner == (None if level == "Draw" else "CP")


def test_rule_3_5_entente_can_win_and_margin_is_absolute():
    _totals, winner, margin, level = final_score({"CP": 5, "EA": 50}, {"CP": 10, "EA": 0})
    assert (winner, margin, level) == ("EA", 35, "Tactical")


def test_rule_3_5_a_draw_names_no_winner():
    g = finished(turns=1, captured=5)
    _, winner, margin, level = g.final_hands(0, 0)
    assert (winner, margin, level) == (None, 5, "Draw")
    assert g.state_dict()["end"]["winner"] is None
