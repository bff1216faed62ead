"""What a board supplies that the tests and the benches stand in for: its dice's random bytes and
the ThreadSafeFlag a pin's interrupt sets. Plain Python, for both runtimes."""


class Dice:
    """A repeatable byte source for the dice (the board reads os.urandom)."""

    def __init__(self, seed=7):
        self.state = seed

    def __call__(self):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 16) & 0xFF


class Flag:
    """The board's asyncio.ThreadSafeFlag, as a loop stepped by hand needs it: set from a pin's interrupt."""

    def __init__(self):
        self.state = False

    def set(self):
        self.state = True
