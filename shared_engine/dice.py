"""Fair dice from an injected byte source, and the turn die's face.

The source is any callable returning an int 0-255: `os.urandom(1)[0]` on the
device, a seeded generator in tests. Rejection sampling avoids modulo bias:
bytes at or above the largest multiple of `sides` below 256 are drawn again.
"""

from .errors import GameError

_MAX_REDRAWS = 64  # a stuck source must not hang the device


def roll(next_byte, sides=6):
    if sides < 2 or sides > 256:
        raise GameError("a die needs 2-256 sides, got %d" % sides)
    limit = 256 - 256 % sides
    for _ in range(_MAX_REDRAWS):
        b = next_byte()
        if type(b) is not int or b < 0 or b > 255:
            raise GameError("random source gave %r, not a byte 0-255" % (b,))
        if b < limit:
            return b % sides + 1
    raise GameError("random source gave %d out-of-range bytes in a row" % _MAX_REDRAWS)


def undone_face(undone, sides, step=None):
    """The face an undone roll of this event showed, if it waits on the redo stack (`undone`,
    newest last): rolled again, an event keeps its face, so that an undo cannot fish for a
    better one (7.7: one d6 for the event). A Random Event's d6 is ("roll", sides, face, "re"),
    a solitaire step's ("ai", step, sides, face). None: none waits."""
    for action in reversed(undone):
        if step is None and action[0] == "roll" and action[1] == sides:
            return action[2]
        if step is not None and action[0] == "ai" and action[1] == step and action[2] == sides:
            return action[3]
    return None


def d10_face(turn):
    """The turn die shows turn 10 as 0 (G.11); scenarios past 10 wrap round."""
    return turn % 10
