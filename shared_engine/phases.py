"""The ordered phases of a turn (7.7-7.20) and the two after the last turn, and their names on the screen."""

PHASES = ("re", "cr1", "cr2", "bonus", "battle", "draw", "flip")
SCORE = "score"  # the game has ended: hands are counted (3.2)
OVER = "over"  # scored (3.5)

# At most 10 characters: the mat shows one beside "T10/10".
PHASE_WORDS = {
    "re": "RE phase",
    "cr1": "Combat 1",
    "cr2": "Combat 2",
    "bonus": "Bonus",
    "battle": "Battle",
    "draw": "Draw",
    "flip": "End turn",
    "score": "Count",
    "over": "Game over",
}
