"""The 128x64 screen as terminal text: two pixel rows per line with half blocks."""

from __future__ import annotations

from adjutant.sim.process import Frame

BLOCKS = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}


def frame_lines(frame: Frame) -> list[str]:
    lines = []
    for y in range(0, 64, 2):
        lines.append("".join(BLOCKS[frame.pixel(x, y), frame.pixel(x, y + 1)] for x in range(128)))
    return lines


def boxed(frame: Frame) -> str:
    top = "\u250c" + "\u2500" * 128 + "\u2510"
    bottom = "\u2514" + "\u2500" * 128 + "\u2518"
    body = frame_lines(frame) if frame.on else [" " * 128] * 32
    return "\n".join([top, *("\u2502" + line + "\u2502" for line in body), bottom])
