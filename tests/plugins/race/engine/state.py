"""Race's state: both scores, the target, the winner."""

from .actions import GAME, PLAYERS

PLAY, OVER = "play", "over"


class RaceState:
    def __init__(self, header):
        _, self.target, self.first = header
        self.scores = {p: 0 for p in PLAYERS}
        self.phase = PLAY
        self.points = 0  # points scored so far, by both: the game's clock
        self.winner = None

    def to_dict(self):
        return {
            "game": GAME,
            "target": self.target,
            "first": self.first,
            "phase": self.phase,
            "scores": dict(self.scores),
            "track": [],
            "winner": self.winner,
        }
