"""Actions in a player's words, short enough for the device's 16-column lines.

    describe(("capture", 6, None))   -> "capture 6"
    describe(("bp", 14, 12))         -> "BP 14-12"

Used where the device says what was undone or redone.
"""

from .phases import PHASE_WORDS


def describe(action, phase=None):
    """A few words for one action; `phase` is where a "next" started from, if known."""
    kind = action[0]
    if kind == "next":
        return "left " + PHASE_WORDS[phase] if phase in PHASE_WORDS else "next phase"
    if kind == "roll":
        return "d6 %d" % action[2]
    if kind == "capture":
        return "capture %d" % action[1]
    if kind == "bp":
        return "BP %d-%d" % (action[1], action[2])
    if kind == "win":
        return "%s won" % action[1]
    if kind == "attack":
        return "Attack mark"
    if kind == "cancel":
        return "%s %s cancel" % (action[1], action[2])
    if kind == "re":
        return "RE card"
    if kind == "no_nat":
        return "end 3.4 %s" % action[1]
    if kind == "hand":
        return "hands %d-%d" % (action[1], action[2])
    if kind == "ai":
        return "AI roll %d" % action[3]
    if kind == "solo":
        return "solitaire"
    return kind
