"""Check the four buttons' wiring before `adjutant deploy`. From the repository, with the board on USB:

    mpremote mount firmware run firmware/examples/buttons_simpletest.py

Each button joins its pin (firmware/boards.py) to GND when pressed; the
pin's internal pull-up holds it high otherwise. The test asks for each button
in turn and says which pin it watched, and which button it saw instead if
another was pressed (two wires swapped).
"""

import time

import boards
import machine

WAIT_MS = 15000  # per button
POLL_MS = 10


def main(name=None, wait_ms=WAIT_MS, say=print):
    board = boards.board(name)
    gpio = board["gpio"]
    pins = {}
    for label in boards.BUTTONS:
        pins[label] = machine.Pin(board["buttons"][label], machine.Pin.IN, machine.Pin.PULL_UP)
    stuck = [label for label in boards.BUTTONS if pins[label].value() == 0]
    for label in stuck:
        say("%s (%s%d) reads pressed with nothing pressed: a short to GND?" % (label, gpio, board["buttons"][label]))
    working = 0
    for label in boards.BUTTONS:
        if label in stuck:
            continue
        where = "%s%d" % (gpio, board["buttons"][label])
        say("press %s (%s)" % (label, where))
        pressed = _first_press(pins, stuck, wait_ms)
        if pressed is None:
            say("  no press seen: check the switch, its wire to %s and its wire to GND" % where)
        elif pressed != label:
            say(
                "  that was %s (%s%d): are its wire and %s's swapped?"
                % (pressed, gpio, board["buttons"][pressed], label)
            )
        else:
            say("  %s OK" % label)
            working += 1
        _released(pins)
    say("all 4 buttons work" if working == 4 else "%d of 4 buttons work" % working)
    return working == 4


def _first_press(pins, stuck, wait_ms):
    waited = 0
    while waited < wait_ms:
        for label in pins:
            if label not in stuck and pins[label].value() == 0:
                return label
        time.sleep_ms(POLL_MS)
        waited += POLL_MS
    return None


def _released(pins):
    for _ in range(200):  # at most 2 s: a button held down is reported by the next question
        if all(p.value() for p in pins.values()):
            return
        time.sleep_ms(POLL_MS)


if __name__ == "__main__":
    main()
