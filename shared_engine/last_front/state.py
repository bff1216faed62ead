"""Last Front's state beside the cards: the Territory deck, the battle, who holds what.

Nothing here is set except by rules.apply, so a state is always the fold of a header and its
actions.
"""

from .actions import GAME, PER_TYPE, TYPES

FLIP, DECLARE, BID, OVER = "flip", "declare", "bid", "over"


class Battle:
    """One battle: its territory, who declared it, the bids, who withdrew, who won."""

    def __init__(self, number, holder, kind, declarer, seats):
        self.number = number
        self.holder = holder  # the seat whose captured card is fought over; None: the card turned up
        self.type = kind
        self.declarer = declarer
        self.still_in = seats  # in seat order from the declarer
        self.turn = declarer
        self.high = 0  # the bid to beat; 0 before the opening bid
        self.high_seat = None
        self.bids = []  # (seat, value, dug piles or None), in order
        self.withdrawn = []  # seats, in order
        self.winner = None

    def to_dict(self):
        return {
            "battle": self.number,
            "type": self.type,
            "holder": self.holder,
            "declarer": self.declarer,
            "in": list(self.still_in),
            "turn": self.turn,
            "high": self.high,
            "high_seat": self.high_seat,
            "bids": [{"seat": s, "value": v, "dug": d} for s, v, d in self.bids],
            "withdrawn": list(self.withdrawn),
            "winner": self.winner,
        }


class LastFrontState:
    PARTS = (Battle,)  # snapshot.py makes a state again of these
    GROWS = ("battles",)  # the device keeps the last few (action_list.py's settle)

    def __init__(self, header):
        self.players, self.victory, self.dig = header[1:4]
        self.types = header[4] if len(header) > 4 else TYPES  # in play: fewer make faster games
        self.deck = {t: PER_TYPE for t in self.types}  # what the Territory deck holds still, by type
        self.open = None  # the territory card turned up and not yet captured
        self.held = [[] for _ in self.players]  # type: list[list[str]]  # each seat's captured territory cards
        self.bonus = {t: None for t in self.types}  # the seat holding each Territory Bonus card
        self.phase = FLIP  # Game Play: the dealer turns up the first territory
        self.battles = []
        self.fought = 0  # battles begun: the device keeps only the last few of them
        self.news = []  # what the last action set off, in words' parts: (what, seat, detail)
        self.winner = None

    @property
    def turn(self):
        """The battle being fought or last fought: the game's count, as a turn is The Great War's."""
        return self.fought

    @property
    def battle(self):
        return self.battles[-1] if self.battles else None

    def deck_left(self):
        n = 0
        for t in self.types:
            n += self.deck[t]
        return n

    def to_dict(self):
        return {
            "game": GAME,
            "players": list(self.players),
            "victory": self.victory,
            "dig": self.dig,
            "types": list(self.types),
            "phase": self.phase,
            "deck": dict(self.deck),
            "open": self.open,
            "held": [list(h) for h in self.held],
            "bonus": dict(self.bonus),
            "battles": [b.to_dict() for b in self.battles],
            "news": [list(n) for n in self.news],
            "winner": self.winner,
        }
