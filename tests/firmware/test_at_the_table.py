"""At the table: every press does what the screen says, written from the rules, pressed through the pins."""

import json
import os

from tests.firmware import rig
from tests.firmware.table import Table
from tests.firmware.test_battle_entry import choose

CARDS = {
    "version": "t1",
    "cards": [
        {"id": "cp-1", "name": "Hindenburg", "deck": "CP", "bp": 10},
        {"id": "re-mud", "name": "Mud", "deck": "RE", "d6": ["Dry", "Damp", "Wet", "Mud", "Deep mud", "Swamp"]},
    ],
}


OK = ("OK", 80)


def _to_phase(table, phase):
    """Press as the screen says until the game is in `phase`: OK rolls the RE d6 and moves on, OK on
    the d6 goes to the battle, OK after the draw begins the next turn."""
    for _ in range(12):
        if table.state()["phase"] == phase:
            return
        if table.status().startswith("Attack?"):
            table.press("UP")
        table.press("OK")
    raise AssertionError("never reached %s: %s" % (phase, table.text()))


def _battle(table, cp, ea, captured):
    assert table.screen() == "battle"  # the entry opens as Battle Resolution begins
    for value in (cp, ea, captured):
        table.enter(value)
        table.press("OK")


def test_rule_7_7_the_roll_moves_on_to_combat_round_1_with_the_d6_shown_and_never_rolls_again():
    table = Table.fresh()
    assert table.status() == "OK roll d6 ^more"
    table.press("OK")
    assert table.screen() == "dice" and len(table.state()["track"][0]["rolls"]) == 1
    assert table.state()["phase"] == "cr1"  # one press: the roll, and on to Combat Round 1 (7.8)
    face = table.state()["track"][0]["rolls"][0]
    assert "d6=%d" % face in [t[0] for t in table.frame] and table.status() == "OK/^v: CP BP 12"
    table.press("BACK")  # back to the mat before the battle: the d6 is still in sight
    assert table.status() == "d6 %d  OK battle" % face
    again = table.restart()  # and after a power cut
    assert again.status() == "d6 %d  OK battle" % face
    again.press("OK")
    assert again.state()["phase"] == "battle" and again.screen() == "battle"
    assert again.state()["track"][0]["rolls"] == [face]  # still the one roll
    rig.unmount()


def test_rule_7_7_a_dimmed_panel_acts_on_the_first_press_and_a_dark_one_only_wakes():
    from ui import DIM_MS

    table = Table.fresh()
    table.press("OK")
    table.run(DIM_MS + 1000)  # the combat rounds played with the cards: the panel dims
    assert table.chip.on and table.chip.contrast == 0
    table.press("OK")  # acts at once: on to the battle, the panel lit again
    assert table.state()["phase"] == "battle" and table.chip.contrast == table.ui.settings["contrast"]
    table.hold("BACK")  # back to Combat Round 1
    table.run((table.ui.settings["sleep"] + 2) * 1000)
    assert not table.chip.on  # off, after the sleep setting (burn-in)
    table.press("OK")  # wakes the screen, does nothing else
    assert table.chip.on and table.chip.contrast == table.ui.settings["contrast"]
    assert table.state()["phase"] == "cr1" and table.status().endswith("OK battle")
    table.press("OK")
    assert table.state()["phase"] == "battle" and len(table.state()["track"][0]["rolls"]) == 1
    rig.unmount()


def test_rule_7_7_a_bonus_or_joker_cancels_the_event_and_no_d6_is_rolled():
    table = Table.fresh()
    table.press("UP")  # "^more"
    assert table.screen() == "re-choices" and "No d6: next" in table.text()
    while "EA Joker cancels" not in table.text() or table.ui.top().index != 5:
        table.press("DOWN")
    table.press("OK")
    turn = table.state()["track"][0]
    assert turn["cancel"] == {"side": "EA", "by": "joker", "card": None} and turn["rolls"] == []
    assert table.state()["phase"] == "cr1"  # nothing to roll: on to Combat Round 1 at once
    assert "RE cancelled by EA's joker: no d6" in table.text() and table.status() == "OK to battle"
    table.press("OK")
    assert table.state()["phase"] == "battle" and table.state()["track"][0]["rolls"] == []
    rig.unmount()


