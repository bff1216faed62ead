"""Reading the panel's text off its pixels: what the simulator and the scenario tests see."""

from __future__ import annotations

import pathlib
import subprocess

from adjutant.sim.panel_text import read
from adjutant.sim.process import micropython

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Drawn by the firmware's own helpers (gfx.py) on a framebuf, as the screens draw.
DRAW = """
import sys
sys.path.insert(0, "firmware")
import framebuf, gfx
buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
gfx.bar(fb, 0, "Menu")                    # light text on a lit bar
gfx.text(fb, "OK yes  BACK no", 0, 56)    # two spaces kept
gfx.text(fb, "12", 4, 14, 3)              # big digits
gfx.text(fb, "0", 112, 10, 2)             # two totals set closer than the font's margin
gfx.text(fb, "7", 112, 25, 2)
fb.rect(60, 20, 30, 20, 1)                # a drawing: no text in it
fb.hline(0, 50, 128, 1)
print(bytes(buf).hex())
"""


def _drawn() -> bytes:
    out = subprocess.run([micropython(), "-c", DRAW], capture_output=True, text=True, check=True, cwd=ROOT)
    return bytes.fromhex(out.stdout.strip())


def test_text_at_every_scale_and_in_both_colours_reads_back_in_reading_order() -> None:
    assert read(_drawn()) == ["Menu", "0", "12", "7", "OK yes  BACK no"]


def test_an_empty_panel_and_lines_alone_read_as_nothing() -> None:
    assert read(bytes(1024)) == []
    lines = bytearray(1024)
    for x in range(128):
        lines[x + 128 * 3] = 0x81  # two rows of a page lit across the panel
    assert read(bytes(lines)) == []


# The Battle Mat's totals drawn as play/great_war/mat.py draws them: each side's label, and its total at
# double size, EA's one row below CP's; the chosen row of a list on a lit bar.
MAT = """
import sys
sys.path.insert(0, "firmware")
import framebuf, gfx
buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
for cp in %r:
    for ea in %r:
        fb.fill(0)
        gfx.text(fb, "DEF", 34, 0)
        gfx.text(fb, "CP", 32, 10, 2)
        for row, (side, value) in enumerate((("CP", cp), ("EA", ea))):
            gfx.text(fb, side, 72, row * 15 + 4)
            gfx.text(fb, str(value), 128 - gfx.width(str(value), 2), row * 15, 2)
        fb.fill_rect(0, 40, 128, 9, 1)
        gfx.text(fb, "Settings", 0, 41, 1, 0)
        print(cp, ea, bytes(buf).hex())
"""


def test_words_name_each_total_beside_its_side_whatever_its_digits_and_mark_the_chosen_row() -> None:
    from adjutant.sim.panel_text import words

    values = [*range(0, 25), 37, 58, 99]
    script = MAT % (values, values)
    out = subprocess.run([micropython(), "-c", script], capture_output=True, text=True, check=True, cwd=ROOT)
    wrong = []
    for line in out.stdout.splitlines():
        cp, ea, pixels = line.split()
        said = words(bytes.fromhex(pixels))
        if said != ["DEF CP", f"CP {cp}", f"EA {ea}", "> Settings"]:
            wrong.append((cp, ea, said))
    assert not wrong, wrong[:5]  # one of two totals went unread in 39 of 145 mats a player looked at
