"""Adafruit's adafruit_ssd1306 driving the simulator's OLED controller (oled_chip.py) on CPython:
the full-frame driver bench/firmware.py counts I2C bytes against, and the independent reference
tests/simulator/test_oled_emulator_reference.py checks the controller with."""

from __future__ import annotations

from typing import Any


class FakeI2C:
    """Enough of busio.I2C for adafruit_bus_device: every write goes to the chip."""

    def __init__(self, chip: Any):
        self.chip = chip

    def try_lock(self) -> bool:
        return True

    def unlock(self) -> None:
        pass

    def writeto(self, address: int, buffer: bytes, *, start: int = 0, end: int | None = None) -> None:
        assert address == 0x3C
        self.chip.write(bytes(buffer[start:end]))

    def scan(self) -> list[int]:
        return [0x3C]