def test_rule_7_7_no_d6_needed_skips_the_roll():
    table = Table.fresh()
    table.press("UP")
    table.press("OK")  # "No d6: next" is where UP opens the list
    assert table.state()["phase"] == "cr1" and table.state()["track"][0]["rolls"] == []
    rig.unmount()


def test_rule_7_7_card_data_is_used_by_every_new_game():
    table = Table.fresh()
    with open("cards.json", "w") as f:
        json.dump(CARDS, f)
    table.ui.session.cards_changed()  # what a push does when it commits
    table.press("BACK")  # menu -> New game -> Basic game
    table.presses("DOWN", 3)
    table.press("OK")
    table.press("OK")
    assert table.screen() == "setup"  # 2.2-2.6 first
    table.press("OK")
    assert table.status() == "OK RE card ^more"
    table.press("OK")
    assert table.screen() == "pick-re"
    table.press("OK")  # Mud
    table.press("OK")  # Roll d6
    face = table.state()["track"][0]["rolls"][0]
    assert CARDS["cards"][1]["d6"][face - 1] in table.text() and "see card" not in table.text()
    rig.unmount()


def test_an_undone_message_never_eats_the_next_press():
    table = Table.fresh()
    table.press("OK")  # the roll
    table.hold("BACK")
    assert "Undone: d6" in table.text() and table.state()["phase"] == "re"
    table.press("OK")  # acts at once: the message goes, the d6 is rolled again
    assert len(table.state()["track"][0]["rolls"]) == 1 and table.state()["phase"] == "cr1"
    assert "Undone" not in table.text()
    rig.unmount()


def test_a_warning_waits_for_ok_and_says_so():
    table = Table.fresh()
    with open("settings.json", "w") as f:
        f.write('{"contrast": "loud"}')
    again = table.restart()
    assert "bad setting contrast" in again.text() and "OK: close" in again.text()
    again.press("UP")  # not read yet: nothing happens
    assert again.state()["track"][0]["rolls"] == [] and "OK: close" in again.text()
    again.press("OK")
    assert "OK: close" not in again.text() and again.state()["track"][0]["rolls"] == []
    again.press("OK")  # now OK rolls
    assert len(again.state()["track"][0]["rolls"]) == 1
    rig.unmount()


def test_rule_7_18_after_undoing_a_capture_the_status_asks_for_it_again():
    table = Table.fresh()
    _to_phase(table, "battle")
    _battle(table, 7, 7, 3)
    assert table.state()["turn"] == 2 and table.state()["phase"] == "re"
    table.hold("BACK")  # one hold undoes the one OK: the capture and the end of the turn it made
    assert table.state()["phase"] == "battle" and table.state()["track"][0]["captured"] is None
    assert "Undone: capture 3" in table.text()
    # the capture's entry again, at the number undone, for the loser's cards (7-7: the Defender won)
    assert table.screen() == "battle" and "EA Nat+Joker BP" in table.text() and table.number() == 3
    table.press("BACK")  # left for the mat: it says the capture is still to come
    assert table.status() == "OK CP captures"
    table.press("OK")
    assert table.screen() == "battle" and table.number() == 3
    table.play([("UP", 80), OK])
    assert table.state()["track"][0]["captured"] == 4 and table.state()["turn"] == 2
    rig.unmount()


class _NoCarryOn:
    """The game's play module, but no move is carried on from a saved action."""

    def __init__(self, play):
        self.play = play

    def __getattr__(self, name):
        return getattr(self.play, name)

    def carry_on(self, session, kind):
        pass


