"""The wiring checks a maker runs before `adjutant deploy` (firmware/examples/), on the simulated board."""

import sys

# isort: off
from tests.firmware import rig  # puts the simulated board's modules (clock among them) on the path
import clock

# isort: on

EXAMPLES = rig.ROOT + "/firmware/examples"


def _example(name):
    if EXAMPLES not in sys.path:
        sys.path.insert(0, EXAMPLES)
    sys.modules.pop(name, None)
    return __import__(name)


def _sleeping(during):
    """Run `during(ms)` at each of the example's pauses, in the simulated board's time."""
    original = clock.time_module.sleep_ms

    def sleep_ms(ms):
        during(ms)
        original(ms)

    clock.time_module.sleep_ms = sleep_ms
    clock.CLOCK.until = clock.CLOCK.now + 60_000  # the example's own pauses let this much time pass
    return original


def _board(chip_at=0x3C, kind="ssd1306"):
    rig.machine.Pin.pins = {}
    rig.machine.I2C.devices = {}
    chip = rig.OledChip(kind)
    if chip_at:
        rig.machine.I2C.devices[chip_at] = chip
    return chip


def _lit(frame):
    return sum(bin(b).count("1") for b in frame)


def test_oled_simpletest_shows_a_frame_round_the_edge_then_the_whole_panel_lit():
    chip = _board()
    pictures = []
    original = _sleeping(lambda ms: pictures.append(bytes(chip.frame())))
    try:
        assert _example("oled_simpletest").main("pico") is True
    finally:
        clock.time_module.sleep_ms = original
    edge, full = pictures
    assert all(edge[x] & 1 and edge[7 * 128 + x] & 0x80 for x in range(128))  # top and bottom rows
    assert all(edge[page * 128] == 0xFF and edge[page * 128 + 127] == 0xFF for page in range(8))  # the sides
    assert 56 * 2 + 124 * 2 < _lit(edge) < 1500  # the frame and the words inside, not a lit panel
    assert _lit(full) == 128 * 64
    assert _lit(chip.frame()) == 0  # left dark


def test_oled_simpletest_says_what_to_check_when_no_display_answers():
    _board(chip_at=None)
    said = []
    assert _example("oled_simpletest").main("pico", say=said.append) is False
    assert said == [
        "pico, I2C on SDA=GP4 SCL=GP5: nothing answers",
        "no display answers at 0x3C on SDA=GP4 SCL=GP5: check the wiring and the address",
    ], said


def test_oled_simpletest_at_the_wrong_address_says_which_answers_and_how_to_set_it():
    _board(chip_at=0x3D)  # the module's resistor set for 0x3D; the board table says 0x3C
    said = []
    assert _example("oled_simpletest").main("pico", say=said.append) is False
    assert said == [
        "pico, I2C on SDA=GP4 SCL=GP5: 0x3D",
        "the display answers at 0x3D, not 0x3C: set it with `adjutant settings addr=0x3D`",
    ], said


def test_buttons_simpletest_passes_when_each_button_is_pressed_as_asked():
    _board()
    pins = rig.machine.Pin.pins
    order = list(rig.BUTTONS)
    held = []

    def press_next(ms):  # a player pressing each button in turn, 100 ms after being asked
        if held:
            pins[rig.PINS[held.pop()]].set_level(1)
        elif order:
            held.append(order.pop(0))
            pins[rig.PINS[held[0]]].set_level(0)

    original = _sleeping(press_next)
    try:
        assert _example("buttons_simpletest").main("pico", wait_ms=1000) is True
    finally:
        clock.time_module.sleep_ms = original
    assert not order


def test_buttons_simpletest_names_a_swapped_and_a_dead_button():
    _board()
    pins = rig.machine.Pin.pins
    # the pin that closes when the player presses each button: UP and DOWN swapped, OK's wire off
    wiring = {"UP": "DOWN", "DOWN": "UP", "OK": None, "BACK": "BACK"}
    said = []
    asked = []
    held = []

    def say(line):
        said.append(line)
        if line.startswith("press "):
            asked.append(line.split()[1])

    def player(ms):  # presses the button asked for, once, and lets go at the next pause
        if held:
            pins[rig.PINS[held.pop()]].set_level(1)
        elif asked:
            pin = wiring[asked.pop()]
            if pin is not None:
                held.append(pin)
                pins[rig.PINS[pin]].set_level(0)

    original = _sleeping(player)
    try:
        assert _example("buttons_simpletest").main("pico", wait_ms=200, say=say) is False
    finally:
        clock.time_module.sleep_ms = original
    assert said == [
        "press UP (GP10)",
        "  that was DOWN (GP11): are its wire and UP's swapped?",
        "press DOWN (GP11)",
        "  that was UP (GP10): are its wire and DOWN's swapped?",
        "press OK (GP12)",
        "  no press seen: check the switch, its wire to GP12 and its wire to GND",
        "press BACK (GP13)",
        "  BACK OK",
        "1 of 4 buttons work",
    ], said
