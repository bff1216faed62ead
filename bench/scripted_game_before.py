"""The scripted game as it was pressed on firmware before the presses merged (ae2ec62 and
earlier): the benches' anchors are such firmware, and play it this way. bench/scripted_game.py
is the game as pressed now; the turns, their battles and outcomes are the same.

Each press is (button, ms): how long the button is held. A short press is
80 ms, a long one 800 ms; in number entry UP is held until the number reads
the value wanted (auto-repeat), which counts as one press. After every turn
the test or bench checks that turn's outcome (`check_turn`), so a press that
was eaten shows in the turn where it happened, not only in the final score.
"""

from bench.scripted_game import TURNS, bp, check_turn  # the same turns, battles and outcomes

SHORT = 80
LONG = 800
# The firmware's auto-repeat (firmware/buttons.py), as a player's thumb learns it.
DEBOUNCE_MS = 20
REPEAT_DELAY_MS = 400
REPEAT_MS = 90
FAST_REPEAT_MS = 30
FAST_AFTER = 10
# The benches' player pauses this long after each press, as players do between steps of a turn:
# longer than the firmware waits before the work it keeps out of presses (ui.PAUSE_MS).
PAUSE_MS = 1500


def _repeat_due(k):
    return REPEAT_DELAY_MS + REPEAT_MS * min(k, FAST_AFTER) + FAST_REPEAT_MS * max(0, k - FAST_AFTER)


def number(value, tapped=False):
    """The presses that set a number entry from 0 to `value`: none, a tap, or one hold.

    tapped: a tap of UP for each point, as a player who never holds a button enters it."""
    if tapped:
        return [("UP", SHORT)] * value
    if value == 0:
        return []
    if value == 1:
        return [("UP", SHORT)]
    # the press counts once debounced, then repeats; let go between the last repeat and the next
    last, following = _repeat_due(value - 2), _repeat_due(value - 1)
    return [("UP", DEBOUNCE_MS + (last + following) // 2)]


HANDS = (7, 4)  # BP of Nationality cards left in hand at the end (3.2)
OK = ("OK", SHORT)
UP = ("UP", SHORT)


def turn_presses(turn, tapped=False, opens_entry=True):
    """One turn's presses. tapped: the same turn by short presses only, except the undo's hold
    of BACK: taps count up each number, and OK steps through Combat Round 2 and the Bonus phase.
    opens_entry False: for firmware before the battle's entry opened by itself (5ab3fa3 and
    earlier, the benches' anchors), which asked for "OK enter BP"."""
    out = [OK, OK]  # "OK roll d6" rolls the Random Event d6; the d6 screen's "OK next": Combat Round 1
    out += [UP]  # "Attack? ^ mark": the Attacker's Attack card (7.10)
    if turn == 2:
        out += [("BACK", LONG), UP]  # undo the mark (hold BACK), then mark it again
    if tapped:
        out += [OK, OK, OK]  # "OK nxt": Combat Round 2, then the Bonus phase, then the battle
    else:
        out += [("OK", LONG)]  # hold OK: on through Combat Round 2 and the Bonus phase to the battle
    # the battle's entry opens as Battle Resolution begins (7.14): face-up BP, then the capture
    if not opens_entry:
        out += [OK]  # "OK enter BP"
    cp, ea, captured = bp(turn)
    out += number(cp, tapped) + [OK] + number(ea, tapped) + [OK] + number(captured, tapped) + [OK]
    if turn == 5:
        out += [OK]  # the end-of-turn-5 reshuffle (8.1), read and closed
    if turn < TURNS:
        out += [OK, OK]  # draw (7.19) -> end of turn (7.20) -> the next turn
    return out


def final_presses(tapped=False):
    return number(HANDS[0], tapped) + [OK] + number(HANDS[1], tapped) + [OK]


def events(tapped=False, opens_entry=True):
    out = []
    for turn in range(1, TURNS + 1):
        out += turn_presses(turn, tapped, opens_entry)
    return out + final_presses(tapped)


def debounced(script=None):
    """The events the debouncer makes of the presses, for tests that feed the app directly
    (the power cut at every flash write would take hours pressed through the pins)."""
    out = []
    for button, ms in events() if script is None else script:
        if button == "UP" and ms > SHORT:  # number entry: a tap, then the auto-repeats
            repeats = 0
            while DEBOUNCE_MS + _repeat_due(repeats) <= ms:
                repeats += 1
            out += [(button, "SHORT")] + [(button, "REPEAT")] * repeats
        else:
            out.append((button, "LONG" if ms >= LONG else "SHORT"))
    return out


def play(press, game_state, tapped=False, opens_entry=True):
    """Play the whole game with `press(button, ms)`; check each turn with `game_state()`; returns faults."""
    wrong = []
    for turn in range(1, TURNS + 1):
        for button, ms in turn_presses(turn, tapped, opens_entry):
            press(button, ms)
        wrong += check_turn(game_state(), turn)
    for button, ms in final_presses(tapped):
        press(button, ms)
    return wrong
