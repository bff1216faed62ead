"""Every menu, list and message the buttons reach: no text past the panel's edge, none over or against other text."""

from tests.firmware.table import Table


def _rows(table):
    items = getattr(table.ui.top(), "items", None)
    return len(items()) if items else 0


def _check(table, where, faults):
    for fault in table.layout_faults():
        faults.append("%s (%s): %s" % (where, table.screen(), fault))
    top = table.ui.top()
    items = getattr(top, "items", None)
    if items and items() and not table.ui.toast:
        label = items()[top.index][0]
        if label not in table.text():  # the row chosen is shown whole, if over more than one line
            faults.append("%s (%s): the label %r is cut short" % (where, table.screen(), label))


def _open(start, path, faults):
    """A fresh device at `start`, then DOWN to each row of `path` in turn and OK, checking every frame."""
    table = start()
    for i in path:
        for _ in range(i):
            table.press("DOWN")
            _check(table, "rows %s" % path, faults)
        table.press("OK")
        _check(table, "rows %s" % path, faults)
    return table


def _scroll(table, where, faults):
    """A message or entry screen: DOWN through it, checking each frame."""
    screen = table.screen()
    for _ in range(10):
        table.press("DOWN")
        _check(table, where, faults)
        if table.screen() != screen:
            return


def crawl(start, depth=2):
    faults = []
    table = start()
    _check(table, "start", faults)
    todo = [[i] for i in range(_rows(table))]
    while todo:
        path = todo.pop(0)
        table = _open(start, path, faults)
        rows = _rows(table)
        if rows and len(path) < depth and table.screen() not in ("menu", "mat"):
            todo.extend(path + [i] for i in range(rows))
        elif not rows:
            _scroll(table, "rows %s scrolled" % path, faults)
    return faults


def _menu_of_a_game_under_way():
    table = Table.fresh()
    table.press("OK")  # the d6 rolled: Undo, End game and History have something to show
    while table.screen() != "mat":
        table.press("BACK")
    table.press("BACK")
    assert table.screen() == "menu", table.screen()
    return table


def test_layout_every_screen_of_the_menu_in_a_basic_game():
    faults = crawl(_menu_of_a_game_under_way)
    assert not faults, "\n".join(faults)


def _toast_on_the_glass(message):
    """A message box drawn by the firmware and sent to the emulated panel: its pixels, and its top row."""
    import gfx
    from oled import Oled
    from oled_chip import OledChip

    from tests.firmware import rig

    chip = OledChip("ssd1306")
    rig.machine.I2C.devices = {0x3C: chip}
    display = Oled(rig.machine.I2C(0), "ssd1306", 0x3C, 0)
    display.fill(0)
    gfx.toast(display, message, False)
    display.show()
    glass = framebuf_of(chip.frame())
    top = min(y for y in range(64) if all(glass.pixel(x, y) for x in range(128)))
    return glass, top


def framebuf_of(frame):
    import framebuf

    return framebuf.FrameBuffer(bytearray(frame), 128, 64, framebuf.MONO_VLSB)


def test_a_message_line_as_wide_as_the_panel_does_not_run_into_the_box_border():
    # wrapped to "Recovered 1 game" (16 characters, all 128 columns) and "after a power cut"
    glass, top = _toast_on_the_glass("Recovered 1 game after a power cut")
    for x in (0, 127):
        column = [glass.pixel(x, y) for y in range(top + 1, 64)]
        assert not all(column), "a side border at x=%d runs into the letters" % x
    # a shorter message keeps its whole box, the text 2 px clear of the border
    glass, top = _toast_on_the_glass("Saved")
    for x in (0, 127):
        assert all(glass.pixel(x, y) for y in range(top, 64)), x
    assert not any(glass.pixel(1, y) for y in range(top + 1, 63))
