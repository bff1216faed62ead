"""Shared test helpers; plain Python so they run on CPython and MicroPython."""

from shared_engine.errors import GameError
from shared_engine.great_war.cards import CardSet

HERE = __file__.rsplit("/", 1)[0]
GOLDEN = HERE.rsplit("/", 1)[0] + "/golden"


def bytes_from(values):
    """A byte source that yields `values` in order, then fails loudly."""
    queue = list(values)

    def next_byte():
        if not queue:
            raise AssertionError("the test's byte source ran dry")
        return queue.pop(0)

    return next_byte


def raises(fn, *args, contains=""):
    """Assert fn(*args) raises GameError whose message holds `contains`."""
    try:
        fn(*args)
    except GameError as e:
        assert contains in str(e), "%r not in %r" % (contains, str(e))
        return str(e)
    raise AssertionError("no GameError from %r" % (fn,))


def to_phase(game, phase):
    """Press 'next' until the game reaches `phase` in the current turn."""
    for _ in range(8):
        if game.state.phase == phase:
            return
        game.next_phase()
    raise AssertionError("never reached %s" % phase)


def play_turn(game, cp, ea, captured, attack=True):
    """From the RE phase, play a whole turn; stop at the next turn's RE phase."""
    to_phase(game, "cr1")
    if attack:
        game.attack_played()
    to_phase(game, "battle")
    winner = game.battle(cp, ea)
    game.capture(captured)
    to_phase(game, "flip")
    game.next_phase()
    return winner


def read(path):
    with open(path) as f:
        return f.read()


def sample_cards():
    return CardSet(
        {
            "version": "test-1",
            "cards": [
                {"id": "cp-k-hindenburg", "name": "Hindenburg", "deck": "CP", "bp": 10, "rank": "K"},
                {"id": "cp-q-landsturm", "name": "Landsturm", "deck": "CP", "bp": 6, "icons": ["attack"]},
                {"id": "ea-a-foch", "name": "Foch", "deck": "EA", "bp": 11, "rank": "A", "icons": ["cancel"]},
                {"id": "ea-7-poilus", "name": "Poilus", "deck": "EA", "bp": 7, "icons": ["attack"]},
                {"id": "neu-fort", "name": "Fortifications", "deck": "NEU", "bp": 3, "icons": ["cancel"]},
                {"id": "bon-doctrine", "name": "Improved Doctrine", "deck": "BON", "bp": 2, "icons": ["plus"]},
                {"id": "w-lawrence", "name": "T.E. Lawrence", "deck": "WHITE", "side": "EA", "bp": 5},
                {
                    "id": "re-mud",
                    "name": "Mud",
                    "deck": "RE",
                    "d6": ["No effect", "No effect", "Attacker -2 BP", "Attacker -2 BP", "Both -2 BP", "Both -3 BP"],
                },
            ],
        }
    )
