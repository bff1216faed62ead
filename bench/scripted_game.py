"""A full 10-turn basic game as a player presses it, turn by turn, with each turn's outcome.

Each press is (button, ms): how long the button is held. A short press is
80 ms, a long one 800 ms; in number entry UP is held until the number reads
the value wanted (auto-repeat), which counts as one press. After every turn
the test or bench checks that turn's outcome (`check_turn`), so a press that
was eaten shows in the turn where it happened, not only in the final score.

The outcomes are worked out here from the rules, not read from the engine:
CP defends odd turns (2.7, 7.20), the higher face-up BP wins and the Defender
wins ties (7.14), and the captured BP go to the winner's total (7.18).

It is the benches' workload (presses, heap, instructions, board fit), and the tests
play it too: on the device's pins, the simulator, the phone page and the CLI.
"""

TURNS = 10
SHORT = 80
LONG = 800
# The firmware's auto-repeat (firmware/buttons.py), as a player's thumb learns it: the press
# counts at its first edge, then repeats.
REPEAT_DELAY_MS = 500
REPEAT_MS = 350
SLOW_REPEATS = 7
FAST_REPEAT_MS = 150
# A player lets go this long after the number wanted shows; the count made since is taken back.
LET_GO_MS = 250
# Where the battle entry starts its numbers (firmware/play/great_war/battle.py): CP's BP at the last
# battle's (the first battle's at 12), EA's at CP's, the capture as capture_opens_at says.
FIRST_BP = 12
# The benches' player pauses this long after each press, as players do between steps of a turn:
# longer than the firmware waits before the work it keeps out of presses (ui.PAUSE_MS).
PAUSE_MS = 1500


def _repeat_due(k):
    return REPEAT_DELAY_MS + REPEAT_MS * min(k, SLOW_REPEATS) + FAST_REPEAT_MS * max(0, k - SLOW_REPEATS)


def number(value, tapped=False, start=0):
    """The presses that set a number entry from `start` to `value`: none, a tap, or one hold
    (of UP, or of DOWN to count down).

    tapped: a tap for each point, as a player who never holds a button enters it."""
    steps = abs(value - start)
    button = "UP" if value >= start else "DOWN"
    if tapped:
        return [(button, SHORT)] * steps
    if steps == 0:
        return []
    if steps == 1:
        return [(button, SHORT)]
    # the press counts at once, then repeats; let go a person's reaction after the number shows
    return [(button, _repeat_due(steps - 2) + LET_GO_MS)]


def bp(turn):
    """(CP face-up BP, EA face-up BP, captured BP) of each turn."""
    return (turn * 3) % 7 + 5, (turn * 5) % 8 + 4, turn % 4 + 1


HANDS = (7, 4)  # BP of Nationality cards left in hand at the end (3.2)
OK = ("OK", SHORT)
UP = ("UP", SHORT)


def winner(turn):
    cp, ea, _ = bp(turn)
    defender = "CP" if turn % 2 else "EA"
    return "CP" if cp > ea else "EA" if ea > cp else defender


def battle_presses(turn, tapped=False):
    """The battle of a turn from the d6 screen: both sides' face-up BP, each number from where the
    entry starts it, then the captured BP. A change of CP's number on the d6 screen opens the
    entry and counts at once; with none, OK opens it."""
    cp, ea, captured = bp(turn)
    first = FIRST_BP if turn == 1 else bp(turn - 1)[0]
    cp_presses = number(cp, tapped, first)
    out = (cp_presses or [OK]) + [OK]
    out += number(ea, tapped, cp) + [OK]
    return out + number(captured, tapped, capture_opens_at(turn)) + [OK]


def _loser_bp(turn):
    cp, ea, _ = bp(turn)
    return ea if winner(turn) == "CP" else cp


