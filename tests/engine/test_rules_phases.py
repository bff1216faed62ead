"""Phase guidance reminders, each checked against the words of its rule (rules 6.0)."""

from shared_engine.great_war.game import Game
from tests.engine.helpers import play_turn, raises, to_phase


def rules_of(game):
    return [rule for rule, _ in game.reminders()]


def test_rule_7_11_attack_card_duty_is_reminded_at_start_of_turn():
    g = Game.new()
    assert rules_of(g)[-2:] == ["7.7", "7.11"]


def test_rule_2_2_to_2_6_setup_is_reminded_at_the_start_of_a_basic_game():
    g = Game.new()
    texts = dict(g.reminders())
    assert rules_of(g)[:5] == ["2.2", "2.3", "2.4", "2.5", "2.6"]
    assert "Random Event" in texts["2.2"] and "draws 2" in texts["2.3"] and "draws 2" in texts["2.4"]
    assert "own" in texts["2.5"] and "11" in texts["2.6"] and "discard 2" in texts["2.6"]
    play_turn(g, 1, 1, 0)
    assert "2.2" not in rules_of(g)


def test_rule_4_4_discard_down_to_9_at_the_start_of_each_later_turn():
    g = Game.new()
    assert "4.4" not in rules_of(g)  # a fresh hand holds 9 (2.6)
    play_turn(g, 1, 1, 0)
    assert "down to 9" in dict(g.reminders())["4.4"]


def test_rule_7_7_the_random_event_order_card_cancel_then_d6():
    g = Game.new()
    text = dict(g.reminders())["7.7"]
    assert text.index("Random Event card") < text.index("cancel") < text.index("d6")


def test_rule_7_10_attacker_reminded_until_an_attack_card_is_marked():
    g = Game.new()
    to_phase(g, "cr1")
    assert "7.10" in rules_of(g)
    g.next_phase()
    texts = dict(g.reminders())
    assert "MUST" in texts["7.10"]  # the last chance is round 2
    g.attack_played()
    assert "7.10" not in rules_of(g)


def test_rule_7_10_attack_is_marked_once_and_only_in_combat_rounds():
    g = Game.new()
    raises(g.attack_played, contains="not allowed in re")
    to_phase(g, "cr2")
    g.attack_played()
    raises(g.attack_played, contains="already marked")


def test_rule_7_13_bonus_phase_reminder():
    g = Game.new()
    to_phase(g, "bonus")
    assert rules_of(g) == ["7.13"]


def test_rule_7_15_winner_keeps_a_card_reminder_after_resolution():
    g = Game.new()
    to_phase(g, "battle")
    assert rules_of(g) == ["7.14"]
    g.battle(5, 4)
    assert rules_of(g) == ["7.18", "7.15"]


def test_rule_7_14_7_18_captured_bp_are_the_losers_nationality_cards_only():
    g = Game.new()
    to_phase(g, "battle")
    g.battle(5, 4)
    text = dict(g.reminders())["7.18"]
    assert "loser's played Nationality cards" in text and "face-down" in text and "Nationality Jokers" in text
    assert "never Neutral or Bonus" in text


def test_rule_7_15_what_the_winner_may_not_keep():
    g = Game.new()
    to_phase(g, "battle")
    g.battle(5, 4)
    text = dict(g.reminders())["7.15"]
    for word in ("Joker", "face card (A K Q J)", "Bonus", "white-BP-in-black-circle"):
        assert word in text, word


def draw_phase_rules(game):
    to_phase(game, "battle")
    game.battle(1, 1)
    game.capture(0)
    to_phase(game, "draw")
    return rules_of(game)


def test_rule_8_1_reshuffle_reminder_at_end_of_turn_5():
    g = Game.new()
    seen = []
    for _ in range(6):
        seen.append((g.state.turn, draw_phase_rules(g)))
        to_phase(g, "flip")
        g.next_phase()
    assert [turn for turn, rules in seen if "8.1" in rules] == [5]
    assert [turn for turn, rules in seen if "7.19" in rules] == [1, 2, 3, 4, 6]


def test_rule_8_1_reshuffle_keeps_the_captured_nationality_cards_out():
    g = Game.new()
    for _ in range(4):
        play_turn(g, 1, 1, 0)
    draw_phase_rules(g)
    assert "reshuffle all decks except captured Nationality cards" in dict(g.reminders())["8.1"]


def test_rule_8_1_no_reshuffle_when_the_game_ends_at_turn_5():
    g = Game.new(turns=5)
    for _ in range(4):
        play_turn(g, 1, 1, 0)
    assert "8.1" not in draw_phase_rules(g)
    g.next_phase()
    assert rules_of(g) == ["3.1"]


def test_rule_7_20_flip_reminder_names_the_next_defender_and_die():
    g = Game.new()
    to_phase(g, "battle")
    g.battle(1, 1)
    g.capture(0)
    to_phase(g, "flip")
    assert g.reminders() == [("7.20", "Flip DTT to Entente Allies; turn die to 2")]


def test_rule_7_19_draw_reminder_gives_the_draw_counts():
    g = Game.new()
    assert "7.19" in draw_phase_rules(g)
    text = dict(g.reminders())["7.19"]
    assert "1 Bonus, 2 Neutral, 2 Nationality" in text and "discard 2" in text


def test_rule_7_19_1_a_full_hand_draws_bonus_then_neutral_then_nationality_to_11():
    g = Game.new()
    draw_phase_rules(g)
    text = dict(g.reminders())["7.19.1"]
    assert text.index("1 Bonus") < text.index("1 Neutral") < text.index("1 Nationality") and "11" in text
    assert "discard 2" in dict(g.reminders())["7.19.2"]


def test_rule_7_16_7_17_played_cards_discarded_re_and_bonus_shuffled_back():
    g = Game.new()
    draw_phase_rules(g)
    texts = dict(g.reminders())
    assert "Discard played" in texts["7.16"]
    assert "RE card" in texts["7.17"] and "Bonus" in texts["7.17"] and "back into their decks" in texts["7.17"]


def test_rule_2_1_the_defender_draws_first_but_not_in_solitaire():
    g = Game.new()
    draw_phase_rules(g)  # turn 1's draw, before its flip (7.20): its own Defender draws first
    assert dict(g.reminders())["2.1"] == g.state.current.defender + ", the Defender, draws first"
    solo = Game.new("Solitaire", 10, "CP")
    solo.play_solo("EA")
    assert "2.1" not in draw_phase_rules(solo)


def test_rule_3_4_an_empty_deck_is_rebuilt_from_its_discards_first():
    g = Game.new()
    draw_phase_rules(g)
    text = dict(g.reminders())["3.4"]
    assert "reshuffling its discard pile" in text and "only if that is impossible" in text
