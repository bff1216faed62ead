"""What a screen says it will do, it does: reminders say how to close them, a finished game's mat
shows its score, solitaire marks whose side is whose, and what OK confirmed outlasts a power cut."""

from tests.firmware import rig
from tests.firmware.table import Table
from tests.firmware.test_battle_entry import choose, to_battle

OK = ("OK", 80)


def _last_line(table):
    """What the text on top says OK does, as the panel shows it at once, before any scrolling
    (a person does not press what the screen does not offer), and still after scrolling."""
    lines = table.ui.top().lines
    for _ in range(2):
        shown = [s for s, _, y, scale in table.frame if scale == 1 and y >= 10]
        assert shown[-1].startswith(lines[-1]) and shown[-1][:4] == "OK: ", (shown, lines)  # the panel shows it
        for _ in range(60):
            table.press("DOWN")
    return lines[-1]


def test_rule_2_2_to_2_6_every_reminder_ends_saying_what_ok_does_and_ok_does_it():
    table = Table.fresh()
    table.press("BACK")
    choose(table, "New game")
    choose(table, "Basic game")
    assert table.screen() == "setup"
    assert _last_line(table) == "OK: close"
    table.press("OK")
    assert table.screen() == "mat"
    table.press("DOWN")  # the phase's guidance
    assert table.screen() == "guide" and _last_line(table) == "OK: close"
    table.press("OK")
    assert table.screen() == "mat"
    rig.unmount()


def _battle(table, *values):
    for value in values:
        table.enter(value)
        table.press("OK")


def _play_to_the_end_of_turn_5(table):
    for _ in range(5):
        to_battle(table)
        _battle(table, 3, 2, 1)  # the capture's OK ends the turn (7.20)


def test_rule_8_1_the_turn_5_reshuffle_ends_saying_ok_closes_it():
    table = Table.fresh()
    _play_to_the_end_of_turn_5(table)
    assert table.screen() == "turn5" and "END OF TURN 5" in table.text()
    # the capture's news that brought it ("CP +1 BP: CP 5 EA 0") covers none of what to do now
    assert table.ui.toast and "+1 BP" not in table.text() and "deal as in 2.0." in table.text(), table.text()
    assert _last_line(table) == "OK: close"
    table.press("OK")
    assert table.screen() == "mat" and table.status() == "8.1 then OK flip"
    table.press("OK")  # as it says: turn 6 begins
    assert (table.state()["turn"], table.state()["phase"]) == (6, "re")
    rig.unmount()


def _solitaire_10_turns(side):
    table = Table.fresh()
    table.press("BACK")
    choose(table, "New game")
    while "Solo: you are %s" % side not in table.text():
        choose(table, "Solo: you are")
    choose(table, "Solitaire")
    assert "Step 1 setup" in table.text()
    table.press("OK")
    return table


def _solo_turn(table, turn):
    """A solitaire turn as the status line asks: the AI's hand, the d6, the Attack card, Step 7, the battle."""
    table.press("OK")  # "OK AI hand 3/11"
    table.press("OK")  # close the hand
    table.press("OK")  # "OK roll d6"
    table.press("OK")  # the d6: next
    for _ in range(6):
        status = table.status()
        if table.screen() == "battle":
            break
        if "AI" in status and "7" in status:
            table.press("OK")  # Step 7: what the AI holds
            choose(table, "Roll d6")
            table.press("OK")  # its result, read
        else:
            table.press("OK")
    assert table.screen() == "battle", table.text()
    _battle(table, 4, 2, 1)


def test_solitaire_8_0_after_turn_5_the_step_1_checklist_comes_again():
    table = _solitaire_10_turns("EA")
    for turn in range(1, 6):
        _solo_turn(table, turn)
        if turn < 5:
            assert table.status() == "Step %d OK flip" % (10 if turn % 2 else 15), table.status()  # you defend next: 10
            table.press("OK")  # the hands rebuilt (Steps 10/15), and the flip
    assert table.screen() == "turn5"
    assert _last_line(table) == "OK: Step 1 again"
    table.press("OK")
    assert "Step 1 setup" in table.text()  # redraw starting with Step 1 (Solitaire 3.3, 8.0)
    assert _last_line(table) == "OK: close"
    table.press("OK")
    assert table.screen() == "mat" and table.state()["turn"] == 5
    rig.unmount()


def test_solitaire_3_3_the_mat_says_which_total_is_yours_and_which_the_ais():
    table = _solitaire_10_turns("EA")
    texts = [(s, y) for s, x, y, scale in table.frame if x >= 64 and y < 28 and scale == 1]
    assert ("AI", 4) in texts and ("You", 19) in texts, texts  # CP's row, then EA's
    assert table.layout_faults() == []
    rig.unmount()


def test_solitaire_3_3_the_side_you_chose_is_offered_first_for_the_next_game():
    table = _solitaire_10_turns("EA")
    table = table.restart()
    table.press("BACK")
    choose(table, "New game")
    assert "Solo: you are EA" in table.text()
    rig.unmount()


def test_rule_3_2_3_5_a_finished_games_mat_shows_the_final_score_and_no_end_game_3_4():
    table = Table.fresh()
    from shared_engine.great_war.actions import make

    table.ui.session.begin(make("new", "Scenario, 1 turns", 1, "CP"))
    table.run(50)
    to_battle(table)
    _battle(table, 6, 4, 5)  # CP wins, captures 5
    assert table.screen() == "hands"
    _battle(table, 7, 9)  # 3.2: the hands
    final = table.state()["end"]["final"]
    assert final == {"CP": 12, "EA": 9}
    while table.screen() != "mat":
        table.press("BACK")
    big = [s for s, x, y, scale in table.frame if scale == 2 and x > 64]
    assert big == ["12", "9"], big  # the totals with the hands, as the result screen says
    table.press("BACK")
    labels = [item[0] for item in table.ui.top().items()]
    assert "End game 3.4" not in labels and "New game" in labels
    rig.unmount()


def test_rule_7_14_cps_bp_that_ok_confirmed_outlasts_a_power_cut():
    table = Table.fresh()
    to_battle(table)
    _battle(table, 8)  # CP's face-up BP confirmed
    assert "EA (Attacker):" in table.text()
    table = table.restart()  # the power goes, and comes back
    assert table.screen() == "battle" and "EA (Attacker):" in table.text() and "CP 8" in table.text()
    table.press("BACK")  # back to CP's: the 8 is there
    assert "CP (Defender):" in table.text() and table.number() == 8
    table.press("OK")
    _battle(table, 5)
    assert table.state()["track"][0]["bp"] == {"CP": 8, "EA": 5}
    rig.unmount()