def capture_opens_at(turn):
    """Where the capture entry opens: the loser's face-up BP, in the share of their losers' BP
    that the game's earlier captures were (rounded half up); the first, at the whole of it."""
    captured = sum(bp(t)[2] for t in range(1, turn))
    faced = sum(_loser_bp(t) for t in range(1, turn))
    return _loser_bp(turn) if not faced else (_loser_bp(turn) * captured + faced // 2) // faced


def turn_presses(turn, tapped=False):
    """One turn's presses. tapped: the same turn by short presses only, except the undo's hold
    of BACK: taps count each number."""
    out = [OK]  # "OK roll d6": the Random Event d6 rolled, and on to Combat Round 1 with it shown
    if turn == 2:
        out += [("BACK", LONG), OK]  # undo the roll (hold BACK), then roll again
    out += battle_presses(turn, tapped)
    # The capture's OK ends the turn: Defender This Turn flipped and the turn die turned (7.20),
    # the next turn's mat asking for the draw (7.19) and the d6. Turn 5's draw is a step of its own:
    if turn == 5:
        out += [OK, OK]  # the reshuffle (8.1) read and closed, then "8.1 then OK flip"
    return out


def final_presses(tapped=False):
    return number(HANDS[0], tapped) + [OK] + number(HANDS[1], tapped, HANDS[0]) + [OK]


def events(tapped=False):
    out = []
    for turn in range(1, TURNS + 1):
        out += turn_presses(turn, tapped)
    return out + final_presses(tapped)


def expected_turns():
    """Per turn: (turn, Defender, winner, CP's total captured BP, EA's)."""
    out = []
    totals = {"CP": 0, "EA": 0}
    for turn in range(1, TURNS + 1):
        cp, ea, n = bp(turn)
        defender = "CP" if turn % 2 else "EA"
        winner = "CP" if cp > ea else "EA" if ea > cp else defender
        totals[winner] += n
        out.append((turn, defender, winner, totals["CP"], totals["EA"]))
    return out


def expected_totals():
    _, _, _, cp, ea = expected_turns()[-1]
    return {"CP": cp + HANDS[0], "EA": ea + HANDS[1]}


def check_turn(game, turn, totals=True):
    """What is wrong with `turn` in a game's state dict (the engine's or the link's); [] if nothing.

    With totals, the game's captured BP are checked as they stand right after that turn."""
    _, defender, winner, cp, ea = expected_turns()[turn - 1]
    track = game["track"]
    first = game.get("track_from", 1)  # the link cuts a long track to its recent turns
    if first + len(track) <= turn:
        return ["turn %d never began" % turn]
    record = track[turn - first]
    wrong = []
    if record["defender"] != defender:
        wrong.append("turn %d: Defender %s, not %s" % (turn, record["defender"], defender))
    if len(record["rolls"]) != 1:
        wrong.append("turn %d: %d Random Event rolls, not 1" % (turn, len(record["rolls"])))
    if record["winner"] != winner:
        wrong.append("turn %d: winner %s, not %s" % (turn, record["winner"], winner))
    if record["captured"] != bp(turn)[2]:
        wrong.append("turn %d: captured %s, not %d" % (turn, record["captured"], bp(turn)[2]))
    if totals and game["captured"] != {"CP": cp, "EA": ea}:
        wrong.append("turn %d: totals %s, not CP %d EA %d" % (turn, game["captured"], cp, ea))
    return wrong


def check_log(game):
    """What is wrong with any turn of the finished game, read back from its log; [] if nothing."""
    wrong = []
    for turn in range(1, TURNS + 1):
        wrong += check_turn(game, turn, totals=False)
    end = game.get("end") or {}
    if end.get("final") != expected_totals():
        wrong.append("final %s, not %s" % (end.get("final"), expected_totals()))
    return wrong


def debounced(script=None):
    """The events the debouncer makes of the presses, for tests that feed the app directly
    (the power cut at every flash write would take hours pressed through the pins). UP and DOWN
    are the number entry's, which counts at the press and repeats while held."""
    out = []
    for button, ms in events() if script is None else script:
        if button in ("UP", "DOWN"):
            repeats = 0
            while ms > SHORT and _repeat_due(repeats) <= ms:
                repeats += 1
            out += [(button, "SHORT")] + [(button, "REPEAT")] * repeats
        else:
            out.append((button, "LONG" if ms >= LONG else "SHORT"))
    return out


def play(press, game_state, tapped=False):
    """Play the whole game with `press(button, ms)`; check each turn with `game_state()`; returns faults."""
    wrong = []
    for turn in range(1, TURNS + 1):
        for button, ms in turn_presses(turn, tapped):
            press(button, ms)
        wrong += check_turn(game_state(), turn)
    for button, ms in final_presses(tapped):
        press(button, ms)
    return wrong
