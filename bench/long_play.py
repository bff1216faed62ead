"""Long games of every registered game, played on the device's session as a table would: each
action one press, a pause after it (the fold, when due), now and then an undo or a redo.

A game's plan is its header, the actions a table may take at any moment (tried in a random order
until the rules take one), and what keeps it going: an action that would end the game before
the length wanted is undone, as a table playing on would. Rules that end a game sooner (The
Great War's 10 turns, The War's decks) give that game's longest.
"""

from shared_engine.games import ids


class Rng:
    """A seeded generator on both runtimes (MicroPython's random has no Random)."""

    def __init__(self, seed):
        self.x = seed * 2654435761 % (1 << 32) or 1

    def _next(self):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x

    def random(self):
        return self._next() / 4294967296

    def randint(self, a, b):
        return a + self._next() % (b - a + 1)

    def choice(self, items):
        return items[self._next() % len(items)]

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self._next() % (i + 1)
            items[i], items[j] = items[j], items[i]


PLAYERS = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Fay"]  # Last Front at its most seats


def _front_header():
    from shared_engine.last_front.actions import make

    return make("last-front", PLAYERS, "normal", False, None)


def _front_moves(state, rng):
    if state.phase == "flip":
        return [("flip", t) for t in state.types if state.deck[t]]
    if state.phase == "declare":
        moves = [("battle", None, state.open)] if state.open else []
        for seat, held in enumerate(state.held):  # attacks on captured cards keep a table going
            moves += [("battle", seat, t) for t in held]
        return moves
    battle = state.battle
    seat = battle.turn
    return [("bid", seat, battle.high + rng.randint(1, 3), None)] + [("withdraw", seat)] * 2


def _war_header():
    from shared_engine.the_war.actions import DECK_MAX, make

    return make("the-war", DECK_MAX, "P1")  # the largest decks it takes


def _war_moves(state, rng):
    if state.phase == "hands":
        return [("start",)]
    p = state.player
    q = "P2" if p == "P1" else "P1"
    return [("attack", p, 1, "unit"), ("attack", p, 1, "bomber"), ("draw", p, 1), ("discard", q, 1), ("end",)]


def _great_war_header():
    from shared_engine.great_war.actions import make

    return make("new", "Solitaire", 10, "CP")


def _great_war_moves(state, rng):
    from shared_engine.great_war.actions import AI_STEPS

    if state.solo is None and state.turn == 1 and not state.current.re_rolls:
        return [("solo", "CP")]
    return [
        ("roll", 6, rng.randint(1, 6), "re", None),
        ("ai", rng.choice(AI_STEPS), 6, rng.randint(1, 6)),
        ("next",),
        ("attack",),
        ("bp", rng.randint(7, 22), rng.randint(7, 22)),
        ("capture", rng.randint(3, 12), None),
        ("hand", rng.randint(0, 20), rng.randint(0, 20)),
    ]


# Each game's plan, and whether its rules end it sooner than any length asked: The Great War's
# 10 turns, The War's decks (each turn draws 2, each hit takes 1 or more).
PLANS = {
    "the-great-war": (_great_war_header, _great_war_moves, True),
    "the-war": (_war_header, _war_moves, True),
    "last-front": (_front_header, _front_moves, False),
}


def plans():
    """(game id, header maker, moves, ends by its rules) for each registered game: a game with no plan here fails."""
    return [(game,) + PLANS[game] for game in ids()]


class LongPlay:
    """One long game on a session: step() takes one press; the session's own checks stay its own."""

    def __init__(self, session, game, seed, length, begin=True):
        _, header, self.moves, self.ends = next(p for p in plans() if p[0] == game)
        self.session = session
        self.refused = None
        self.rng = Rng(seed)
        self.length = length
        self.steps = 0
        if begin:  # else the session's game on flash plays on
            session.begin(header())

    @property
    def session(self):
        return self._session

    @session.setter
    def session(self, session):
        """The table's session (again after a restart): a move the rules refuse is only tried, so
        its message is kept here, not piled on the screen's warning."""
        self._session = session
        if session is not None:
            session.warn = self._refuse

    def _refuse(self, message):
        self.refused = message

    def done(self):
        game = self.session.game
        return game.count() >= self.length or game.state.phase == "over"

    def step(self):
        session = self.session
        game = session.game
        rng = self.rng
        roll = rng.random()
        if roll < 0.04 and game.actions:
            self._press(lambda: session.step("undo"))
        elif roll < 0.06 and game.undone:
            self._press(lambda: session.step("redo"))
        else:
            moves = self.moves(game.state, rng)
            rng.shuffle(moves)
            for move in moves:
                if self._press(lambda move=move: session.act(*move)):
                    break
        if game.state.phase == "over" and game.count() < self.length and not self.ends:
            for _ in range(1 + rng.randint(0, 8)):  # the table plays on, from a few presses back
                self._press(lambda: session.step("undo"))
        self.steps += 1
        assert self.steps < 20 * self.length, "no way on from %r" % (game.state.to_dict(),)
        if session.fold_due():  # the player pauses
            session.fold()

    def _press(self, what):
        session = self.session
        session.press()
        done = what()
        return session.done_press() and done
