"""A full 10-turn basic game as button events, for tests and benchmarks.

Each item is (button, kind) as the debouncer reports them; the simulator
turns SHORT into an 80 ms press and LONG into an 800 ms hold. It includes an
undo (hold BACK) and the turn-5 reshuffle screen.
"""

TURNS = 10


def bp(turn):
    return (turn * 3) % 7 + 5, (turn * 5) % 8 + 4, turn % 4 + 1


def events():
    out = []
    ok = ("OK", "SHORT")
    up = ("UP", "SHORT")
    for turn in range(1, TURNS + 1):
        out += [ok, ok]  # roll the RE d6, then on to Combat Round 1
        out += [up]  # the Attacker's Attack card (7.10)
        if turn == 2:
            out += [("BACK", "LONG"), up]  # undo it, then mark it again
        out += [ok, ok, ok]  # -> round 2 -> bonus -> battle
        cp, ea, captured = bp(turn)
        out += [ok] + [up] * cp + [ok] + [up] * ea + [ok] + [up] * captured + [ok, ok]
        if turn == 5:
            out += [ok]  # the end-of-turn-5 reshuffle screen (8.1)
        out += [ok, ok]  # draw -> flip -> next turn (or the final count)
    out += [up] * 7 + [ok] + [up] * 4 + [ok]  # BP left in hand (3.2)
    return out


def expected_totals():
    captured = {"CP": 0, "EA": 0}
    for turn in range(1, TURNS + 1):
        cp, ea, n = bp(turn)
        defender = "CP" if turn % 2 else "EA"
        winner = "CP" if cp > ea else "EA" if ea > cp else defender
        captured[winner] += n
    return {"CP": captured["CP"] + 7, "EA": captured["EA"] + 4}
