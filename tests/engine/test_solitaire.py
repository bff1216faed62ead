"""The solitaire AI's tables (Solitaire Rules 3.3), checked against a transcription by hand.

The comparison with the rules text itself is `make check-rules` (tests/rules_text/), as
the text is not part of the project.
"""

from shared_engine.great_war import solitaire
from tests.engine.helpers import bytes_from, raises

# Solitaire Rules 3.3 transcribed by hand: (Neutral, Nationality, Bonus drawn, face-up cards in AI Round 1).
STEP_3 = {
    1: (3, 4, 1, ("Fortifications",)),
    2: (2, 4, 1, ("Fortifications", "Reinforced Trenches")),
    3: (2, 3, 1, ("Fortifications", "Reinforced Trenches", "Barbed Wire")),
    4: (4, 4, 1, ()),
    5: (4, 3, 2, ()),
    6: (5, 3, 1, ()),
}
STEP_11 = {1: (2, 3, 4), 2: (2, 4, 3), 3: (2, 2, 5), 4: (1, 3, 5), 5: (1, 4, 4), 6: (1, 2, 6)}  # Bonus, Neutral, Nat


def test_step_3_and_step_11_hands_match_the_transcribed_tables():
    for face, (neutral, nationality, bonus, face_up) in STEP_3.items():
        hand = solitaire.defender_hand(face)
        assert hand.draws(solitaire.NEUTRAL) == neutral, face
        assert hand.draws(solitaire.NATIONALITY) == nationality, face
        assert hand.draws(solitaire.BONUS) == bonus, face
        assert tuple(hand.face_up) == face_up, face
    for face, (bonus, neutral, nationality) in STEP_11.items():
        counts = solitaire.attacker_hand(face)
        assert (counts[solitaire.BONUS], counts[solitaire.NEUTRAL], counts[solitaire.NATIONALITY]) == (
            bonus,
            neutral,
            nationality,
        ), face


def test_step_7_matches_the_transcribed_rule():
    # "one Bonus card must be played in this Phase on an even 1d6 roll, and a Joker card on a roll of 1"
    for face in range(1, 7):
        want = solitaire.PLAY_BONUS if face % 2 == 0 else solitaire.PLAY_JOKER if face == 1 else solitaire.PLAY_NONE
        assert solitaire.bonus_phase(True, True, face) == want, face


def test_step_3_plus_card_rules_say_what_the_rules_say():
    for face in (1, 2, 3):
        assert "Plus (+)" in solitaire.defender_hand(face).rule
    for face in (4, 5, 6):
        rule = solitaire.defender_hand(face).rule
        assert "Reinforced Trenches, Barbed Wire and Trip Wire" in rule and "most linked" in rule
    raises(solitaire.defender_hand, 0, contains="1-6")
    raises(solitaire.defender_hand, 7, contains="1-6")


def test_step_7_bonus_on_even_joker_on_one_and_both_by_parity():
    for face in range(1, 7):
        got = solitaire.bonus_phase(True, True, face)
        assert got == ("bonus" if face % 2 == 0 else "joker" if face == 1 else "none"), face
        assert solitaire.bonus_phase(False, True, face) == ("joker" if face == 1 else "none")
        assert solitaire.bonus_phase(True, False, face) == ("bonus" if face % 2 == 0 else "none")
        assert solitaire.bonus_phase(False, False, face) == "none"
        assert solitaire.both_cancel(face) == ("bonus" if face % 2 == 0 else "joker")


def test_the_plus_chart_links_trip_wire_as_the_rules_draw_it():
    names = [base for base, _ in solitaire.linked_to("Trip Wire")]
    assert names == ["Reinforced Trenches", "Only Fortifications", "Any Infantry"]


def test_step_8_a_random_discard_is_a_fair_pick_of_the_hand():
    counts = [0] * 8
    for b in range(256):
        try:
            counts[solitaire.pick(bytes_from([b]), 7)] += 1
        except AssertionError:  # refused byte: the fair die draws again
            pass
    assert counts[1:] == [36] * 7  # 252 usable bytes over 7 cards
    assert solitaire.pick(bytes_from([]), 1) == 1  # one card: no roll needed
    raises(solitaire.pick, bytes_from([0]), 0, contains="1-30")


def _prompts(side, turn):
    """The AI prompt of each phase of `turn` in a solitaire game where the player takes `side`."""
    from shared_engine.great_war.game import Game
    from tests.engine.helpers import play_turn, to_phase

    g = Game.new("Solitaire", 10, "CP")
    g.play_solo(side)
    for _ in range(turn - 1):
        play_turn(g, 9, 7, 3)
    out = {}
    for phase in ("re", "cr1", "cr2", "bonus"):
        to_phase(g, phase)
        out[phase] = solitaire.prompt(g.state)
    return out


def test_steps_3_4_and_7_when_the_ai_defends_and_12_13_when_it_attacks():
    ai_defends = _prompts("EA", 1)  # 2.7: CP defends turn 1, and the AI is CP
    ai_attacks = _prompts("CP", 1)
    assert ai_defends["re"].startswith("Step 4:") and ai_attacks["re"].startswith("Step 12:")
    # Round 1: the AI Defender's cards are already down from its Step 3 roll; the AI Attacker follows Step 13
    assert ai_defends["cr1"].startswith("Step 3:") and "Step 13" not in ai_defends["cr1"]
    assert ai_attacks["cr1"].startswith("Step 13: you (Defender) play first")
    # 7.13: the Defender plays first in the Bonus phase
    assert "the AI defends, so it plays first" in ai_defends["bonus"]
    assert ai_attacks["bonus"].startswith("7.13: you defend, so play your Bonus or Joker first")
    later = _prompts("EA", 2)  # the roles swap each turn
    assert later["cr1"].startswith("Step 13") and later["re"].startswith("Step 12")


def test_step_6_your_jack_in_either_round_and_the_ai_jacks_linked_cards_in_round_2():
    for side in ("EA", "CP"):
        prompts = _prompts(side, 1)
        for phase in ("cr1", "cr2"):  # "If you play a Jack in a Combat Round"
            assert "a Jack you play in either Round is cancelled at once" in prompts[phase]
        assert "AI Jack" not in prompts["cr1"]  # "it must be played in Combat Round 2"
        assert "an AI Jack is played in Round 2" in prompts["cr2"]
        # the linked cards must cancel or discard the player's, else they are the highest BP
        assert "cards that cancel or discard yours; if none, its highest BP" in prompts["cr2"]


def test_steps_5_to_7_prompts_carry_the_rules_words():
    prompts = _prompts("EA", 1)
    assert "Step 8" in prompts["re"] and "Step 5" in prompts["cr2"]
    for words in ("may look at cards in enemy hand", "Improved Doctrine", "Joint Planning"):
        assert words in prompts["cr2"], words
    for side in ("EA", "CP"):
        for prompt in _prompts(side, 1).values():
            assert len(prompt) < 500  # a few screens of the 128x64 display at most
