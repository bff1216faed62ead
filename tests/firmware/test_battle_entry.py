"""Battle Resolution at the table: both sides' face-up BP, or the winner alone (7.14), then the capture (7.18).

Pressed through the pins as a player presses; what is checked is what the panel shows and what the log keeps.
"""

from bench.scripted_game import number
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
    """A plain turn as the status line says, and hold OK from Combat Round 1 to Battle Resolution."""
    table.press("OK")  # "OK roll d6"
    table.press("OK")  # the d6: "OK next"
    table.press("UP")  # "Attack? ^ mark"
    table.hold("OK")  # on through Combat Round 2 and the Bonus phase


def test_rule_7_14_winner_only_the_defender_is_picked_first_and_ok_enters_it():
    table = Table.fresh()
    winner_only(table)
    to_battle(table)
    assert table.screen() == "battle" and "Who won?" in table.text()
    assert "CP Defender" in table.text() and "EA Attacker" in table.text()  # CP defends turn 1 (2.7)
    table.press("OK")  # the Defender, picked first
    assert "CP won" in table.text() and "EA Nat+Joker BP" in table.text()  # 7.18: the loser's cards
    table.play(number(4) + [OK])
    turn = table.state()["track"][0]
    assert (turn["winner"], turn["bp"], turn["captured"]) == ("CP", None, 4)
    assert table.state()["captured"] == {"CP": 4, "EA": 0} and table.state()["phase"] == "draw"
    assert '{"a":"win","side":"CP","v":1}' in rig.logged(table.ui.session.game)  # the log keeps what was entered
    assert "bp" not in [a[0] for a in table.ui.session.game.actions]
    rig.unmount()


def test_rule_7_14_winner_only_down_picks_the_attacker():
    table = Table.fresh()
    winner_only(table)
    to_battle(table)
    table.press("DOWN")
    table.press("OK")
    assert "EA won" in table.text() and "CP Nat+Joker BP" in table.text()
    table.play(number(6) + [OK])
    assert table.state()["track"][0]["winner"] == "EA" and table.state()["captured"] == {"CP": 0, "EA": 6}
    assert table.status() == "Draw 7.19 OK nxt"
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


def test_rule_7_14_hold_ok_on_the_first_bp_enters_the_winner_alone_for_this_battle():
    table = Table.fresh()
    to_battle(table)
    assert "CP (Defender):" in table.text() and "face-up BP" in table.text()
    assert "hold OK: winner" in table.text()
    table.hold("OK")
    assert "Who won?" in table.text()
    table.press("DOWN")
    table.press("OK")
    table.play(number(2) + [OK])
    assert table.state()["track"][0]["winner"] == "EA" and table.state()["track"][0]["bp"] is None
    table.press("OK")  # draw
    table.press("OK")  # flip
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
    table.play(number(3) + [OK])
    assert "EA (Attacker):" in table.text()
    table.play(number(5) + [OK])
    assert "3-5 EA wins" in table.text()
    table.play(number(2) + [OK])
    assert table.state()["track"][0]["bp"] == {"CP": 3, "EA": 5}
    rig.unmount()


def test_rule_7_14_the_entry_header_names_the_side_and_whether_it_defends():
    table = Table.fresh()
    to_battle(table)
    assert "CP (Defender):" in table.text() and "defends" not in table.text()
    table.press("OK")
    assert "EA (Attacker):" in table.text() and "hold OK: winner" not in table.text()
    assert table.layout_faults() == []
    rig.unmount()


def test_one_hold_of_back_undoes_the_hold_of_ok_that_went_to_the_battle_and_redo_brings_it_back():
    table = Table.fresh()
    to_battle(table)
    assert table.state()["phase"] == "battle"
    table.hold("BACK")  # one press went through three phases: one undo takes it back
    assert table.state()["phase"] == "cr1" and table.state()["track"][0]["attack"] is True
    assert "Undone: left Combat 1" in table.text()
    table.hold("BACK")
    assert table.state()["track"][0]["attack"] is False and "Undone: Attack mark" in table.text()
    table.press("BACK")  # the menu: Redo
    choose(table, "Redo")
    assert table.state()["track"][0]["attack"] is True and "Redone: Attack mark" in table.text()
    table.press("BACK")
    choose(table, "Redo")
    assert table.state()["phase"] == "battle" and "Redone: left Combat 1" in table.text()
    rig.unmount()


def test_one_hold_of_back_undoes_the_capture_and_the_move_to_the_draw_its_ok_made():
    table = Table.fresh()
    winner_only(table)
    to_battle(table)
    table.press("OK")
    table.play(number(8) + [OK])
    assert table.state()["phase"] == "draw"
    table.hold("BACK")
    assert "Undone: capture 8" in table.text()
    assert table.state()["phase"] == "battle" and table.state()["track"][0]["captured"] is None
    assert table.state()["track"][0]["winner"] == "CP"  # the pick was a press of its own
    table.run(2000)
    assert table.status() == "OK CP captures"
    rig.unmount()


def test_rule_7_18_the_mats_status_names_the_battles_winner_who_captures_not_the_defender():
    table = Table.fresh()
    to_battle(table)
    table.play(number(4) + [OK] + number(9) + [OK])  # CP, the Defender, 4; EA 9: EA wins (7.14)
    table.press("BACK")  # to the mat before the capture
    assert table.status() == "OK EA captures", table.status()
    table.press("OK")  # as it says: the capture entry, for the loser's cards
    assert table.screen() == "battle" and "CP Nat+Joker BP" in table.text()
    rig.unmount()
