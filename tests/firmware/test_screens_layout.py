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


def _toast_on_the_glass(message, warning=False):
    """A message box drawn by the firmware and sent to the emulated panel: its pixels, and its top row."""
    import gfx
    from oled import Oled
    from oled_chip import OledChip

    from tests.firmware import rig

    chip = OledChip("ssd1306")
    rig.machine.I2C.devices = {0x3C: chip}
    display = Oled(rig.machine.I2C(0), "ssd1306", 0x3C, 0)
    display.fill(0)
    gfx.toast(display, message, warning)
    display.show()
    glass = framebuf_of(chip.frame())
    top = min(y for y in range(64) if all(glass.pixel(x, y) for x in range(128)))
    return glass, top


def framebuf_of(frame):
    import framebuf

    return framebuf.FrameBuffer(bytearray(frame), 128, 64, framebuf.MONO_VLSB)


def test_a_message_line_as_wide_as_the_panel_does_not_run_into_the_box_border():
    from gfx import NEWS_BOTTOM

    # wrapped to "Recovered 1 game" (16 characters, all 128 columns) and "after a power cut"
    glass, top = _toast_on_the_glass("Recovered 1 game after a power cut")
    for x in (0, 127):
        column = [glass.pixel(x, y) for y in range(top + 1, NEWS_BOTTOM - 1)]
        assert not all(column), "a side border at x=%d runs into the letters" % x
    # a shorter message keeps its whole box, the text 2 px clear of the border
    glass, top = _toast_on_the_glass("Saved")
    for x in (0, 127):
        assert all(glass.pixel(x, y) for y in range(top, NEWS_BOTTOM)), x
    assert not any(glass.pixel(1, y) for y in range(top + 1, NEWS_BOTTOM - 1))


def test_news_leaves_the_bottom_line_in_sight_a_warning_covers_it_and_says_ok_closes_it():
    from gfx import NEWS_BOTTOM

    glass, top = _toast_on_the_glass("CP +7 BP: CP 7 EA 0")
    assert not any(glass.pixel(x, y) for x in range(128) for y in range(NEWS_BOTTOM, 64))  # below: the screen's
    glass, top = _toast_on_the_glass("Not saved", warning=True)
    assert all(glass.pixel(0, y) for y in range(top, 64))  # the box down to the panel's last row


def test_wrapped_text_keeps_every_word_fills_each_line_and_cuts_long_words_after_a_hyphen():
    # Messages, questions and long list labels all wrap here; checked on random texts.
    import random

    import gfx

    random.seed(5)
    for _ in range(3000):
        alphabet = random.choice(["ab ", "abc- ", "a-b  c", "abcdefghij ", "a\nb c- "])
        text = "".join(random.choice(alphabet) for _ in range(random.randrange(0, 70)))
        columns = random.randrange(3, 17)
        lines = gfx.wrap(text, columns)
        words = text.split()
        flat = " ".join(words)
        assert all(0 < len(line) <= columns and line == line.strip() for line in lines), (text, lines)
        # read back in order: each line follows the last after a space, or (a word cut short) straight on
        at = 0
        for i, line in enumerate(lines):
            if flat.startswith(" ", at):
                at += 1
                # a line ends only where the next word would not fit on it
                word = flat[at:].split(" ")[0]
                assert i == 0 or len(lines[i - 1]) + 1 + len(word) > columns, (text, columns, lines)
            elif i:  # a word cut short: after its last hyphen that fit, else at the full line
                before = lines[i - 1]
                cut_at_hyphen = before.endswith("-")
                assert cut_at_hyphen or (len(before) == columns and "-" not in before), (text, columns, lines)
            assert flat.startswith(line, at), (text, columns, lines)
            at += len(line)
        assert at == len(flat), (text, columns, lines)


def test_big_text_is_the_8x8_font_scaled_up_pixel_for_pixel():
    # The big digits and results read at arm's length: each pixel of the built-in font a scale x scale square.
    import framebuf
    import gfx

    def panel():
        buf = bytearray(128 * 64 // 8)
        return framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)

    for s in ("0", "10", "999", "CP WINS", "DRAW", "gjpqy,;!"):
        for scale in (2, 3):
            for x in (-3, 0, 17):
                small, big = panel(), panel()
                small.text(s, 0, 0, 1)
                gfx.text(big, s, x, 9, scale)
                for px in range(128):
                    for py in range(64):
                        i, j = (px - x) // scale, (py - 9) // scale
                        lit = 0 <= i < 128 and 0 <= j < 8 and px - x >= 0 and py >= 9 and small.pixel(i, j)
                        assert big.pixel(px, py) == (1 if lit else 0), (s, scale, x, px, py)
