"""Random play for the property and cross-runtime tests (CPython only).

An "op" is a tuple like ("bp", 12, 9) or ("undo",). Random ops are mostly
legal moves, with a share of illegal ones, so games go deep and refusals are
exercised on the way.
"""

import random

from shared_engine.errors import GameError
from shared_engine.great_war.game import Game
from shared_engine.log import encode

SIDES = ("CP", "EA", "XX")


def random_op(rng: random.Random) -> tuple:
    roll = rng.random()
    if roll < 0.45:
        return ("next",)
    kinds = ["bp", "win", "capture", "re", "roll", "cancel", "attack", "no_nat", "hand", "undo", "redo"]
    kind = rng.choice(kinds)
    if kind in ("bp", "hand"):
        return (kind, rng.randint(-2, 40), rng.randint(-2, 40))
    if kind == "capture":
        return (kind, rng.randint(-1, 25), None)
    if kind == "re":
        return (kind, rng.choice([None, "re-mud", "re-flu", "bad id"]))
    if kind == "roll":
        return (kind, rng.randint(0, 255))
    if kind == "cancel":
        return (kind, rng.choice(SIDES), rng.choice(["bonus", "joker", "event"]), None)
    if kind == "win":
        return (kind, rng.choice(SIDES))
    if kind == "no_nat":
        return (kind, rng.choice(SIDES)) if rng.random() < 0.1 else ("next",)
    return (kind,)


def run_op(game: Game, op: tuple):
    """Apply one op; returns the journal action applied (GameError if refused)."""
    kind = op[0]
    if kind == "roll":
        byte = op[1]
        game.roll_re(lambda: byte)
        return game.actions[-1]
    if kind == "undo":
        game.undo()
        return ("undo",)
    if kind == "redo":
        game.redo()
        return ("redo",)
    return game.do(*op)


def snapshot(game: Game) -> tuple:
    # Cheap enough to take before every op: the state is bounded by the turn count.
    last = game.actions[-1] if game.actions else None
    return game.state_json(), len(game.actions), last, len(game.undone)


def play_random(game: Game, ops: list) -> tuple[list[str], int]:
    """Play ops, checking that every refusal changes nothing; returns (journal lines, refusals)."""
    journal = [encode(game.header)]
    refused = 0
    for op in ops:
        before = snapshot(game)
        try:
            action = run_op(game, op)
        except GameError:
            refused += 1
            assert snapshot(game) == before, op
            continue
        journal.append(encode(action, game))
    return journal, refused


def random_game(seed: int, length: int = 400) -> Game:
    rng = random.Random(seed)
    game = Game.new(turns=rng.randint(1, 12), first=rng.choice(["CP", "EA"]))
    play_random(game, [random_op(rng) for _ in range(length)])
    return game
