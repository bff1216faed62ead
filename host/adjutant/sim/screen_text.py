"""The 128x64 screen as terminal text.

Two renderings: braille cells, 2x4 pixels each (64x16 characters: fits an
80x24 terminal with room for the status lines), and half blocks, 1x2 pixels
each (128x32 characters: bigger and easier to read, for a terminal of at
least 130x38). `fits` picks the larger one the terminal has room for.
"""

from __future__ import annotations

from adjutant.sim.process import Frame

BLOCKS = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}
# The Unicode braille cell's dot bits, by (column, row) inside its 2x4 pixels.
BRAILLE_DOTS = (
    (0, 0, 0x01),
    (0, 1, 0x02),
    (0, 2, 0x04),
    (1, 0, 0x08),
    (1, 1, 0x10),
    (1, 2, 0x20),
    (0, 3, 0x40),
    (1, 3, 0x80),
)
EXTRA_LINES = 6  # below the panel: the status line (two, wrapped), the keys, the serial port, room


def frame_lines(frame: Frame) -> list[str]:
    lines = []
    for y in range(0, 64, 2):
        lines.append("".join(BLOCKS[frame.pixel(x, y), frame.pixel(x, y + 1)] for x in range(128)))
    return lines


def braille_lines(frame: Frame) -> list[str]:
    lines = []
    for y in range(0, 64, 4):
        cells = []
        for x in range(0, 128, 2):
            bits = 0
            for dx, dy, bit in BRAILLE_DOTS:
                if frame.pixel(x + dx, y + dy):
                    bits |= bit
            cells.append(chr(0x2800 + bits))
        lines.append("".join(cells))
    return lines


def boxed(frame: Frame, braille: bool = False) -> str:
    width, rows = (64, 16) if braille else (128, 32)
    top = "\u250c" + "\u2500" * width + "\u2510"
    bottom = "\u2514" + "\u2500" * width + "\u2518"
    if not frame.on:
        body = [" " * width] * rows
    else:
        body = braille_lines(frame) if braille else frame_lines(frame)
    return "\n".join([top, *("\u2502" + line + "\u2502" for line in body), bottom])


def fits(columns: int, lines: int) -> bool:
    """True for braille: the half-block panel (130x34 with its box) leaves no room in this terminal."""
    return columns < 130 or lines < 34 + EXTRA_LINES
