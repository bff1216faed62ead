"""Big text interns no names: drawn as one string, never a one-letter str at a time.

MicroPython interns every one-letter str it makes (iterating a str makes them), and names
live in pools that double: the first time a character is drawn, late in a game, could open a
pool of 640 names in one piece (about 4 KB on a Pico) that a fragmented heap no longer has.
Measured on the MicroPython unix port with micropython.qstr_info().
"""

from __future__ import annotations

import pathlib
import re
import subprocess

from adjutant.sim.interpreter import micropython

REPO = pathlib.Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
sys.path.insert(0, "firmware")
import framebuf, micropython, gfx
buf = bytearray(128 * 8)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
gfx.text(fb, "CP", 0, 0, 2)  # what a first draw of any text needs, out of the way
micropython.qstr_info()
gfx.text(fb, "@#&~", 0, 16, 2)  # characters no code here names
gfx.text(fb, "zq", 0, 32, 3)
micropython.qstr_info()
print("lit", sum(bin(b).count("1") for b in buf))
"""


def test_drawing_big_text_of_new_characters_interns_no_name() -> None:
    out = subprocess.run([micropython(), "-c", SCRIPT], capture_output=True, text=True, cwd=REPO, check=True).stdout
    counts = [int(n) for n in re.findall(r"n_qstr=(\d+)", out)]
    assert len(counts) == 2 and counts[0] == counts[1], out
    assert int(out.split("lit ")[1]) > 100  # and the characters were drawn
