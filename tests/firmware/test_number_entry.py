"""Counting a number up and down as a player holds the buttons: what the glass shows at each count.

At a count only the digits are drawn again, and the display scans only their
columns for changes; these tests read the emulated panel to check that
nothing is left behind on the glass, and that what a count draws is what the
whole screen drawn again would show.
"""

from bench.scripted_game import number
from tests.firmware import rig
from tests.firmware.table import Table


def _on_the_battle_entry():
    table = Table.fresh()
    table.press("OK")  # the RE d6, and on to Combat Round 1
    table.press("OK")  # on the d6: to the battle
    assert table.screen() == "battle", table.screen()  # it opens as Battle Resolution begins
    table.enter(0)  # counted from 0 here, where the first battle's entry opens at 12
    return table


def _glass_matches_the_frame(table):
    counted = bytes(table.ui.display.buffer)
    table.ui.dirty = True  # the whole screen drawn again, as after any other press
    table.ui.render()
    return table.chip.frame() == counted == table.ui.display.buffer


def _big_number(table):
    return [s for s, _, _, scale in table.frame if scale > 1]


def _hold_watching_each_count(table, button, ms):
    """Hold `button` for `ms`, checking the glass at every frame the hold draws; the numbers shown."""
    shown = []
    table._pin(button, 0)
    for _ in range(ms // 5):
        frames = table.frames
        table.run(5)
        if table.frames != frames:
            shown += _big_number(table)
            assert _glass_matches_the_frame(table), shown
    table._pin(button, 1)
    table.run(60)
    return shown


def test_rule_7_14_holding_up_counts_one_at_a_time_and_the_glass_shows_each_count():
    table = _on_the_battle_entry()
    shown = _hold_watching_each_count(table, "UP", 6500)  # into the faster counts
    counts = [int(s) for s in shown]
    assert counts == list(range(1, len(counts) + 1)), counts  # every count drawn, none skipped
    assert len(counts) >= 30, counts
    assert table.state()["phase"] == "battle"  # counting enters nothing
    rig.unmount()


def test_rule_7_14_counts_that_change_the_number_of_digits_leave_nothing_behind_on_the_glass():
    table = _on_the_battle_entry()
    steps = [("DOWN", "0"), ("UP", "1"), ("DOWN", "0"), ("DOWN", "0")]
    for button, shown in steps:  # no number below 0: a DOWN there changes nothing
        table.press(button)
        assert _big_number(table) == [shown], (button, table.frame)
        assert _glass_matches_the_frame(table), (button, shown)
    table.play(number(99, start=0))
    for button, shown in [("UP", "100"), ("DOWN", "99"), ("DOWN", "98"), ("UP", "99"), ("UP", "100")]:
        table.press(button)  # two digits to three and back
        assert _big_number(table) == [shown], (button, table.frame)
        assert _glass_matches_the_frame(table), (button, shown)
    rig.unmount()


def _steps(shown):
    """What a hold showed, each number once (at a limit the screen may be drawn again)."""
    return [n for i, n in enumerate(shown) if i == 0 or shown[i - 1] != n]


def test_a_number_held_into_its_limit_stops_there_and_never_wraps_round():
    table = _on_the_battle_entry()
    table.play(number(997, start=0))
    shown = _steps(_hold_watching_each_count(table, "UP", 1275))
    assert shown == ["998", "999"], shown  # 999 the most: no 0 after it
    assert _big_number(table) == ["999"] and _glass_matches_the_frame(table)
    table.play(number(2, start=999))
    shown = _steps(_hold_watching_each_count(table, "DOWN", 1275))
    assert shown == ["1", "0"] and _big_number(table) == ["0"], shown
    rig.unmount()


def test_rule_7_18_the_captured_bp_counts_on_the_glass_as_the_face_up_bp_did():
    table = _on_the_battle_entry()
    table.play(number(11) + [("OK", 80)] + number(10, start=11) + [("OK", 80)])
    assert "11-10" in table.text(), table.text()
    table.enter(0)  # the capture opens at the loser's 10
    shown = _hold_watching_each_count(table, "UP", 1450)  # let go a quarter second after the 4th count
    assert [int(s) for s in shown] == list(range(1, len(shown) + 1)), shown
    table.press("OK")
    assert table.state()["track"][0]["captured"] == len(shown), table.state()["track"][0]
    rig.unmount()


def test_rule_1_5_the_scenario_turns_entry_counts_on_the_glass_with_its_bigger_digits():
    table = Table.fresh()
    table.press("BACK")  # the menu: Back to game, Undo, Redo, New game
    table.presses("DOWN", 3)
    table.press("OK")
    table.press("DOWN")  # "Scen. turns"
    table.press("OK")
    assert table.screen() == "number" and "Scenario 1.5" in table.text(), table.text()
    start = int(_big_number(table)[0])
    shown = _steps(_hold_watching_each_count(table, "DOWN", 4000))
    # 1.5 allows 1 to 40 turns: the count stops at 1
    assert [int(s) for s in shown] == list(range(start - 1, 0, -1))[: len(shown)], (start, shown)
    assert shown[-1] == "1" and _big_number(table) == ["1"], (start, shown)
    table.play(number(9, start=1))
    table.press("UP")  # one digit to two (9 -> 10)
    assert _glass_matches_the_frame(table)
    rig.unmount()


def test_rule_7_14_two_counts_before_one_frame_leave_no_digit_behind():
    # A busy loop (flash, the link) can take a held button's counts two at a time: 10 -> 9 -> 8
    # goes from two digits to one, and the frame must clear where the "10" was.
    table = _on_the_battle_entry()
    table.play(number(10))
    assert _big_number(table) == ["10"], table.frame
    now = rig.CLOCK.now & 0x3FFFFFFF
    table.ui.handle("DOWN", "REPEAT", now)
    table.ui.handle("DOWN", "REPEAT", now)
    table.ui.step(now)
    assert _big_number(table) == ["8"], table.frame
    assert _glass_matches_the_frame(table)
    rig.unmount()


def _let_go_after_seeing(table, button, wanted, reaction):
    """Hold `button` until the entry shows `wanted` (watching every 5 ms), let go `reaction` ms later."""
    table._pin(button, 0)
    for _ in range(20000 // 5):
        table.run(5)
        if _big_number(table) == [str(wanted)]:
            break
    table.run(reaction)
    table._pin(button, 1)
    table.run(60)
    return int(_big_number(table)[0])


def test_a_hold_let_go_a_reaction_after_the_number_wanted_shows_stops_on_it_slow_counts_or_fast():
    """A battle's sides are 7-22 BP and a capture 3-12: a hold of up to 15 counts, into the fast
    counts from the ninth. A person lets go about a quarter second after seeing the number, some
    sooner, some later; the hold stops on the number seen, not one past it."""
    for reaction in (190, 250, 310):
        for distance in (2, 5, 8, 9, 11, 15):
            table = _on_the_battle_entry()
            table.enter(7)
            got = _let_go_after_seeing(table, "UP", 7 + distance, reaction)
            assert got == 7 + distance, (reaction, distance, got)
            got = _let_go_after_seeing(table, "DOWN", 7, reaction)
            assert got == 7, (reaction, distance, got)
            rig.unmount()
