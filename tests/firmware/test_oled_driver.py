"""The display driver against the emulated controller: pixels, bytes, commands."""

# isort: off
from tests.firmware import rig  # the simulated machine and paths, before any firmware module loads
from oled import Oled
from oled_chip import OledChip

# isort: on

machine = rig.machine

# gc.mem_alloc is MicroPython's: CPython has no such count
MICROPYTHON_ONLY = ("test_a_refresh_of_twelve_runs_allocates_under_a_kilobyte",)


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


def _transfers():
    return machine.I2C.transfers


def test_changes_a_few_columns_apart_go_as_one_run_and_far_apart_as_two():
    # A new run costs 7 bytes on the wire (a 3-byte position command and a data header, each
    # in its own transfer with the address byte), so a gap of a few unchanged columns is
    # cheaper to resend than to skip.
    d, chip = _display()
    d.show()
    before, sent = _transfers(), _wire()
    d.pixel(10, 0, 1)
    d.pixel(14, 0, 1)  # 3 unchanged columns between
    d.show()
    assert _transfers() - before == 2  # one position command, one data run
    assert _wire() - sent == (1 + 1 + 3) + (1 + 1 + 5)  # columns 10-14
    before, sent = _transfers(), _wire()
    d.pixel(40, 8, 1)
    d.pixel(100, 8, 1)  # 59 columns apart, in page 1
    d.show()
    assert _transfers() - before == 4  # two runs
    assert _wire() - sent == 2 * (1 + 1 + 3) + 2 * (1 + 1 + 1)
    assert chip.frame() == d.buffer


def test_a_page_with_every_fourth_column_changed_goes_as_one_run_not_thirty_two():
    d, chip = _display()
    d.show()
    before, sent = _transfers(), _wire()
    for x in range(0, 128, 4):
        d.pixel(x, 20, 1)  # page 2
    d.show()
    assert _transfers() - before == 2
    assert _wire() - sent == (1 + 1 + 3) + (1 + 1 + 125)  # columns 0-124
    assert chip.frame() == d.buffer


def test_a_refresh_of_twelve_runs_allocates_under_a_kilobyte():
    """The transfer buffers are made once: a refresh allocates only the slices it sends (about 0.4 KB)."""
    import gc

    display, _ = _display()
    display.show()

    class Bus:  # the wire's own costs are the simulator's, not the driver's
        def writevto(self, addr, vector, stop=True):
            pass

    display.i2c = Bus()
    for n in range(12):  # 12 runs: one per change, spread over the pages
        display.fill_rect(n * 10, (n % 8) * 8, 3, 2, 1)
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        display.show()
        used = gc.mem_alloc() - before
    finally:
        gc.enable()
    assert used < 1024, used  # it was 3,840 B with a fresh bytes object for every command and run


def test_a_change_inside_the_hinted_area_is_sent_as_without_the_hint():
    # A count's digits: the screen says where they are, and the driver scans only those columns.
    sent = []
    for hinted in (False, True):
        d, chip = _display()
        d.text("12", 56, 32, 1)
        d.show()
        before = _wire()
        d.fill_rect(56, 32, 16, 8, 0)
        d.text("13", 56, 32, 1)
        d.show((48, 32, 32, 16) if hinted else None)
        sent.append(_wire() - before)
        assert chip.frame() == d.buffer, hinted
    assert sent[0] == sent[1] > 0, sent


def test_a_change_outside_the_hinted_area_still_reaches_the_panel():
    # The hint narrows the scan only where the rest of a page is as shown: a message box
    # closing with the same press that counts must not stay on the glass.
    d, chip = _display()
    d.fill_rect(0, 40, 128, 24, 1)  # a box over the bottom, across the number's pages
    d.text("9", 60, 32, 1)
    d.show()
    d.fill(0)
    d.text("10", 56, 32, 1)  # the count, inside the area...
    d.pixel(2, 60, 1)  # ...and a pixel left where the box was, in a page the area misses
    d.show((56, 32, 16, 8))
    assert chip.frame() == d.buffer
    d.pixel(120, 33, 1)  # in the area's page, right of its columns
    d.show((56, 32, 16, 8))
    assert chip.frame() == d.buffer
