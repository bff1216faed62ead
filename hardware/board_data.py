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


# What each board file holds: a field's kind, or a dict of its own fields.
SHAPE: dict = {
    "name": str,
    "title": str,
    "chip": str,
    "micropython": str,
    "i2c": {"id": int, "sda": int, "scl": int, "freq": int},
    "buttons": {button: int for button in BUTTONS},
    "display": {"chip": str, "addr": int, "rotate": int, "module": str},
    "power_pins": {"3V3": str, "GND": str, "VSYS": str},
    "pin_labels": dict,
    "heap": {"areas": list, "source": str},
}
KINDS = {str: "text", int: "a whole number", list: "a list", dict: "an object"}


class BoardDataError(ValueError):
    """Every problem of the board data, a line each, each naming its file (and field)."""


def chips() -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text()) for p in sorted((HERE / "chips").glob("*.json"))}


def shape_problems(data: object, shape: dict, where: str = "") -> list[str]:
    """Fields missing or of the wrong kind, each as "field.path: what it must be"."""
    if not isinstance(data, dict):
        return [f"{where.rstrip('.') or 'the file'}: must be an object of fields"]
    out = []
    for key, kind in shape.items():
        field = where + key
        if key not in data:
            out.append(f"{field}: missing")
        elif isinstance(kind, dict):
            out += shape_problems(data[key], kind, field + ".")
        elif not isinstance(data[key], kind) or (kind is int and isinstance(data[key], bool)):
            out.append(f"{field}: must be {KINDS[kind]}, not {json.dumps(data[key])}")
    return out


def boards(folder: pathlib.Path = HERE / "boards") -> dict[str, dict]:
    """Every board file, read and its fields' kinds checked; BoardDataError names each problem."""
    found = {}
    errors = []
    for path in sorted(folder.glob("*.json")):
        shown = f"{folder.name}/{path.name}"
        try:
            data = json.loads(path.read_text())
        except json.JSONDecodeError as e:
            errors.append(f"{shown}: line {e.lineno}, column {e.colno}: not JSON ({e.msg})")
            continue
        wrong = shape_problems(data, SHAPE)
        if not wrong and data["name"] != path.stem:
            wrong.append(f"name: must be {path.stem!r}, the file's name")
        errors += [f"{shown}: {problem}" for problem in wrong]
        if not wrong:
            found[path.stem] = data
    if errors:
        raise BoardDataError("\n".join(errors))
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


def check_all(folder: pathlib.Path = HERE / "boards") -> dict[str, dict]:
    """All boards, each checked; BoardDataError listing every problem, a line each with its file."""
    known = chips()
    found = boards(folder)
    errors = []
    for name, board in found.items():
        shown = f"{folder.name}/{name}.json"
        chip = known.get(board["chip"])
        if chip is None:
            errors.append(f"{shown}: chip: unknown chip {board['chip']!r}; known: {', '.join(known)}")
            continue
        errors += [f"{shown}: " + problem.removeprefix(f"{name}: ") for problem in problems(board, chip)]
    if errors:
        raise BoardDataError("\n".join(errors))
    return found
