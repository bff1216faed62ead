"""Battle Resolution at the table: both sides' face-up BP, or the winner alone (7.14), then the capture (7.18).

Pressed through the pins as a player presses; what is checked is what the panel shows and what the log keeps.
"""

from tests.firmware import rig
from tests.firmware.table import Table

OK = ("OK", 80)


def choose(table, label):
    """DOWN through a list until `label` is the chosen row, then OK."""
    for _ in range(20):
        screen = table.ui.top()
        if screen.items()[screen.index][0] == label:
            table.press("OK")
            return
        table.press("DOWN")
    raise AssertionError("no row %r in %s" % (label, table.text()))


def winner_only(table):
    """Settings, "Battles": the winner only."""
    table.press("BACK")  # the menu
    choose(table, "Settings")
    choose(table, "Battles")
    assert "Battles winner" in table.text(), table.text()
    table.press("BACK")
    table.press("BACK")
    assert table.screen() == "mat"


def to_battle(table):
    """A plain turn as the screens say: OK rolls the d6 (on to Combat Round 1 with it shown), and
    OK on the d6 goes on through the rounds to Battle Resolution, where the entry opens."""
    table.press("OK")
    assert table.screen() == "dice"
    table.press("OK")
    assert table.screen() == "battle" and table.state()["phase"] == "battle"


def test_rule_7_14_winner_only_up_or_down_on_the_d6_says_who_won_in_one_press():
    table = Table.fresh()
    winner_only(table)
    table.press("OK")  # the roll
    assert table.status() == "Won? ^CP vEA"
    table.press("DOWN")  # EA won, the Attacker of turn 1 (2.7)
    turn = table.state()["track"][0]
    assert table.state()["phase"] == "battle" and (turn["winner"], turn["bp"]) == ("EA", None)
    assert table.screen() == "battle" and "EA won" in table.text() and "CP Nat+Joker BP" in table.text()
    assert '{"a":"win","side":"EA","v":1}' in rig.logged(table.ui.session.game)  # the log keeps what was entered
    rig.unmount()


def test_rule_7_14_winner_only_the_entry_says_up_cp_down_ea_and_ok_the_defender():
    table = Table.fresh()
    winner_only(table)
    to_battle(table)
    assert "Who won?" in table.text() and "^ CP Defender" in table.text() and "v EA Attacker" in table.text()
    assert "OK: Defender won" in table.text()  # CP defends turn 1 (2.7); ties go to the Defender (7.14)
    table.press("OK")
    assert "CP won" in table.text() and "EA Nat+Joker BP" in table.text()  # 7.18: the loser's cards
    table.enter(4)
    table.press("OK")
    turn = table.state()["track"][0]
    assert (turn["winner"], turn["bp"], turn["captured"]) == ("CP", None, 4)
    assert table.state()["captured"] == {"CP": 4, "EA": 0} and table.state()["turn"] == 2
    assert "bp" not in [a[0] for a in table.ui.session.game.actions]
    rig.unmount()


def test_rule_7_18_winner_only_the_capture_opens_at_the_last_capture():
    table = Table.fresh()
    winner_only(table)
    table.press("OK")
    table.press("UP")  # CP won
    first = table.number()  # the game's first capture: about the middle of a real one (3-12)
    assert 3 <= first <= 12, first
    table.enter(9)
    table.press("OK")
    table.press("OK")  # the draw, and on to turn 2
    table.press("OK")  # the roll
    table.press("DOWN")  # EA won
    assert table.number() == 9 and "CP Nat+Joker BP" in table.text()  # where the last capture was
    rig.unmount()


def test_rule_7_14_the_setting_outlasts_a_restart_and_the_mat_asks_who_won():
    table = Table.fresh()
    winner_only(table)
    table = table.restart()
    to_battle(table)
    table.press("BACK")  # leave the entry: the mat says what OK does
    assert table.status() == "OK: who won?"
    table.press("OK")
    assert table.screen() == "battle" and "Who won?" in table.text()
    rig.unmount()