def test_rule_7_18_a_power_cut_between_the_capture_and_the_draw_leaves_ok_next_draw_that_moves_on():
    table = Table.fresh()
    _to_phase(table, "battle")
    table.enter(6)
    table.press("OK")
    table.enter(4)
    table.press("OK")
    session = table.ui.session
    session.play = _NoCarryOn(session.play)  # the power goes once the capture is saved, before the move to the draw is
    session.act("capture", 3, None)
    table = table.restart()
    assert table.state()["phase"] == "battle" and table.state()["track"][0]["captured"] == 3
    assert table.status() == "OK next: draw", table.status()
    table.press("OK")  # as the status line says: not the capture entry again; the turn ends
    assert table.state()["turn"] == 2 and table.screen() == "mat", (table.state()["phase"], table.text())
    assert table.status() == "Draw; OK roll d6"
    assert table.state()["track"][0]["captured"] == 3
    rig.unmount()


def test_rule_7_18_after_a_restart_one_hold_of_back_still_undoes_the_capture_and_the_move_to_the_draw():
    table = Table.fresh()
    _to_phase(table, "battle")
    _battle(table, 6, 4, 3)
    table = table.restart()
    table.hold("BACK")
    assert table.state()["phase"] == "battle" and table.state()["track"][0]["captured"] is None
    assert "Undone: capture 3" in table.text() and table.number() == 3
    rig.unmount()


def test_rule_7_14_7_18_the_capture_entry_names_what_is_captured():
    table = Table.fresh()
    _to_phase(table, "battle")
    table.enter(5)
    table.press("OK")
    table.press("OK")  # EA's opens at CP's: 5 too
    text = table.text()
    assert "5-5 tie: CP" in text  # the Defender wins ties (7.14)
    assert "EA Nat+Joker BP" in text and "even face-down" in text
    assert table.layout_faults() == []
    rig.unmount()


def _after_a_capture():
    """A fresh game played to its first capture, CP 6 - EA 4, 3 captured: turn 2, its draw first."""
    table = Table.fresh()
    _to_phase(table, "battle")
    _battle(table, 6, 4, 3)
    return table


def test_rule_2_1_7_19_7_20_after_the_flip_the_last_turns_defender_draws_first():
    # The capture's OK ends the turn, so Defender This Turn is already flipped (7.20) when the
    # draw (7.19) is said: the Defender who draws first is the one of the turn just played.
    table = _after_a_capture()
    state = table.state()
    assert state["turn"] == 2 and state["track"][0]["defender"] == "CP" and state["defender"] == "EA"
    said = table.guidance()
    assert "2.1 CP, last turn's Defender, draws first" in said, said
    assert "2.1 EA" not in said
    rig.unmount()


def test_rule_7_15_after_the_capture_the_reminder_says_what_the_winner_may_not_keep():
    table = _after_a_capture()
    assert table.state()["turn"] == 2  # the capture ended the turn: the draw is next
    said = table.guidance()
    assert "7.15 Winner may keep 1 own played Nationality card or 1 Neutral" in said
    assert "not a Joker, face card (A K Q J), Bonus or white-BP-in-black-circle card" in said
    rig.unmount()


def test_g_2_leaving_combat_round_2_without_an_attack_card_asks_once():
    table = Table.fresh()
    table.ui.set("attack", True)  # Settings, "Attack marks": the table checks 7.10 each turn
    table.press("OK")  # the roll
    assert table.status() == "OK next"  # the d6 screen: on to the Attack card's mark, not the battle
    table.press("OK")
    assert table.state()["phase"] == "cr1" and table.status() == "Attack? ^ mark"
    table.press("OK")  # no Attack card in round 1
    assert table.state()["phase"] == "cr2" and table.status() == "Attack? MUST ^"
    table.press("OK")
    assert table.screen() == "confirm" and "Joker ended the round (G.2)" in table.text()
    table.press("BACK")  # no: stay and mark it
    assert table.state()["phase"] == "cr2"
    table.press("OK")
    table.press("OK")  # yes: a Joker ended the round
    assert table.state()["phase"] == "bonus"
    rig.unmount()


