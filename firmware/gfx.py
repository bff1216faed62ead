"""Drawing helpers on the display's framebuffer: scaled text, wrapping, dice.

Big text scales the built-in 8x8 font, so digits read at arm's length
without a font file.
"""

import framebuf

CHAR = 8
LINE = 16  # characters of scaled text drawn at once: more than a 128 px panel holds at scale 2
_line_buf = bytearray(CHAR * LINE)
_line = framebuf.FrameBuffer(_line_buf, CHAR * LINE, CHAR, framebuf.MONO_VLSB)


def text(fb, s, x, y, scale=1, color=1):
    if scale == 1:
        fb.text(s, x, y, color)
        return
    # The whole string at once, then scaled up column by column. Not a character at a time:
    # each one-letter str MicroPython makes is interned, and the first time a character is drawn
    # that may open a pool of names late in a game, a block of kilobytes the heap may not have.
    _line.fill(0)
    _line.text(s, 0, 0, 1)
    for col in range(min(len(s), LINE) * CHAR):
        bits = _line_buf[col]
        row = 0
        while bits:  # each run of lit pixels down a column is one rectangle
            if bits & 1:
                top = row
                while bits & 1:
                    bits >>= 1
                    row += 1
                fb.fill_rect(x + col * scale, y + top * scale, scale, (row - top) * scale, color)
            else:
                bits >>= 1
                row += 1


def width(s, scale=1):
    return len(s) * CHAR * scale


def centered(fb, s, y, scale=1, color=1, left=0, right=128):
    text(fb, s, left + (right - left - width(s, scale)) // 2, y, scale, color)


def wrap(s, columns=16):
    """Split on spaces into lines of at most `columns` characters.

    A word longer than a line is cut after its last hyphen that fits
    ("white-BP-in-" / "black-circle"), else at the line's end. Each line is
    one slice of `s`: MicroPython looks every new str up among the interned
    names, so building lines word by word cost several times as much.
    """
    if "  " in s or "\n" in s or "\t" in s or s.endswith(" "):
        s = " ".join(s.split())
    lines = []
    end = len(s)
    start = 0
    while start < end:
        if s.startswith(" ", start):
            start += 1
        elif end - start <= columns:
            lines.append(s[start:])
            break
        else:
            cut = s.rfind(" ", start, start + columns + 1)
            if cut > start:  # the last space that leaves a line of at most `columns`
                lines.append(s[start:cut])
                start = cut + 1
            else:  # one word longer than a line
                cut = s.rfind("-", start, start + columns) + 1 or start + columns
                lines.append(s[start:cut])
                start = cut
    return lines


PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def die(fb, face, x, y, size=40):
    """A d6 face with pips in a rounded square."""
    fb.rect(x + 1, y, size - 2, size, 1)
    fb.rect(x, y + 1, size, size - 2, 1)
    step = size // 4
    r = max(2, size // 12)
    for col, row in PIPS[face]:
        cx = x + step * (col + 1)
        cy = y + step * (row + 1)
        fb.ellipse(cx, cy, r, r, 1, True)


def toast(fb, message, must_read):
    """A boxed message over the screen's lower part. A warning covers the bottom line and ends
    with how to close it; news stops above the bottom line, which says what the next press does."""
    lines = wrap(message)
    if must_read:
        lines = lines[:3] + ["OK: close"]
        bottom = 64
    else:
        lines = lines[:3]
        bottom = NEWS_BOTTOM
    top = bottom - 9 * len(lines) - 3
    fb.fill_rect(0, top, 128, bottom - top, 0)
    full = max(len(line) for line in lines) == 16
    if full:  # a line as wide as the panel: side borders would run into its first and last letters
        fb.hline(0, top, 128, 1)
        fb.hline(0, bottom - 1, 128, 1)
    else:
        fb.rect(0, top, 128, bottom - top, 1)
    for row, line in enumerate(lines):
        text(fb, line, 0 if full else 2, top + 2 + row * 9)


NEWS_BOTTOM = 53  # the bottom line (y 55 on the mat, 56 on the others) stays in sight


def bar(fb, y, label, color=1):
    """An inverted title bar across the top."""
    fb.fill_rect(0, y, 128, 9, color)
    text(fb, label, 0, y + 1, 1, 1 - color)  # never cut here: the layout test finds a title too long
