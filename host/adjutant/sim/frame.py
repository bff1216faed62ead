"""The panel as the simulated OLED holds it: its pixels, whether it is on, its contrast."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Frame:
    pixels: bytes  # 1,024 bytes, MONO_VLSB: byte x + 128 * (y // 8), bit y % 8
    on: bool
    contrast: int
    inverted: bool

    def pixel(self, x: int, y: int) -> int:
        return (self.pixels[x + (y >> 3) * 128] >> (y & 7)) & 1

    def rows(self) -> list[str]:
        return ["".join("#" if self.pixel(x, y) else "." for x in range(128)) for y in range(64)]
