"""The solitaire AI of Solitaire Rules 3.3: its die-roll tables and the choices they make.

Pure data and small functions, the same on the device and the host. The
texts are short enough for the 128x64 screen when paged; every number here
is checked against the rules text by tests/engine/test_solitaire.py.
"""

from ..dice import roll
from ..errors import GameError

NEUTRAL, NATIONALITY, BONUS = "Neutral", "Nationality", "Bonus"

# STEP 1: what changes in the decks for solo play.
SETUP = (
    ("Bonus deck", "remove Trench Raid, Night Barrage, Prisoner Interrogations"),
    ("Random Event deck", "remove Trench Raid, What Could Possibly Go Wrong?"),
    ("Neutral deck", "add the Mata Hari Joker (White deck)"),
    ("Allies deck", "add the T.E. Lawrence Joker (White deck)"),
    ("Central Powers deck", "add the Zeppelin Raids card (White deck)"),
    ("Set aside", "1 Reinforced Trenches, 1 Barbed Wire, 1 Fortifications from Neutral"),
    (
        "Optional",
        "exchange other White cards 1 for 1 (rule 1.3); a White Jack for a striped Jack on one side "
        "means the same on the other; at most 1 such exchange per side",
    ),
)


class DefenderHand:
    """STEP 3: the AI Defender's hand for one d6 face."""

    def __init__(self, face, face_up, draw, rule):
        self.face = face
        self.face_up = face_up  # Neutral cards placed face-up in the AI's Round 1
        self.draw = draw  # ((deck, count), ...) drawn face-down
        self.rule = rule  # how Plus (+) cards are added

    def draws(self, deck):
        for name, count in self.draw:
            if name == deck:
                return count
        return 0


_LINK_FACE_UP = "Look at these cards and add at once all Plus (+) cards that may link to %s."
_PLAY_BEST = (
    "Look at these 9 cards. If available, play Reinforced Trenches, Barbed Wire and Trip Wire at once, "
    "then add all Plus (+) cards that may link to them. Without any of these, play the card(s) offering "
    "the most linked Plus (+) cards, and all of those, as the AI Defender's Round 1."
)
# STEP 3, last bullet: for rolls 4-6 the set-aside Fortifications is not available.
FORTIFICATIONS_NOTE = "Rolls 4-6: discard the Fortifications card (not available) and draw another Neutral card."

DEFENDER_HANDS = (
    DefenderHand(
        1,
        ("Fortifications",),
        ((NEUTRAL, 3), (NATIONALITY, 4), (BONUS, 1)),
        _LINK_FACE_UP % "the Fortifications card",
    ),
    DefenderHand(
        2,
        ("Fortifications", "Reinforced Trenches"),
        ((NEUTRAL, 2), (NATIONALITY, 4), (BONUS, 1)),
        _LINK_FACE_UP % "these two Neutral cards",
    ),
    DefenderHand(
        3,
        ("Fortifications", "Reinforced Trenches", "Barbed Wire"),
        ((NEUTRAL, 2), (NATIONALITY, 3), (BONUS, 1)),
        _LINK_FACE_UP % "these three Neutral cards",
    ),
    DefenderHand(4, (), ((NEUTRAL, 4), (NATIONALITY, 4), (BONUS, 1)), _PLAY_BEST),
    DefenderHand(5, (), ((NEUTRAL, 4), (NATIONALITY, 3), (BONUS, 2)), _PLAY_BEST),
    DefenderHand(6, (), ((NEUTRAL, 5), (NATIONALITY, 3), (BONUS, 1)), _PLAY_BEST),
)

# STEP 11: the AI Attacker's hand, (Bonus, Neutral, Nationality) for each d6 face.
ATTACKER_HANDS = ((2, 3, 4), (2, 4, 3), (2, 2, 5), (1, 3, 5), (1, 4, 4), (1, 2, 6))
ATTACKER_DISCARDS = (
    "Discard any Fortifications, Trenches and Barbed Wire the AI Attacker draws, "
    "and draw another Neutral card for each."
)

# The linked Plus (+) cards flow chart: what may be added to each card (or kind of card).
PLUS_LINKS = (
    (
        "Reinforced Trenches",
        ("Trenches", "Barbed Wire", "Trip Wire", "Field Telephone", "Trench Mortar", "HMG", "K Artillery"),
    ),
    ("Only Fortifications", ("Trenches", "Barbed Wire", "Trip Wire")),
    ("Only Russian Infantry", ("Russian Cavalry",)),
    (
        "Any Infantry",
        (
            "Flamethrowers",
            "Dispersed Infantry",
            "Wireless",
            "Trench Mortar",
            "Trenches",
            "Barbed Wire",
            "Field Telephone",
            "Tanks",
            "HMG",
            "K Artillery",
            "Storm Troop",
            "Trip Wire",
        ),
    ),
    ("Any Tanks", ("Tanks", "K Artillery")),
    ("Any Land Card", ("Cavalry Recon", "Dispersed Infantry")),
    ("Any Artillery", ("Wireless", "Field Telephone", "Observation Balloons", "Poison Gas")),
    ("Only K Artillery", ("Bombers", "Recon Aeroplane")),
    ("Jacks (Leaders)", ("Any Non-Naval",)),
    ("Only Balloons", ("Anti-Aircraft",)),
    ("Only High Seas Fleet", ("Zeppelin Raids",)),
    ("Only Allies Naval Blockade", ("Japanese Destroyer Squadron",)),
    ("Convoy or Blockade", ("Seaplanes",)),
)


