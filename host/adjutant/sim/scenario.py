"""Scripted runs of the simulated device, for tests and the README's pictures.

One step a line; # starts a comment:

    press OK [N]              short press, N times
    hold BACK [MS]            long press (default 800 ms)
    wait MS
    expect text Combat        the screen shows this text
    expect screen dice        the firmware's current screen
    expect state game.phase cr1
    screenshot docs/mat.png   save the screen as PNG
    compare tests/golden/mat.png   the screen must equal this PNG, pixel for pixel
    power-cut                 the power fails and returns

    python -m adjutant.sim.scenario FILE [--update]   (--update rewrites the goldens)
"""

from __future__ import annotations

import argparse
import pathlib
import shlex
import sys
import tempfile

from PIL import Image

from adjutant.sim.process import LONG_MS, REPO, Frame, SimDevice

SCALE = 3
LIT = (150, 220, 255)  # the blue-white of a typical SSD1306 panel
DARK = (8, 10, 16)


class ScenarioError(AssertionError):
    pass


def to_image(frame: Frame, scale: int = SCALE) -> Image.Image:
    img = Image.new("RGB", (128, 64), DARK)
    px = img.load()
    assert px is not None
    if frame.on:
        for y in range(64):
            for x in range(128):
                if frame.pixel(x, y):
                    px[x, y] = LIT
    return img.resize((128 * scale, 64 * scale), Image.Resampling.NEAREST)


def from_image(path: pathlib.Path) -> list[str]:
    img = Image.open(path).convert("RGB")
    small = img.resize((128, 64), Image.Resampling.NEAREST) if img.size != (128, 64) else img
    px = small.load()
    assert px is not None
    return ["".join("#" if sum(px[x, y]) > 300 else "." for x in range(128)) for y in range(64)]  # type: ignore[arg-type]


def _dig(data: object, path: str) -> object:
    for key in path.split("."):
        if isinstance(data, dict):
            data = data.get(key)
        elif isinstance(data, list):
            data = data[int(key)]
        else:
            return None
    return data


def run(device: SimDevice, text: str, base: pathlib.Path, update: bool = False) -> int:
    """Run the steps; returns how many ran. ScenarioError names the failing line."""
    steps = 0
    for number, raw in enumerate(text.splitlines(), 1):
        words = shlex.split(raw, comments=True)
        if not words:
            continue
        try:
            _step(device, words, base, update)
        except ScenarioError as e:
            raise ScenarioError(f"line {number} ({raw.strip()}): {e}") from None
        steps += 1
    return steps


def _step(device: SimDevice, words: list[str], base: pathlib.Path, update: bool) -> None:
    op, args = words[0], words[1:]
    if op == "press":
        device.press(args[0], int(args[1]) if len(args) > 1 else 1)
    elif op == "hold":
        device.hold(args[0], int(args[1]) if len(args) > 1 else LONG_MS)
    elif op == "wait":
        device.wait(int(args[0]))
    elif op == "power-cut":
        device.power_cut()
        device.wait(200)
    elif op == "expect":
        _expect(device, args)
    elif op == "screenshot":
        path = base / args[0]
        path.parent.mkdir(parents=True, exist_ok=True)
        to_image(device.frame()).save(path)
    elif op == "compare":
        path = base / args[0]
        frame = device.frame()
        if update:  # making goldens is deliberate: --update, never a missing file
            path.parent.mkdir(parents=True, exist_ok=True)
            to_image(frame).save(path)
            return
        if not path.exists():
            raise ScenarioError(f"no golden {args[0]}: make it on purpose with --update, then review it")
        want = from_image(path)
        got = frame.rows() if frame.on else ["." * 128] * 64
        differ = sum(a != b for w, g in zip(want, got, strict=True) for a, b in zip(w, g, strict=True))
        if differ:
            raise ScenarioError(f"{differ} pixels differ from {args[0]}")
    else:
        raise ScenarioError(f"unknown step {op!r}")


def _expect(device: SimDevice, args: list[str]) -> None:
    what = args[0]
    state = device.state()
    if what == "text":
        shown = device.shown()
        if args[1] not in shown:
            raise ScenarioError(f"screen shows {shown!r}, not {args[1]!r}")
    elif what == "screen":
        if state.get("screen") != args[1]:
            raise ScenarioError(f"screen is {state.get('screen')!r}, not {args[1]!r}")
    elif what == "state":
        got = _dig(state, args[1])
        if str(got) != args[2]:
            raise ScenarioError(f"{args[1]} is {got!r}, not {args[2]!r}")
    else:
        raise ScenarioError(f"expect what? {what!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m adjutant.sim.scenario")
    parser.add_argument("files", nargs="+", type=pathlib.Path)
    parser.add_argument("--update", action="store_true", help="rewrite golden PNGs instead of comparing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--flash",
        type=pathlib.Path,
        help="play on this flash image, made fresh, and keep it: `make sim ARGS=--flash=FILE` then shows "
        "the games, and `adjutant pull` takes them (sim-flash.img is make sim's own)",
    )
    args = parser.parse_args(argv)
    for path in args.files:
        with tempfile.TemporaryDirectory() as tmp:
            image = args.flash or pathlib.Path(tmp) / "flash.img"
            image.unlink(missing_ok=True)  # each scenario from a fresh flash, as its first step expects
            with SimDevice(image, seed=args.seed) as dev:
                dev.wait(300)
                steps = run(dev, path.read_text(), REPO, args.update)
                print(f"{path}: {steps} steps passed" + (f"; its flash is {image}" if args.flash else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