def test_rule_7_14_both_bp_the_first_opens_at_the_last_battles_and_the_second_at_the_first():
    table = Table.fresh()
    to_battle(table)
    assert "CP (Defender):" in table.text() and "face-up BP" in table.text()
    assert table.number() == 12  # the game's first battle: about the middle of a side's 7-22
    table.enter(15)
    table.press("OK")
    assert "EA (Attacker):" in table.text() and table.number() == 15  # a battle is seldom far from even
    assert "CP 15" in table.text()  # the first side's, as confirmed
    table.enter(13)
    table.press("OK")
    assert "15-13 CP wins" in table.text()
    assert table.number() == 13  # the capture: at the loser's face-up BP, most of it Nationality cards
    table.enter(8)
    table.press("OK")  # the capture, which ends the turn: turn 2
    table.press("OK")  # the roll
    assert table.status() == "OK/^v: CP BP 15"  # the d6 says where CP's number opens: the last battle's
    table.press("UP")  # opens the entry and counts at once
    assert table.screen() == "battle" and table.number() == 16
    rig.unmount()


def test_rule_7_14_holding_up_on_the_d6_opens_the_entry_and_counts_on_until_let_go():
    table = Table.fresh()
    table.press("OK")
    table.play([("UP", 1400)])  # a count at the press, then at 0.5 s and every 0.35 s
    assert table.screen() == "battle" and table.number() == 12 + 4, table.number()
    assert table.state()["phase"] == "battle" and table.state()["track"][0]["bp"] is None
    rig.unmount()


def test_rule_7_14_hold_ok_on_the_first_bp_enters_the_winner_alone_for_this_battle():
    table = Table.fresh()
    to_battle(table)
    assert "hold OK: winner" in table.text()
    table.hold("OK")
    assert "Who won?" in table.text()
    table.press("DOWN")
    table.enter(2)
    table.press("OK")
    assert table.state()["track"][0]["winner"] == "EA" and table.state()["track"][0]["bp"] is None
    to_battle(table)  # the next battle asks for both BP again: the setting is unchanged
    assert "CP (Attacker):" in table.text() and "face-up BP" in table.text()  # EA defends turn 2 (7.20)
    rig.unmount()


def test_rule_7_14_with_winner_only_set_hold_ok_enters_both_bp_for_this_battle():
    table = Table.fresh()
    winner_only(table)
    to_battle(table)
    assert "hold OK: BP" in table.text()
    table.hold("OK")
    assert "CP (Defender):" in table.text()
    table.enter(3)
    table.press("OK")
    assert "EA (Attacker):" in table.text()
    table.enter(5)
    table.press("OK")
    assert "3-5 EA wins" in table.text()
    table.enter(2)
    table.press("OK")
    assert table.state()["track"][0]["bp"] == {"CP": 3, "EA": 5}
    rig.unmount()


def test_rule_7_14_holding_ok_on_the_second_number_changes_nothing():
    table = Table.fresh()
    winner_only(table)
    to_battle(table)
    table.hold("OK")  # both BP for this battle
    table.enter(9)
    table.press("OK")
    table.enter(11)
    table.hold("OK")  # on EA's number: not a swap to "Who won?", and nothing entered
    assert "EA (Attacker):" in table.text() and "Who won?" not in table.text() and table.number() == 11
    assert table.state()["track"][0]["winner"] is None
    table.press("OK")
    assert table.state()["track"][0]["bp"] == {"CP": 9, "EA": 11}
    rig.unmount()


def test_rule_7_14_the_entry_header_names_the_side_and_whether_it_defends():
    table = Table.fresh()
    to_battle(table)
    assert "CP (Defender):" in table.text() and "defends" not in table.text()
    table.press("OK")
    assert "EA (Attacker):" in table.text() and "hold OK: winner" not in table.text()
    assert table.layout_faults() == []
    rig.unmount()


def test_one_hold_of_back_on_eas_number_steps_back_to_cps_kept_as_confirmed():
    table = Table.fresh()
    to_battle(table)
    table.enter(14)
    table.press("OK")
    table.enter(11)
    table.hold("BACK")  # one entry back, not out of the battle
    assert table.state()["phase"] == "battle" and "CP (Defender):" in table.text()
    assert table.number() == 14  # CP's number, kept
    table.press("OK")
    assert table.number() == 11  # and EA's, as it was left
    table.press("OK")
    assert table.state()["track"][0]["bp"] == {"CP": 14, "EA": 11}
    rig.unmount()