def test_rule_8_1_turn_5_reshuffle_keeps_captured_cards_out_and_the_status_says_so():
    table = Table.fresh()
    for _ in range(4):
        _to_phase(table, "battle")
        _battle(table, 3, 2, 1)
        _to_phase(table, "re")
    _to_phase(table, "battle")
    _battle(table, 3, 2, 1)
    assert table.screen() == "turn5"
    assert "reshuffle decks (keep captured Nat.)" in " ".join(table.ui.top().lines)
    table.press("OK")
    assert table.state()["phase"] == "draw" and table.status() == "8.1 then OK flip"
    table.press("DOWN")  # the reminder says it too
    assert "except captured" in " ".join(table.ui.top().lines)
    rig.unmount()


def _short_scenario(table, turns):
    from shared_engine.great_war.actions import make

    table.ui.session.begin(make("new", "Scenario, %d turns" % turns, turns, "CP"))
    table.run(50)


def test_rule_3_1_the_last_turn_goes_from_7_18_straight_to_counting_hands():
    table = Table.fresh()
    _short_scenario(table, 1)
    _to_phase(table, "battle")
    _battle(table, 4, 2, 2)
    assert table.state()["phase"] == "score" and table.screen() == "hands"
    assert "no last draw" in table.text()  # the final-hands screen names the choice in use
    rig.unmount()


def test_rule_3_1_a_table_that_draws_after_the_last_turn_is_told_to_count_hands():
    table = Table.fresh()
    table.ui.set("last_draw", True)
    _short_scenario(table, 1)
    _to_phase(table, "battle")
    _battle(table, 4, 2, 2)
    assert table.state()["phase"] == "draw" and table.status() == "Draw; OK flip"
    table.press("OK")  # drawn: the game ends (3.1) and the hands are counted
    assert table.state()["phase"] == "score" and table.screen() == "hands" and "drew after last" in table.text()
    rig.unmount()


def test_an_empty_game_is_removed_when_a_new_one_replaces_it():
    from journal import games

    table = Table.fresh()
    first = table.ui.session.journal.gid
    from shared_engine.great_war.actions import make

    table.ui.session.begin(make("new", "Basic game", 10, "CP"))
    assert first not in games.ids() and len(games.ids()) == 1
    table.press("OK")  # a roll: this game is kept from now on
    played = table.ui.session.journal.gid
    from shared_engine.great_war.actions import make

    table.ui.session.begin(make("new", "Basic game", 10, "CP"))
    assert played in games.ids()
    # solitaire with only its side chosen: nothing played yet, so not kept either (3.3)
    table.ui.session.begin(make("new", "Solitaire", 10, "CP"))
    chosen = table.ui.session.journal.gid
    assert table.ui.session.act("solo", "EA")
    table.ui.session.begin(make("new", "Basic game", 10, "CP"))
    assert chosen not in games.ids() and played in games.ids(), games.ids()
    rig.unmount()


def test_every_screen_fits_the_panel_with_three_digit_values():
    table = Table.fresh()
    _to_phase(table, "battle")
    table.enter(999)  # the most an entry takes
    assert table.layout_faults() == [] and "999" in table.text()
    table.press("OK")
    assert "CP 999" in table.text() and table.layout_faults() == []  # CP's, confirmed, beside EA's
    table.press("DOWN")  # EA's opens at CP's: 998
    table.press("OK")
    assert "999-998 CP wins" in table.text() and table.layout_faults() == []
    table.press("UP")  # the capture opens at the loser's 998: 999
    table.press("OK")
    assert table.state()["captured"]["CP"] == 999
    for _ in range(3):  # the mat at the draw, the next turn, its d6
        assert table.layout_faults() == [], table.layout_faults()
        table.press("OK")
    assert table.layout_faults() == [], table.layout_faults()
    rig.unmount()


