"""The War's state beside the cards: both decks, whose turn, what each turn did, and the end.

Nothing here is set except by rules.apply, so a state is always the fold of a header and its
actions.
"""

from .actions import GAME, HAND, PLAYERS

HANDS, PLAY, OVER = "hands", "play", "over"


class TurnLog:
    """One player's turn: the cards drawn at its start, and the deck events during it."""

    def __init__(self, number, player, drew):
        self.number = number
        self.player = player
        self.drew = drew
        self.events = []  # (kind, player, cards taken, weapon or None): attack, discard, draw

    def to_dict(self):
        return {
            "turn": self.number,
            "player": self.player,
            "drew": self.drew,
            "events": [{"a": k, "player": p, "n": n, "with": w} for k, p, n, w in self.events],
        }


class WarState:
    PARTS = (TurnLog,)  # snapshot.py makes a state again of these
    GROWS = ("track",)  # the device keeps the last few (action_list.py's settle)

    def __init__(self, header):
        _, self.deck_size, self.first = header
        # Main Part: each player draws a starting hand of 7 from his shuffled deck
        self.decks = {p: self.deck_size - HAND for p in PLAYERS}
        self.hands = {p: HAND for p in PLAYERS}  # the starting hand's size, after any re-draw
        self.redraws = {p: 0 for p in PLAYERS}
        self.phase = HANDS
        self.turn = 0  # the round: 1 from the first player's first turn
        self.player = self.first  # whose turn it is
        self.track = []
        self.winner = None
        self.loser = None  # the player who could not draw 2 at his turn's start

    @property
    def current(self):
        return self.track[-1] if self.track else None

    def to_dict(self):
        end = None
        if self.phase == OVER:
            end = {"winner": self.winner, "loser": self.loser, "turn": self.turn, "decks": dict(self.decks)}
        return {
            "game": GAME,
            "deck": self.deck_size,
            "first": self.first,
            "phase": self.phase,
            "turn": self.turn,
            "player": self.player,
            "decks": dict(self.decks),
            "hands": dict(self.hands),
            "redraws": dict(self.redraws),
            "track": [t.to_dict() for t in self.track],
            "end": end,
        }