def test_one_hold_of_back_on_the_capture_steps_back_to_eas_number_both_kept():
    table = Table.fresh()
    to_battle(table)
    table.enter(14)
    table.press("OK")
    table.enter(11)
    table.press("OK")
    table.hold("BACK")  # the BP undone: their entry again, at EA's, both numbers kept
    assert table.state()["track"][0]["bp"] is None and "Undone: BP 14-11" in table.text()
    assert table.screen() == "battle" and "EA (Attacker):" in table.text() and table.number() == 11
    table.hold("BACK")
    assert table.number() == 14 and "CP (Defender):" in table.text()
    table.press("OK")
    table.press("UP")
    table.press("OK")
    assert table.state()["track"][0]["bp"] == {"CP": 14, "EA": 12}
    rig.unmount()


def test_winner_only_switched_to_bp_for_one_battle_keeps_cps_number_through_a_power_cut():
    table = Table.fresh()
    winner_only(table)
    to_battle(table)
    table.hold("OK")  # both BP, this battle
    table.enter(17)
    table.press("OK")  # CP's 17 confirmed: on flash
    again = table.restart()
    assert again.screen() == "battle" and "EA (Attacker):" in again.text() and "CP 17" in again.text()
    again.enter(10)
    again.press("OK")
    assert again.state()["track"][0]["bp"] == {"CP": 17, "EA": 10}
    rig.unmount()


def test_one_hold_of_back_undoes_the_move_to_the_battle_and_redo_brings_it_back():
    table = Table.fresh()
    to_battle(table)
    assert table.state()["phase"] == "battle"
    table.hold("BACK")  # one press went through three phases: one undo takes it back
    assert table.state()["phase"] == "cr1" and table.screen() == "mat"
    assert "Undone: left Combat 1" in table.text()
    table.hold("BACK")
    assert table.state()["phase"] == "re" and "Undone: d6" in table.text()
    table.press("BACK")  # the menu: Redo
    choose(table, "Redo")
    assert table.state()["phase"] == "cr1" and "Redone: d6" in table.text()
    table.press("BACK")
    choose(table, "Redo")
    assert table.state()["phase"] == "battle" and "Redone: left Combat 1" in table.text()
    assert table.screen() == "battle"  # the entry the battle asks for, open again
    rig.unmount()


def test_one_hold_of_back_undoes_the_capture_and_the_end_of_the_turn_its_ok_made():
    table = Table.fresh()
    winner_only(table)
    to_battle(table)
    table.press("OK")
    table.enter(8)
    table.press("OK")
    assert table.state()["turn"] == 2 and table.state()["phase"] == "re"
    table.hold("BACK")
    assert "Undone: capture 8" in table.text()
    assert table.state()["phase"] == "battle" and table.state()["track"][0]["captured"] is None
    assert table.state()["track"][0]["winner"] == "CP"  # the pick was a press of its own
    assert table.screen() == "battle" and table.number() == 8
    table.hold("BACK")  # and the next hold, the pick
    assert table.state()["track"][0]["winner"] is None and "Who won?" in table.text()
    rig.unmount()


def test_rule_7_18_the_mats_status_names_the_battles_winner_who_captures_not_the_defender():
    table = Table.fresh()
    to_battle(table)
    table.enter(4)
    table.press("OK")
    table.enter(9)
    table.press("OK")  # CP, the Defender, 4; EA 9: EA wins (7.14)
    table.press("BACK")  # to the mat before the capture
    assert table.status() == "OK EA captures", table.status()
    table.press("OK")  # as it says: the capture entry, for the loser's cards
    assert table.screen() == "battle" and "CP Nat+Joker BP" in table.text()
    rig.unmount()