def test_journal_line_with_a_wrong_crc_is_dropped_not_trusted():
    from journal import games

    table = Table.fresh()
    table.press("OK")  # roll, and on to Combat Round 1
    gid = table.ui.session.journal.gid
    table.ui.session.journal.close()
    path = next(games.ROOT + "/" + n for n in os.listdir(games.ROOT) if n.startswith(gid + ".j"))
    with open(path) as f:
        lines = f.read().split("\n")
    crc, text = lines[-2].split(" ", 1)
    lines[-2] = "%08x %s" % ((int(crc, 16) + 1) & 0xFFFFFFFF, text)  # well-formed, wrong CRC
    with open(path, "w") as f:
        f.write("\n".join(lines))
    again = table.restart()
    assert again.state()["phase"] == "re"  # the bad record (the move on) is not replayed
    assert len(again.state()["track"][0]["rolls"]) == 1
    rig.unmount()


def test_rule_2_2_to_2_6_a_new_basic_game_shows_the_setup_first():
    table = Table.fresh()
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")  # New game
    table.press("OK")  # Basic game
    assert table.screen() == "setup"
    said = table.read_all()
    for rule in ("2.2", "2.3", "2.4", "2.5", "2.6"):
        assert rule + " " in said, rule
    assert "each player draws 2 from their own" in said and "discard 2, to 9" in said
    rig.unmount()


def test_rule_7_16_7_17_7_19_7_19_1_7_19_2_2_1_3_4_the_draw_phase_reminders_on_the_screen():
    table = _after_a_capture()
    assert table.state()["turn"] == 2 and table.status() == "Draw; OK roll d6"
    said = table.guidance()
    assert said.startswith("7.19 Draw")
    assert "7.16 Discard played Neutral and Nationality cards" in said
    assert "7.17 Shuffle the RE card and used Bonus cards back into their decks" in said
    assert "7.19 Draw 1 Bonus, 2 Neutral, 2 Nationality, fill to 11, discard 2" in said
    assert "7.19.1 Hand too full for those 5: draw 1 Bonus, then 1 Neutral, then 1 Nationality" in said
    assert "7.19.2 Then discard 2, down to 9" in said
    assert "2.1 CP, last turn's Defender, draws first" in said
    assert "3.4 An empty Nationality deck is first rebuilt by reshuffling its discard pile" in said
    rig.unmount()


def test_rule_4_4_a_later_turn_begins_with_discarding_down_to_9():
    table = _after_a_capture()
    _to_phase(table, "re")
    assert table.state()["turn"] == 2
    assert "4.4 A hand of more than 9 cards discards down to 9 now" in table.guidance()
    rig.unmount()


def test_rule_3_4_ending_the_game_is_the_menus_last_row_far_from_new_game():
    table = Table.fresh()
    table.press("BACK")
    rows = [row[0] for row in table.ui.top().items()]
    assert rows[-1] == "End game 3.4" and rows.index("End game 3.4") - rows.index("New game") >= 3, rows
    rig.unmount()


def test_rule_3_4_ending_the_game_asks_whether_the_discards_can_be_reshuffled_first():
    table = Table.fresh()
    table.press("BACK")
    choose(table, "End game 3.4")
    table.press("OK")  # CP cannot draw
    assert table.screen() == "confirm"
    said = table.read_all()
    assert "3.4: CP's Nat deck empty and no discards to reshuffle? End now." in said
    rig.unmount()


def test_rule_7_7_an_undone_random_event_roll_rolled_again_shows_the_same_face():
    """One d6 for the event: OK rolls it, a hold of BACK undoes it, OK rolls it again. A player
    cannot fish for a better face by undoing: the event keeps the face it showed."""
    faces = []
    for seed in (7, 3, 11):
        table = Table.fresh(seed=seed)
        table.press("OK")  # the Random Event d6
        first = table.state()["track"][0]["rolls"][-1]
        for _ in range(3):
            table.hold("BACK")  # undo: back to the Random Event phase
            assert table.state()["phase"] == "re", table.state()["phase"]
            table.press("OK")
            assert table.state()["track"][0]["rolls"][-1] == first, (seed, first, table.state()["track"][0])
        faces.append(first)
        rig.unmount()
    assert len(set(faces)) > 1, faces  # the dice still roll: each table its own face


