"""Solitaire Rules 3.3 at the table: what the device asks of the player, pressed through the buttons."""

from tests.firmware.table import Table
from tests.firmware.test_screens_layout import crawl


def _solitaire(side, seed=7):
    """Menu, New game, pick the side, the short solitaire game; past the Step 1 checklist."""
    table = Table.fresh(seed)
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")  # New game
    assert table.screen() == "new-game"
    if side == "EA":
        table.presses("DOWN", 4)
        table.press("OK")  # "Solo: you are" CP -> EA
        table.presses("DOWN", 2)
    else:
        table.presses("DOWN", 6)
    assert "Solo short 5T" in table.text()
    table.press("OK")
    assert "Step 1 setup" in table.text()
    table.press("OK")
    assert table.screen() == "mat" and table.state()["solo"] == side
    return table


def _hand_and_roll(table):
    table.press("OK")  # the AI's hand (Step 3 or 11), rolled on this press
    assert table.screen() == "ai-hand", table.text()
    table.press("OK")
    assert table.status() == "OK roll d6 ^more", table.status()
    table.press("OK")  # the Random Event d6, and on to Combat Round 1
    assert table.screen() == "dice" and len(table.state()["track"][-1]["rolls"]) == 1
    assert table.status() == "OK next"  # solitaire plays its rounds a step at a time: their AI steps
    table.press("OK")
    assert table.state()["phase"] == "cr1" and table.screen() == "mat", table.text()
    assert table.status() == "OK Combat 2"


def _step_7(table, bonus=False, joker=False, both=False):
    """OK on the mat opens Step 7: mark what the AI holds, roll; returns the result's text."""
    table.press("OK")
    assert table.screen() == "ai-bonus", table.text()
    for on in (bonus, joker, both):
        if on:
            table.press("OK")
        table.press("DOWN")
    table.press("OK")  # Roll d6
    text = table.text()
    table.press("OK")
    return text


def test_solitaire_step_3_round_1_is_set_by_the_ai_defenders_hand_roll():
    table = _solitaire("EA")  # 2.7: CP, the AI, defends turn 1
    assert table.status() == "OK AI hand 3"
    _hand_and_roll(table)
    said = table.guidance()
    assert "Step 3: the AI's Round 1 is the face-up cards of its hand roll" in said
    assert "Step 13" not in said


def test_solitaire_step_13_when_the_ai_attacks_you_play_round_1_first():
    table = _solitaire("CP")  # the player defends turn 1: "See STEP 10 if you are Defender"
    assert table.status() == "OK AI hand 11"
    _hand_and_roll(table)
    said = table.guidance()
    assert "Step 13: you (Defender) play first" in said
    assert "Step 3:" not in said


def test_solitaire_step_6_a_jack_in_either_round_and_the_ai_jacks_linked_cards():
    table = _solitaire("EA")
    _hand_and_roll(table)
    round_1 = table.guidance()
    assert "a Jack you play in either Round is cancelled at once" in round_1
    table.press("OK")
    assert table.state()["phase"] == "cr2" and table.status() == "OK Bonus 7.13"
    round_2 = table.guidance()
    assert "a Jack you play in either Round is cancelled at once" in round_2
    assert "an AI Jack is played in Round 2" in round_2
    assert "cards that cancel or discard yours; if none, its highest BP" in round_2


def _to_bonus(table):
    table.hold("OK")  # on to the battle: stops where the AI's Step 7 roll is due
    assert table.state()["phase"] == "bonus"


def test_solitaire_step_7_the_ai_defender_rolls_first_in_the_bonus_phase():
    table = _solitaire("EA")
    _hand_and_roll(table)
    _to_bonus(table)
    assert table.status() == "OK AI bonus 7"
    assert "the AI defends, so it plays first (7.13)" in table.guidance()


def test_solitaire_step_7_when_you_defend_you_play_first_then_the_ai_rolls():
    table = _solitaire("CP")
    _hand_and_roll(table)
    _to_bonus(table)
    assert table.status() == "You 1st; OK AI 7"
    assert "7.13: you defend, so play your Bonus or Joker first" in table.guidance()
    text = _step_7(table)
    assert "plays no Bonus or Joker" in text  # it holds neither
    assert table.status().endswith("OK battle")
    table.press("OK")
    assert table.screen() == "battle" and table.state()["phase"] == "battle"  # the entry opens at once


