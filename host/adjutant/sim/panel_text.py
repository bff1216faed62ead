"""Read the text off the emulated panel's pixels, as a player reads the glass.

The firmware draws all its text with MicroPython's built-in 8x8 font
(framebuf.text), at scale 1 or scaled up by whole pixels (gfx.text), in
either colour (inverted on a lit bar). The font's glyphs come from the
micropython the simulator runs, so a glyph on the panel matches exactly or
not at all. What is found is returned in reading order: top to bottom, then
left to right, one string per run of characters on a line.
"""

from __future__ import annotations

import functools
import subprocess

from adjutant.sim.interpreter import micropython

WIDTH, HEIGHT = 128, 64
FIRST, LAST = 32, 126  # the printable ASCII the firmware draws
SCALES = (1, 2, 3)
MAX_GAP = 3  # spaces a run may hold ("OK yes  BACK no" has two)
MARKS = set(".,'`-_:;|!\" ")  # strokes as likely part of a drawing, or of text half covered, as text
# The firmware draws no word of one letter: a lone letter is the strokes of a drawing or of text
# a message box half covers. A lone digit is a number (the turn die, a total), "*" the turn marker.
LONE_KEPT = set("0123456789*")

_FONT_SCRIPT = f"""
import framebuf
buf = bytearray(8)
fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
for code in range({FIRST}, {LAST + 1}):
    fb.fill(0)
    fb.text(chr(code), 0, 0, 1)
    print(code, bytes(buf).hex())
"""


RELAXED = 0x7F  # rows 0-6 of a column: the bottom row and the last column are margins most glyphs leave blank


@functools.lru_cache(maxsize=1)
def relaxed_glyphs() -> dict[tuple[int, ...], str]:
    """The font without its bottom row and last column, for text set closer than its margins
    (the mat's two totals, one above the other): only glyphs still told apart that way."""
    table: dict[tuple[int, ...], str] = {}
    clashes = set()
    for key, char in glyphs().items():
        short = tuple(b & RELAXED for b in key[:7])
        if short in table and table[short] != char:
            clashes.add(short)
        table[short] = char
    return {k: v for k, v in table.items() if k not in clashes}


@functools.lru_cache(maxsize=1)
def glyphs() -> dict[tuple[int, ...], str]:
    """The font as {8 column bytes (bit 0 = top row): character}, from the simulator's micropython."""
    out = subprocess.run([micropython(), "-c", _FONT_SCRIPT], capture_output=True, text=True, check=True).stdout
    table: dict[tuple[int, ...], str] = {}
    for line in out.splitlines():
        code, data = line.split()
        table.setdefault(tuple(bytes.fromhex(data)), chr(int(code)))
    return table


