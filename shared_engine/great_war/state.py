"""Game state: what the Battle Mat shows, derived by applying actions.

Nothing here is ever set except by rules.apply, so a state is always the
fold of a header and an action list.
"""

from ..dice import d10_face
from .actions import CP, EA, other


class TurnRecord:
    """One turn on the turn track (7.18): who defended, what happened, who won."""

    def __init__(self, number, defender):
        self.number = number
        self.defender = defender
        self.re_card = None
        self.re_rolls = []
        self.re_again = []  # the faces rolls made again replaced (the roll action's "again")
        self.re_cancel = None  # (side, "bonus"|"joker", card id or None)
        self.attack = False  # the Attacker has played an Attack card (7.10)
        self.bp = None  # (CP face-up BP, EA face-up BP) (7.14)
        self.winner = None
        self.captured = None  # captured Nationality BP (7.18)
        self.captured_cards = None
        self.ai_rolls = []  # solitaire: (step, die, n) for each roll made for the AI

    def to_dict(self):
        cancel = self.re_cancel
        bp = self.bp
        d = {
            "turn": self.number,
            "defender": self.defender,
            "re": self.re_card,
            "rolls": self.re_rolls,
            "cancel": None if cancel is None else {"side": cancel[0], "by": cancel[1], "card": cancel[2]},
            "attack": self.attack,
            "bp": None if bp is None else {CP: bp[0], EA: bp[1]},
            "winner": self.winner,
            "captured": self.captured,
        }
        if self.captured_cards is not None:
            d["cards"] = list(self.captured_cards)
        if self.re_again:  # only where a roll was made again, so any other state is unchanged
            d["again"] = list(self.re_again)
        if self.ai_rolls:  # only in solitaire games, so a basic game's state is unchanged
            d["ai"] = [list(r) for r in self.ai_rolls]
        return d


class GameState:
    PARTS = (TurnRecord,)  # snapshot.py makes a state again of these; the track is 10-odd turns, kept whole

    def __init__(self, header):
        _, self.name, self.turns, self.first = header
        self.turn = 1  # the turn die starts at 1 (2.8)
        self.phase = "re"
        self.captured = {CP: 0, EA: 0}  # cumulative, as the Battle Mat's markers
        self.track = [TurnRecord(1, self.first)]  # 2.7: first Defender
        self.end = None  # (reason, side that could not draw or None)
        self.in_hand = None  # {CP: bp, EA: bp} at the end (3.2)
        self.result = None  # (totals, winner, margin, level)
        self.solo = None  # solitaire: the side the player takes; the AI has the other

    @property
    def current(self):
        return self.track[-1]

    @property
    def defender(self):
        return self.current.defender

    @property
    def attacker(self):
        return other(self.current.defender)

    def to_dict(self):
        end = None
        if self.end is not None:
            end = {"reason": self.end[0], "side": self.end[1], "hand": self.in_hand}
            if self.result is not None:
                totals, winner, margin, level = self.result
                end["final"] = totals
                end["winner"] = winner
                end["margin"] = margin
                end["level"] = level
        d = {
            "name": self.name,
            "turns": self.turns,
            "first": self.first,
            "turn": self.turn,
            "die": d10_face(self.turn),
            "defender": self.defender,
            "attacker": self.attacker,
            "phase": self.phase,
            "captured": self.captured,
            "track": [t.to_dict() for t in self.track],
            "end": end,
        }
        if self.solo:  # only in solitaire games, so a basic game's state is unchanged
            d["solo"] = self.solo
        return d
