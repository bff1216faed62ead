"""The board data in hardware/boards/*.json, read and checked against its chip's data.

One JSON file per board (bus, buttons, display) and one per
chip (its usable GPIOs, reserved and input-only pins, strapping pins, ADC
pins, which pins an I2C bus may use). Everything else is generated from it:
firmware/boards.py, the wiring diagrams and the pin tables in the guide.
"""

from __future__ import annotations

import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
BUTTONS = ("UP", "DOWN", "OK", "BACK")


def chips() -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text()) for p in sorted((HERE / "chips").glob("*.json"))}


def boards() -> dict[str, dict]:
    found = {}
    for path in sorted((HERE / "boards").glob("*.json")):
        data = json.loads(path.read_text())
        if data.get("name") != path.stem:
            raise ValueError(f"{path.name}: 'name' must be {path.stem!r}, the file's name")
        found[path.stem] = data
    return found


def problems(board: dict, chip: dict) -> list[str]:
    """Everything wrong with one board's pins, as sentences naming the pin."""
    out = []
    name = board["name"]
    used: dict[int, str] = {}

    def use(pin: int, what: str) -> None:
        if pin in used:
            out.append(f"{name}: GPIO {pin} is used twice ({used[pin]} and {what})")
        used[pin] = what
        if pin not in chip["gpio"]:
            out.append(f"{name}: GPIO {pin} ({what}) does not exist on a {chip['chip']} board")
        if str(pin) in chip["reserved"]:
            out.append(f"{name}: GPIO {pin} ({what}) is reserved: {chip['reserved'][str(pin)]}")

    bus = board["i2c"]
    for role in ("sda", "scl"):
        pin = bus[role]
        use(pin, f"I2C {role.upper()}")
        if pin in chip["input_only"]:
            out.append(f"{name}: GPIO {pin} is input-only and cannot drive I2C {role.upper()}")
        allowed = chip["i2c"].get(str(bus["id"]))
        if not chip["i2c"].get("any") and (allowed is None or pin not in allowed[role]):
            out.append(f"{name}: GPIO {pin} cannot be {role.upper()} of I2C{bus['id']} on {chip['chip']}")
    if set(board["buttons"]) != set(BUTTONS):
        out.append(f"{name}: buttons must be exactly {', '.join(BUTTONS)}")
    for button, pin in board["buttons"].items():
        use(pin, f"button {button}")
        if pin in chip["input_only"]:
            out.append(f"{name}: GPIO {pin} (button {button}) has no internal pull-up (input-only)")
        if pin in chip["strapping"]:
            out.append(f"{name}: GPIO {pin} (button {button}) is a strapping pin: held at reset, it changes the boot")
    display = board["display"]
    if display["chip"] not in ("ssd1306", "sh1106"):
        out.append(f"{name}: display chip must be ssd1306 or sh1106")
    if display["addr"] not in (0x3C, 0x3D):
        out.append(f"{name}: display address must be 0x3C or 0x3D")
    if display["rotate"] not in (0, 180):
        out.append(f"{name}: display rotation must be 0 or 180")
    heap = board.get("heap") or {}
    areas = heap.get("areas")
    if not isinstance(areas, list) or not areas or not all(isinstance(a, int) and 0 < a < 1 << 24 for a in areas):
        out.append(f"{name}: heap.areas must list the bytes of each MicroPython GC heap area, e.g. [245888]")
    if not isinstance(heap.get("source"), str) or not heap.get("source"):
        out.append(f"{name}: heap.source must say where the heap figure comes from")
    return out


def check_all() -> dict[str, dict]:
    """All boards, each checked; ValueError listing every problem."""
    known = chips()
    found = boards()
    errors = []
    for board in found.values():
        chip = known.get(board["chip"])
        if chip is None:
            errors.append(f"{board['name']}: unknown chip {board['chip']!r}")
            continue
        errors += problems(board, chip)
    if errors:
        raise ValueError("\n".join(errors))
    return found
