"""What make sim shows at 80x24: the panel's picture, its words, the keys and the serial port."""

from __future__ import annotations

import shutil
import sys
import textwrap

from adjutant.sim.frame import Frame
from adjutant.sim.screen_text import boxed, fits

# The README's keys, in one line of an 80-column terminal.
HELP = "keys: \u2191/w UP  \u2193/s DOWN  Enter/d OK  Bksp/a BACK  W S D A hold  q quit"

WORD_ROWS = 3  # at 80x24: the picture's 18 rows, 3 of the panel's words, the keys and the port


def view(device, frame: Frame, words: str, columns: int, lines: int, problem: str | None) -> str:
    """The panel, its words, the keys and the port, cut to the terminal's width."""
    screen = boxed(frame, braille=fits(columns, lines))
    if problem:  # the panel stays dark: say what the serial console says
        said = "device: " + problem
    elif not frame.on:
        said = "panel asleep: any key wakes it"
    else:
        said = "screen: " + words
    width = max(20, columns - 1)
    rows = textwrap.wrap(said, width)[:WORD_ROWS] + textwrap.wrap(HELP, width)
    rows.append(f"Serial port: {device.serial_path}"[:width])
    return screen + "\n" + "\n".join(row.ljust(width) for row in rows) + "\n"


def draw(device, frame: Frame, words: str, problem: str | None, resized: list[bool]) -> None:
    size = shutil.get_terminal_size()
    if resized[0]:
        sys.stdout.write("\x1b[2J")  # a resize leaves the old, wider picture behind
        resized[0] = False
    shown = view(device, frame, words, size.columns, size.lines, problem)
    sys.stdout.write("\x1b[H" + shown + "\x1b[J")  # and nothing left below of a longer view
    sys.stdout.flush()