def test_rule_7_20_the_captures_ok_flips_defender_this_turn_and_turns_the_die_then_the_draw_and_d6():
    table = Table.fresh()
    to_battle(table)
    table.press("OK")
    table.press("OK")
    table.press("OK")  # the capture: the turn's last press (7.18), then 7.20
    state = table.state()
    assert (state["turn"], state["defender"], state["phase"]) == (2, "EA", "re")
    assert state["track"][0]["captured"] == 12
    assert "EA" in [t[0] for t in table.frame if t[2] == 10]  # Defender This Turn, flipped
    assert "2" in [t[0] for t in table.frame if t[2] == 2]  # the turn die, turned
    assert table.status() == "Draw; OK roll d6"  # the draw (7.19), then the next turn's Random Event
    said = table.guidance()
    assert said.index("7.19 Draw 1 Bonus") < said.index("7.7 Defender draws a Random Event card")
    table.press("OK")  # as it says: the roll, Combat Round 1 with the d6 shown
    assert table.screen() == "dice" and table.state()["phase"] == "cr1" and len(table.state()["track"][1]["rolls"]) == 1
    rig.unmount()


def test_two_buttons_at_once_on_a_number_count_nothing():
    table = Table.fresh()
    to_battle(table)
    shown = table.number()
    for first, second in (("UP", "DOWN"), ("DOWN", "UP"), ("UP", "OK")):
        table._pin(first, 0)
        table.run(10)  # the second a moment after the first, as two thumbs land
        table._pin(second, 0)
        table.run(80)
        table._pin(first, 1)
        table._pin(second, 1)
        table.run(100)
        assert table.number() == shown, (first, second, table.frame)
        assert table.state()["track"][0]["bp"] is None and "CP (Defender):" in table.text()
    assert "One button at a time" in table.text()
    table.press("UP")  # one alone counts, as ever
    assert table.number() == shown + 1
    rig.unmount()


def test_rule_7_14_a_0_0_battle_is_asked_once_before_the_defender_takes_it():
    table = Table.fresh()
    to_battle(table)
    table.enter(0)
    table.press("OK")
    table.press("OK")  # EA's opens at CP's 0
    assert table.screen() == "confirm" and "0-0" in table.text(), table.text()
    table.press("BACK")  # no: back at EA's number, nothing entered
    assert table.screen() == "battle" and table.state()["track"][0]["bp"] is None and table.number() == 0
    table.press("OK")
    table.press("OK")  # yes, both sides played nothing face up: the Defender wins the tie (7.14)
    assert table.state()["track"][0]["bp"] == {"CP": 0, "EA": 0} and table.state()["track"][0]["winner"] == "CP"
    assert table.screen() == "battle" and "Nat+Joker BP" in table.text()  # on to the capture, asked once only
    rig.unmount()


def test_ok_held_on_the_d6_goes_to_the_battle_as_a_tap_does():
    table = Table.fresh()
    table.press("OK")  # the roll
    table.hold("OK")  # held, as the mat's OK is held on to the battle
    assert table.state()["phase"] == "battle" and table.screen() == "battle"
    rig.unmount()


def test_rule_7_18_a_later_capture_opens_at_the_share_of_the_losers_bp_this_games_captures_were():
    """7.18 captures the loser's Nationality cards, not their Neutral and Bonus cards: a capture is
    most of the loser's face-up BP, and how much of it, this table's earlier battles say."""
    table = Table.fresh()
    to_battle(table)
    table.enter(15)
    table.press("OK")
    table.enter(13)
    table.press("OK")
    assert table.number() == 13  # the first capture: at the loser's face-up BP, with nothing to go by
    table.enter(8)
    table.press("OK")  # 8 of the loser's 13 captured; the turn ends
    table.press("OK")  # turn 2's roll
    table.press("OK")  # the battle's entry, at CP's last 15
    table.enter(10)
    table.press("OK")
    table.enter(18)
    table.press("OK")  # 10-18: EA wins, CP's 10 are the loser's
    assert "10-18 EA wins" in table.text()
    assert table.number() == 6  # 10 x 8/13 = 6.2: the share the first capture took
    table.enter(7)
    table.press("OK")
    table.press("OK")
    table.press("OK")
    table.enter(20)
    table.press("OK")
    table.enter(12)
    table.press("OK")  # turn 3: 20-12, CP (the Defender) wins; EA's 12 lost
    assert table.number() == 8  # 12 x (8+7)/(13+10) = 7.8, to the nearest: 8
    rig.unmount()
