"""The display driver against the emulated controller: pixels, bytes, commands."""

import machine
from oled import Oled
from oled_chip import OledChip


def _display(kind="ssd1306", rotate=0):
    chip = OledChip(kind)
    machine.I2C.devices = {0x3C: chip}
    return Oled(machine.I2C(0), kind, 0x3C, rotate), chip


def _wire():
    return machine.I2C.wire_bytes


def test_first_show_sends_the_whole_frame_and_the_glass_matches():
    for kind in ("ssd1306", "sh1106"):
        d, chip = _display(kind)
        d.fill(0)
        d.text("Turn 3", 0, 0, 1)
        d.fill_rect(100, 40, 20, 20, 1)
        d.show()
        assert chip.frame() == d.buffer, kind
        assert not chip.unknown, chip.unknown


def test_a_small_change_sends_only_its_span():
    d, chip = _display()
    d.show()
    before = _wire()
    d.text("7", 120, 8, 1)  # one glyph in page 1
    d.show()
    sent = _wire() - before
    assert chip.frame() == d.buffer
    assert sent <= 5 + 2 + 8, sent  # one page command, one 8-column data run
    before = _wire()
    d.show()
    assert _wire() == before  # nothing changed, nothing sent


def test_rotation_contrast_invert_and_power_reach_the_controller():
    d, chip = _display(rotate=180)
    d.pixel(0, 0, 1)
    d.show()
    assert chip.pixel(127, 63) == 1 and chip.pixel(0, 0) == 0
    d.contrast(200)
    d.invert(True)
    assert chip.contrast == 200 and chip.inverted
    d.power(False)
    assert not chip.on and chip.frame() == bytearray(1024)