def test_rule_7_7_a_roll_made_again_after_its_undo_was_passed_by_is_marked_so_in_the_log():
    """The redo stack keeps an undone roll's face only until another action: undo the d6, cancel
    the event instead, undo that, and roll. That roll is made again: a new face, and the log says
    which face it replaced, for every export to show."""
    from shared_engine.great_war.actions import to_record

    table = Table.fresh(seed=7)
    table.press("OK")  # the Random Event d6
    first = table.state()["track"][0]["rolls"][-1]
    table.hold("BACK")  # undone: back to the Random Event phase, the face kept for a redo
    table.press("UP")  # "No d6: next" and the cancels
    choose(table, "CP Bonus cancels")
    assert table.state()["track"][0]["cancel"] is not None
    table.hold("BACK")  # the cancel undone: the undone roll is no longer there to redo
    table.press("OK")  # rolled again
    turn = table.state()["track"][0]
    assert len(turn["rolls"]) == 1 and turn["again"] == [first], turn
    rolled = [a for a in table.ui.session.game.actions if a[0] == "roll"]
    assert to_record(rolled[-1]).get("again") == first, rolled
    assert ('"again":%d' % first) in rig.logged(table.ui.session.game)
    rig.unmount()


def test_rule_7_7_a_roll_the_flash_refused_was_never_seen_so_the_roll_after_it_names_the_face_seen():
    """A roll whose save fails shows no face, only "Not saved": the roll made again after it names
    the face the players saw and undid, not the one nobody saw (on several tables: one refused
    roll may come up with the face seen)."""

    def refuse(action):
        raise OSError(28)

    for seed in range(4):
        table = Table.fresh(seed=seed)
        table.press("OK")
        first = table.state()["track"][0]["rolls"][-1]
        table.hold("BACK")
        table.press("UP")
        choose(table, "CP Bonus cancels")
        table.hold("BACK")  # the undone roll is no longer there to redo
        journal = table.ui.session.journal
        journal.append = refuse  # the flash fills just now
        table.press("OK")
        assert "Not saved" in table.text(), table.text()
        assert table.state()["track"][0]["rolls"] == [], table.state()["track"][0]
        del journal.append
        table.press("OK")  # the warning read and closed
        assert table.state()["phase"] == "re", table.state()["phase"]
        table.press("OK")  # rolled, and saved
        turn = table.state()["track"][0]
        assert len(turn["rolls"]) == 1 and turn["again"] == [first], (seed, first, turn)
        rig.unmount()


def test_rule_7_7_a_plain_roll_and_an_undone_roll_made_again_by_redo_are_not_marked():
    table = Table.fresh(seed=7)
    table.press("OK")
    assert "again" not in table.state()["track"][0]
    table.hold("BACK")
    table.press("OK")  # the same face back (the redo stack): no roll made again
    assert "again" not in table.state()["track"][0], table.state()["track"][0]
    assert '"again"' not in rig.logged(table.ui.session.game)
    rig.unmount()


def test_rule_8_1_the_end_of_turn_5_note_shows_all_of_it_and_ok_close_without_scrolling():
    from bench.scripted_game import events

    table = Table.fresh()
    for button, ms in events():
        table.press(button, ms)
        if table.screen() == "turn5":
            break
    assert table.screen() == "turn5", table.screen()
    assert table.status() == "OK: close", table.text()
    said = table.text()
    for words in ("8.1", "Discard all", "reshuffle", "captured Nat", "deal as in 2.0"):
        assert words in said, (words, said)
    assert table.layout_faults() == []
    assert len(table.ui.top().lines) <= 6, table.ui.top().lines  # the panel shows 6 lines
    table.press("OK")
    assert table.screen() != "turn5"
    rig.unmount()