def _columns(pixels: bytes) -> list[int]:
    """Each column of the panel as an int, bit y = pixel (x, y)."""
    return [sum(((pixels[x + page * WIDTH]) << (8 * page)) for page in range(HEIGHT // 8)) for x in range(WIDTH)]


def _scaled(columns: list[int], scale: int, dx: int, dy: int) -> tuple[list[int], list[int], int, int]:
    """The panel seen through cells of scale x scale pixels from (dx, dy): (lit, uniform, width, height).

    lit holds each cell's value; uniform says which cells are all one colour, the only ones
    scaled text is made of.
    """
    if scale == 1:
        return columns, [(1 << HEIGHT) - 1] * WIDTH, WIDTH, HEIGHT
    width = (WIDTH - dx) // scale
    height = (HEIGHT - dy) // scale
    block = (1 << scale) - 1
    lit, uniform = [], []
    for cx in range(width):
        value = same = 0
        for cy in range(height):
            first = None
            ok = True
            for sx in range(scale):
                bits = (columns[dx + cx * scale + sx] >> (dy + cy * scale)) & block
                if bits not in (0, block) or (first is not None and bits != first):
                    ok = False
                    break
                first = bits
            if ok:
                same |= 1 << cy
                if first:
                    value |= 1 << cy
        lit.append(value)
        uniform.append(same)
    return lit, uniform, width, height


def _matches(lit: list[int], uniform: list[int], width: int, height: int) -> list[tuple[int, int, str, bool]]:
    """(x, y, char, inverted) in cells for every 8x8 window that is a glyph, in either colour
    (inverted: dark on a lit bar, as a title or the chosen row of a list)."""
    font, relaxed = glyphs(), relaxed_glyphs()
    found = []
    # Over each 8 columns from x: what is lit (a window with nothing lit is a blank, never a
    # glyph), and which rows are uniform in all 8 (strict) or in the first 7 (relaxed).
    spans, strict, loose = [], [], []
    for x in range(max(0, width - 7)):
        lit_any, all_same = 0, -1
        for c in range(7):
            lit_any |= lit[x + c]
            all_same &= uniform[x + c]
        spans.append(lit_any | lit[x + 7])
        loose.append(all_same)
        strict.append(all_same & uniform[x + 7])
    for y in range(height - 7):
        for x in range(width - 7):
            if not (spans[x] >> y) & 0xFF:
                continue
            whole = (strict[x] >> y) & 0xFF == 0xFF
            if not whole and (loose[x] >> y) & RELAXED != RELAXED:
                continue
            window = [(lit[x + c] >> y) & 0xFF for c in range(8)]
            char = None
            inverted = False
            if whole:
                char = font.get(tuple(window))
                if char is None:  # or dark on a lit bar
                    char = font.get(tuple(0xFF ^ b for b in window))
                    inverted = char is not None
            if char is None:
                char = relaxed.get(tuple(b & RELAXED for b in window[:7]))
            if char is not None and char != " ":
                found.append((x, y, char, inverted))
    return found


def _runs(found: list[tuple[int, int, str, bool]]) -> list[tuple[int, int, str, bool]]:
    """Characters on one line, 8 cells apart (blanks between them as spaces), joined into runs of
    one colour: (y, x, text, inverted)."""
    by_line: dict[int, list[tuple[int, str, bool]]] = {}
    for x, y, char, inverted in found:
        by_line.setdefault(y, []).append((x, char, inverted))
    runs = []
    for y, chars in by_line.items():
        chars.sort()
        start, last, text, colour = chars[0][0], chars[0][0], chars[0][1], chars[0][2]
        for x, char, inverted in chars[1:]:
            gap = x - last
            if gap % 8 == 0 and 8 <= gap <= 8 * (MAX_GAP + 1) and inverted == colour:
                text += " " * (gap // 8 - 1) + char
            else:
                runs.append((y, start, text, colour))
                start, text, colour = x, char, inverted
            last = x
        runs.append((y, start, text, colour))
    return runs


def read(pixels: bytes) -> list[str]:
    """The texts on a 128x64 MONO_VLSB frame, top to bottom and left to right."""
    return [text for y, x, text, _, _ in _placed(pixels)]


def _placed(pixels: bytes) -> list[tuple[int, int, str, int, bool]]:
    """(y, x, text, scale, inverted) of each text on the panel, in panel pixels, in reading order."""
    columns = _columns(pixels)
    placed = []
    for scale in SCALES:
        for dy in range(scale):
            for dx in range(scale):
                lit, uniform, width, height = _scaled(columns, scale, dx, dy)
                for y, x, text, inverted in _runs(_matches(lit, uniform, width, height)):
                    if all(c in MARKS for c in text) or (len(text) == 1 and text not in LONE_KEPT):
                        continue
                    placed.append((dy + y * scale, dx + x * scale, text, scale, inverted))
    return sorted(_without_strays(placed))


LABEL_GAP = 32  # px between a label and the bigger number it names, beside or below it


def words(pixels: bytes) -> list[str]:
    """The panel in words a person reads it by: each bigger number after the label beside or above
    it ("CP 7", "DEF CP"), the chosen row of a list marked ("> Settings"), the rest in reading order."""
    placed = _placed(pixels)
    used: set[int] = set()
    named: dict[int, tuple[int, int, str]] = {}  # a big text's index -> its label's place and text
    for i, (y, x, _text, scale, _) in enumerate(placed):
        if scale == 1:
            continue
        bottom = y + 7 * scale
        for j, (ly, lx, label, lscale, inverted) in enumerate(placed):
            if lscale != 1 or j in used or inverted or label.isdigit():
                continue
            right = lx + 8 * len(label)
            beside = ly >= y - 2 and ly + 7 <= bottom + 2 and 0 <= x - right <= LABEL_GAP
            above = 0 <= y - (ly + 7) <= 4 and abs(lx - x) <= 8
            if beside or above:
                used.add(j)
                named[i] = (ly, lx, label)
                break
    out = []
    for i, (y, x, text, _scale, inverted) in enumerate(placed):
        if i in used:
            continue
        if i in named:
            y, x, label = named[i]
            text = "%s %s" % (label, text)
        elif inverted and y >= 9:  # a lit row below the title bar: the one chosen
            text = "> " + text
        out.append((y // 9, x, text))  # by rows of text, each left to right: where a label starts
    return [text for _, _, text in sorted(out)]


def _without_strays(placed: list[tuple[int, int, str, int, bool]]) -> list[tuple[int, int, str, int, bool]]:
    """A run overlapping one of more letters is made of that run's strokes: 'p' read in the "P" of
    "CP", or "p  p" in "CP BP" one row higher (a lower-case p is a P moved down)."""

    def box(p: tuple[int, int, str, int, bool]) -> tuple[int, int, int, int]:
        # the font's last row is ink only for descenders: text set one row under another (the mat's
        # two totals) touches it there without being made of its strokes
        y, x, text, scale, _ = p
        return x, y, x + 8 * scale * len(text), y + 7 * scale

    def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    def letters(p: tuple[int, int, str, int, bool]) -> int:
        return len(p[2].replace(" ", ""))

    def stray(p: tuple[int, int, str, int, bool]) -> bool:
        return any(letters(q) > letters(p) and overlap(box(p), box(q)) for q in placed)

    return [p for p in placed if not stray(p)]
