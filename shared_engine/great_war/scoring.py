"""End-of-game score and the level of victory (3.2, 3.3, 3.5)."""

# 3.5: the margin at or above each threshold gives the level; under 10 is a draw.
LEVELS = ((80, "Strategic"), (40, "Operational"), (20, "Tactical"), (10, "Moral"), (0, "Draw"))


def level_for(margin):
    for threshold, name in LEVELS:
        if margin >= threshold:
            return name
    raise ValueError("a margin cannot be negative")


def final_score(captured, in_hand):
    """Captured enemy Nationality BP + friendly Nationality BP still in hand (3.2).

    `captured` and `in_hand` map CP/EA to BP. Returns (totals, winner or None
    for a draw, margin, level).
    """
    totals = {"CP": captured["CP"] + in_hand["CP"], "EA": captured["EA"] + in_hand["EA"]}
    margin = totals["CP"] - totals["EA"]
    if margin < 0:
        margin = -margin
    level = level_for(margin)
    if level == "Draw":
        winner = None
    else:
        winner = "CP" if totals["CP"] > totals["EA"] else "EA"
    return totals, winner, margin, level
