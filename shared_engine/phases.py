"""The ordered phases of a turn (7.7-7.20) and the two after the last turn."""

PHASES = ("re", "cr1", "cr2", "bonus", "battle", "draw", "flip")
SCORE = "score"  # the game has ended: hands are counted (3.2)
OVER = "over"  # scored (3.5)
