"""Board definitions: the only firmware file that names a pin.

Each board gives its I2C bus, the four buttons (active low, internal pull-up)
and the display: chip, I2C address and rotation (0 or 180 degrees). The
board is chosen by sys.platform, or by name in /settings.json ("board").
"""

BOARDS = {
    # Raspberry Pi Pico: I2C0 on GP4/GP5, buttons on GP10-13, 3V3 from pin 36.
    "pico": {
        "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400_000},
        "buttons": {"UP": 10, "DOWN": 11, "OK": 12, "BACK": 13},
        "display": {"chip": "ssd1306", "addr": 0x3C, "rotate": 0},
    },
    # The same Pico wiring with a 1.3" SH1106 module.
    "pico-sh1106": {
        "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400_000},
        "buttons": {"UP": 10, "DOWN": 11, "OK": 12, "BACK": 13},
        "display": {"chip": "sh1106", "addr": 0x3C, "rotate": 0},
    },
    # ESP32 DevKit (WROOM-32): default I2C pins 21/22; buttons on input-capable
    # pins with internal pull-ups (34-39 have none, so they are avoided).
    "esp32-devkit": {
        "i2c": {"id": 0, "sda": 21, "scl": 22, "freq": 400_000},
        "buttons": {"UP": 25, "DOWN": 26, "OK": 27, "BACK": 33},
        "display": {"chip": "ssd1306", "addr": 0x3C, "rotate": 0},
    },
}

DEFAULT_FOR_PLATFORM = {"rp2": "pico", "esp32": "esp32-devkit"}
BUTTONS = ("UP", "DOWN", "OK", "BACK")


def board(name=None):
    """The board definition by name, else the default for this platform."""
    if name is None:
        import sys

        name = DEFAULT_FOR_PLATFORM.get(sys.platform, "pico")
    if name not in BOARDS:
        raise ValueError("unknown board %r; known: %s" % (name, ", ".join(sorted(BOARDS))))
    definition = BOARDS[name]
    definition["name"] = name
    return definition
