"""Solitaire (Solitaire Rules 3.3): the AI's hands, its Bonus phase, random discards, the Plus chart.

Each roll is an "ai" action, logged with the step it served, so the game log
shows every decision the device made for the AI.
"""

from screens.widgets import ListScreen, Message, NumberEntry

from shared_engine.great_war import solitaire
from shared_engine.great_war.actions import HAND_MAX


def roll_hand(ui):
    """The press that rolls the AI's hand for this turn (Step 3 or 11), then shows it."""
    state = ui.session.game.state
    step = "s3" if state.defender != state.solo else "s11"
    if ui.session.roll(6, step) is not None:
        ui.push(AIHand(ui))


class AIHand(Message):
    """Step 3 (the AI defends) or Step 11 (the AI attacks): the hand rolled this turn, in full."""

    name = "ai-hand"

    def __init__(self, ui):
        rolled = [r for r in ui.session.game.state.current.ai_rolls if r[0] in ("s3", "s11")]
        if not rolled:
            super().__init__(ui, "AI hand", "Not rolled yet.")
            return
        step, _, face = rolled[-1]
        if step == "s3":
            hand = solitaire.defender_hand(face)
            text = "d6 = %d\n" % face
            if hand.face_up:
                text += "Face-up in AI Round 1: %s.\n" % ", ".join(hand.face_up)
            text += "Draw %s.\n%s" % (_draws(hand.draw), hand.rule)
            if face >= 4:
                text += "\n" + solitaire.FORTIFICATIONS_NOTE
            title = "Step 3 AI Def."
        else:
            counts = solitaire.attacker_hand(face)
            draw = ((d, counts[d]) for d in (solitaire.BONUS, solitaire.NEUTRAL, solitaire.NATIONALITY))
            text = "d6 = %d\nDraw %s, face-down.\n%s" % (face, _draws(draw), solitaire.ATTACKER_DISCARDS)
            title = "Step 11 AI Att."
        super().__init__(ui, title, text)


def _draws(draw):
    return ", ".join("%d %s" % (n, deck) for deck, n in draw if n)


class BonusPhase(ListScreen):
    """Step 7: what the AI holds, then the d6 that says what it plays."""

    name = "ai-bonus"
    title = "Step 7 AI Bonus"

    def __init__(self, ui):
        super().__init__(ui)
        self.bonus = False
        self.joker = False
        self.both = False

    def items(self):
        yes = ("no", "yes")
        return [
            ("AI has Bonus", yes[self.bonus], self._flip("bonus")),
            ("AI has Joker", yes[self.joker], self._flip("joker")),
            ("Both cancel", yes[self.both], self._flip("both")),
            ("Roll d6", "", self.roll),
        ]

    def _flip(self, what):
        def flip():
            setattr(self, what, not getattr(self, what))

        return flip

    def roll(self):
        ui = self.ui
        face = ui.session.roll(6, "s7")
        if face is None:
            return
        play = solitaire.bonus_phase(self.bonus, self.joker, face)
        text = ""  # the d6 in the title: the AI's play fits the panel whole, with what OK does
        if play != solitaire.PLAY_NONE and self.both and self.bonus and self.joker:
            tie = ui.session.roll(6, "s7b")
            if tie is not None:
                play = solitaire.both_cancel(tie)
                text += "Both could cancel: d6 = %d, %s.\n" % (tie, "even" if tie % 2 == 0 else "odd")
        text += {
            solitaire.PLAY_BONUS: "The AI plays a Bonus card (the one that cancels or discards, if any).",
            solitaire.PLAY_JOKER: "The AI plays a Joker (the one that cancels or discards, if any).",
            solitaire.PLAY_NONE: "The AI plays no Bonus or Joker card this phase.",
        }[play]
        ui.pop()
        ui.push(Message(ui, "Step 7: d6 = %d" % face, text))


class RandomDiscard(NumberEntry):
    """Step 8: shuffle the hand face down, count from the left; the device picks the card."""

    def __init__(self, ui):
        super().__init__(ui, "Step 8 discard", "Cards in hand", 7, 1, HAND_MAX, self.done)

    def done(self, size):
        ui = self.ui
        k = ui.session.roll(size, "s8")
        ui.pop()
        under = ui.top()
        if under.name == "menu":  # back on the menu, its cursor leaves the roll: an OK more is not a second
            under.index = 0
        if k is not None:
            text = "Card %d of %d, counted from the left of the shuffled face-down hand." % (k, size)
            ui.push(Message(ui, "Step 8 discard", text))


class PlusChart(ListScreen):
    """The linked Plus (+) cards flow chart: pick a card, see what links to it."""

    name = "ai-plus"
    title = "Plus (+) links"

    def __init__(self, ui):
        super().__init__(ui)
        names = []
        for base, plus in solitaire.PLUS_LINKS:
            for name in (base,) + plus:
                if name not in names:
                    names.append(name)
        self.rows = [(name, "", self._show(name)) for name in sorted(names)]

    def _show(self, name):
        def show():
            lines = []
            for base, plus in solitaire.linked_to(name):
                if base == name:
                    lines.append("Takes: " + ", ".join(plus))
                else:
                    lines.append("Links to: " + base)
            self.ui.push(Message(self.ui, "Plus (+) links", "\n".join([name + ":"] + lines)))

        return show

    def items(self):
        return self.rows


def setup_checklist(ui):
    """Step 1, shown as a solitaire game begins."""
    text = "\n".join("%s: %s." % row for row in solitaire.SETUP)
    return Message(ui, "Step 1 setup", text)
