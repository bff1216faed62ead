"""The solitaire AI's tables against the rules text itself (Solitaire Rules 3.3).

    make check-rules RULES=FOLDER
    python tests/rules_text/compare_solitaire.py FOLDER     (FOLDER holds tgw-solitaire-3.3.txt)

The text is not part of the project, so `make test` checks the engine against a
transcription by hand (tests/engine/test_solitaire.py) and this runs apart.
"""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from shared_engine.great_war import solitaire


def _section(text, start, end):
    return text[text.index(start) : text.index(end)]


def _count_before(text, word):
    """The number written just before `word` ("4 Nationality", "3 more Neutral" -> 4, 3)."""
    head = text[: text.index(word)].rstrip().split()
    if head[-1] == "more":
        head.pop()
    return int(head[-1])


def _blocks(section):
    """STEP 3's hand options: the lines under each die face 1-6."""
    blocks = {}
    face = None
    for line in section.split("\n"):
        line = line.strip()
        if line in ("1", "2", "3", "4", "5", "6"):
            face = int(line)
            blocks[face] = ""
        elif face is not None:
            blocks[face] += line + "\n"
    return blocks


def compare_step_3_every_hand_option_matches_the_rules_text(rules):
    step3 = _section(rules, "STEP 3: Die Roll Hand Options", "STEP 4 RANDOM EVENT PHASE")
    blocks = _blocks(step3)
    assert sorted(blocks) == [1, 2, 3, 4, 5, 6]
    for face in range(1, 7):
        hand = solitaire.defender_hand(face)
        draw_line = next(line for line in blocks[face].split("\n") if line.startswith("- Draw"))
        for deck in (solitaire.NEUTRAL, solitaire.NATIONALITY, solitaire.BONUS):
            assert hand.draws(deck) == _count_before(draw_line, deck), (face, deck, draw_line)
        face_up_line = [line for line in blocks[face].split("\n") if "face-up" in line]
        if hand.face_up:
            for card in hand.face_up:
                assert card in face_up_line[0], (face, card)
            assert len(hand.face_up) == face_up_line[0].count(" and ") + 1
        else:
            assert not face_up_line, face
        # nine cards in all, face-up ones included
        assert len(hand.face_up) + sum(n for _, n in hand.draw) == 9, face
    assert "4, 5, and 6 discard the Fortifications" in step3
    assert "4-6" in solitaire.FORTIFICATIONS_NOTE and "Fortifications" in solitaire.FORTIFICATIONS_NOTE


def compare_step_11_every_attacker_hand_matches_the_rules_text(rules):
    step11 = _section(rules, "STEP 11 DRAW AI ATTACKER'S HAND", "STEP 12 RANDOM EVENT PHASE")
    for face in range(1, 7):
        line = next(line for line in step11.split("\n") if line.startswith("%d Draw " % face))
        hand = solitaire.attacker_hand(face)
        for deck in (solitaire.BONUS, solitaire.NEUTRAL, solitaire.NATIONALITY):
            assert hand[deck] == _count_before(line, deck), (face, deck, line)
        assert sum(hand.values()) == 9
    assert "Fortifications, Trenches, and Barbed Wire" in step11
    for card in ("Fortifications", "Trenches", "Barbed Wire"):
        assert card in solitaire.ATTACKER_DISCARDS


def compare_step_1_setup_checklist_names_every_change(rules):
    step1 = _section(rules, "STEP 1", "STEP 2: DRAW YOUR HAND")
    listed = " ".join(what for _, what in solitaire.SETUP)
    for card in (
        "Night Barrage",
        "Prisoner Interrogations",
        "What Could Possibly Go Wrong?",
        "Mata Hari",
        "T.E. Lawrence",
        "Zeppelin Raids",
        "Reinforced Trenches",
    ):
        assert card in step1 and card in listed, card


def compare_linked_plus_cards_flow_chart_matches_the_rules_text(rules):
    chart = _section(rules, "LINKED PLUS (+) CARDS FLOW CHART", "STEP 11 DRAW AI ATTACKER'S HAND")
    lines = [line.strip() for line in chart.split("\n") if line.strip()]
    for base, plus in solitaire.PLUS_LINKS:
        at = lines.index(base)
        bullets = []
        for line in lines[at + 1 :]:
            if not line.startswith("- "):
                break
            bullets.append(line[2:])
        assert tuple(bullets) == plus, (base, bullets)
    headings = [line for line in lines if not line.startswith("- ")]
    assert len(solitaire.PLUS_LINKS) == len(headings) - 2  # the chart's title and its opening sentence
    names = [base for base, _ in solitaire.linked_to("Trip Wire")]
    assert names == ["Reinforced Trenches", "Only Fortifications", "Any Infantry"]


def compare_steps_5_and_6_words_in_the_prompts(rules):
    for words in ("may look at cards in enemy hand", "Improved Doctrine", "Joint Planning", "non-naval"):
        assert words in rules, words
    assert "may look at cards in enemy hand" in solitaire.ROUND_2
    for words in ("Improved Doctrine", "Joint Planning", "non-naval"):
        assert words in solitaire.AI_JACK, words


def compare_step_7_words(rules):
    text = _section(rules, "STEP 7 BONUS & JOKER AI CARDS", "STEP 8 HOW TO DISCARD CARDS")
    assert 'even 1d6 roll, and a Joker card on a roll of "1."' in text
    assert "even roll play the Bonus card; odd roll play the Joker" in text


def main(folder: str) -> int:
    rules = (pathlib.Path(folder) / "tgw-solitaire-3.3.txt").read_text().replace("**", "")
    failed = 0
    checks = [(name, check) for name, check in sorted(globals().items()) if name.startswith("compare_")]
    for name, check in checks:
        try:
            check(rules)
        except AssertionError as e:
            failed += 1
            print(f"FAIL {name}: {e}")
    print(f"rules text: {len(checks) - failed} of {len(checks)} comparisons agree")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