def _faces(text):
    faces = []
    for part in text.split("d6 = ")[1:]:
        faces.append(int(part[0]))
    return faces


def test_solitaire_step_7_both_cancel_rolls_again_even_bonus_odd_joker():
    seen = set()
    for seed in range(1, 40):
        table = _solitaire("EA", seed)
        _hand_and_roll(table)
        _to_bonus(table)
        text = _step_7(table, bonus=True, joker=True, both=True)
        faces = _faces(text)
        first = faces[0]
        if first % 2 and first != 1:  # "No AI Defender Bonus or Joker cards are played on any other result"
            assert len(faces) == 1 and "plays no Bonus or Joker" in text, text
            seen.add("none")
            continue
        # a card is played; both could cancel, so a second d6 picks: even the Bonus card, odd the Joker
        assert len(faces) == 2 and "Both could cancel" in text, text
        tie = faces[1]
        expected = "plays a Bonus card" if tie % 2 == 0 else "plays a Joker"
        assert expected in text, text
        seen.add("bonus" if tie % 2 == 0 else "joker")
        rolls = [r for r in table.state()["track"][0]["ai"] if r[0].startswith("s7")]
        assert rolls == [["s7", 6, first], ["s7b", 6, tie]]  # both rolls logged with their step
        if len(seen) == 3:
            return
    raise AssertionError("the seeds tried never gave every outcome: %s" % seen)


def test_layout_every_screen_of_the_solitaire_menu():
    def menu():
        table = _solitaire("CP")
        table.press("BACK")
        return table

    faults = crawl(menu)
    assert not faults, "\n".join(faults)


def test_layout_a_whole_solitaire_game_through_the_buttons():
    table = _solitaire("EA")
    faults = []
    for turn in range(1, 6):
        _hand_and_roll(table)
        faults += table.layout_faults()
        _to_bonus(table)
        faults += table.layout_faults()
        _step_7(table, bonus=True)
        faults += table.layout_faults()
        table.press("OK")  # "OK battle": to the battle, where the entry opens
        assert table.screen() == "battle"
        for value in (12, 7, 7):
            table.enter(value)
            table.press("OK")
        faults += table.layout_faults()
        for _ in range(3):
            if table.state()["turn"] > turn or table.state()["phase"] == "over":
                break
            table.press("OK")
            faults += table.layout_faults()
        assert table.state()["track"][turn - 1]["winner"] == "CP"
    assert not faults, faults
    assert table.screen() == "over" and "AI WINS" in table.text(), table.text()  # CP, the AI's side, won


def test_solitaire_3_3_the_defender_box_and_the_battle_entry_say_whose_side_is_yours():
    table = _solitaire("EA")  # the AI has CP, which defends turn 1 (2.7)
    texts = [(t, x, y) for t, x, y, scale in table.frame if 32 <= x < 64 and y < 28]
    assert ("AI", 34, 10) in texts and ("CP", 34, 19) in texts, texts
    _hand_and_roll(table)
    table.hold("OK")
    _step_7(table)
    table.press("OK")  # to the battle
    assert "CP (AI, Def):" in table.text(), table.text()
    table.press("OK")
    assert "EA (You, Att):" in table.text() and table.layout_faults() == []
    table.press("BACK")
    table.press("BACK")  # the mat again: winner only for this battle
    table.press("OK")
    table.hold("OK")
    assert "^ CP AI, Def" in table.text() and "v EA You, Att" in table.text(), table.text()
    table.press("DOWN")
    assert "EA (You) won" in table.text()


def test_solitaire_step_8_closing_the_discard_leaves_the_menus_cursor_off_it():
    table = _solitaire("CP")
    table.press("BACK")  # the menu: Back to game, AI hand 3/11, AI discard 8
    table.presses("DOWN", 2)
    assert table.ui.top().items()[table.ui.top().index][0] == "AI discard 8"
    table.press("OK")
    table.press("OK")  # 7 cards in the hand: rolled
    assert "Card" in table.text() and len(table.state()["track"][0]["ai"]) == 1
    table.press("OK")  # the result read and closed: the menu, its cursor back at the top
    assert table.screen() == "menu" and table.ui.top().index == 0
    table.press("OK")  # a reflexive OK goes back to the game, and rolls nothing
    assert table.screen() == "mat" and len(table.state()["track"][0]["ai"]) == 1