# What the player does for the AI in each phase, by who defends (Steps 3-7 when the AI
# defends, 12-13 with 5-7 when it attacks), for the phase guidance.
RE_EVENT = (
    "draw the RE card and apply it to your hand and the AI's unplayed cards. "
    "If the AI holds a Bonus card that cancels it, the AI plays it now. Discards: Step 8."
)
ROUND_1_SET = "Step 3: the AI's Round 1 is the face-up cards of its hand roll, with their Plus (+) links."
ROUND_1_PLAY = (
    "Step 13: you (Defender) play first; then the AI plays by Steps 5-7 and the flow chart: "
    "the most linked Plus (+) cards in the Round (menu, Plus links)."
)
ROUND_2 = (
    "Step 5: the AI plays for its best BP against yours: a card that cancels or discards one of "
    "yours, or its highest BP with links. Ignore 'may look at cards in enemy hand'."
)
YOUR_JACK = "Step 6: a Jack you play in either Round is cancelled at once by an AI Joker or other canceller."
AI_JACK = (
    "Step 6: an AI Jack is played in Round 2. Unless you cancel it, it adds 2 linked non-naval cards "
    "(3 with Improved Doctrine, Joint Planning or Jacks in play): cards that cancel or discard yours; "
    "if none, its highest BP."
)
BONUS_AI_FIRST = "Step 7: the AI defends, so it plays first (7.13): say what it holds; the device rolls."
BONUS_YOU_FIRST = (
    "7.13: you defend, so play your Bonus or Joker first. Then Step 7: say what the AI holds; the device rolls."
)


def ai_defends(state):
    return state.solo is not None and state.current.defender != state.solo


def prompt(state):
    """What the player does for the AI now, by phase and by who defends; None if nothing."""
    phase = state.phase
    defends = ai_defends(state)
    if phase == "re":
        return ("Step 4: " if defends else "Step 12: ") + RE_EVENT
    if phase == "cr1":
        return (ROUND_1_SET if defends else ROUND_1_PLAY) + "\n" + YOUR_JACK
    if phase == "cr2":
        return ROUND_2 + "\n" + YOUR_JACK + "\n" + AI_JACK
    if phase == "bonus":
        return BONUS_AI_FIRST if defends else BONUS_YOU_FIRST
    return None


def _face(face):
    if type(face) is not int or not 1 <= face <= 6:
        raise GameError("a d6 face must be 1-6, got %r" % (face,))
    return face


def defender_hand(face):
    """STEP 3: the hand option for a d6 face."""
    return DEFENDER_HANDS[_face(face) - 1]


def attacker_hand(face):
    """STEP 11: {Bonus, Neutral, Nationality: count} for a d6 face."""
    bonus, neutral, nationality = ATTACKER_HANDS[_face(face) - 1]
    return {BONUS: bonus, NEUTRAL: neutral, NATIONALITY: nationality}


# STEP 7: what the AI plays in the Optional Bonus Card Phase.
PLAY_BONUS, PLAY_JOKER, PLAY_NONE = "bonus", "joker", "none"


def bonus_phase(has_bonus, has_joker, face):
    """One card on the phase's d6: a Bonus card on an even roll, a Joker on a 1."""
    _face(face)
    if has_bonus and face % 2 == 0:
        return PLAY_BONUS
    if has_joker and face == 1:
        return PLAY_JOKER
    return PLAY_NONE


def both_cancel(face):
    """STEP 7: when both a Bonus card and a Joker could cancel or discard, even plays the Bonus."""
    return PLAY_BONUS if _face(face) % 2 == 0 else PLAY_JOKER


def pick(next_byte, hand_size):
    """STEP 8: a random card of a face-down hand, as k of N counted from the left."""
    if type(hand_size) is not int or not 1 <= hand_size <= 30:
        raise GameError("a hand to discard from holds 1-30 cards, got %r" % (hand_size,))
    if hand_size == 1:
        return 1
    return roll(next_byte, hand_size)


def linked_to(card):
    """The flow chart's entries that name `card`: what it links from, and what links to it."""
    found = []
    for base, plus in PLUS_LINKS:
        if base == card or card in plus:
            found.append((base, plus))
    return found
