"""`make sim`: the device in the terminal, at its true 128x64 pixels.

Keys: Up or w = UP, Down or s = DOWN, Enter, Right or d = OK,
Backspace, Left or a = BACK. The capital letter (W S D A) holds the button
for a long press; holding a key holds the button. q quits. The flash image
persists between runs; --fresh starts with an empty one.

The board's USB serial port is a pty whose path is printed at the start:
`adjutant --port PATH ...` and `mpremote connect PATH ...` use it as they
would a real board. Device time follows the wall clock.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import select
import sys
import termios
import textwrap
import tty

from adjutant.link.ports import simulator_marker
from adjutant.sim.process import LONG_MS, REPO, SHORT_MS, SimDevice
from adjutant.sim.screen_text import boxed

KEYS = {
    "\x1b[A": ("UP", SHORT_MS),
    "\x1b[B": ("DOWN", SHORT_MS),
    "\x1b[C": ("OK", SHORT_MS),
    "\x1b[D": ("BACK", SHORT_MS),
    "w": ("UP", SHORT_MS),
    "s": ("DOWN", SHORT_MS),
    "d": ("OK", SHORT_MS),
    "\r": ("OK", SHORT_MS),
    "\n": ("OK", SHORT_MS),
    " ": ("OK", SHORT_MS),
    "a": ("BACK", SHORT_MS),
    "\x7f": ("BACK", SHORT_MS),
    "\x08": ("BACK", SHORT_MS),
    "W": ("UP", LONG_MS),
    "S": ("DOWN", LONG_MS),
    "D": ("OK", LONG_MS),
    "A": ("BACK", LONG_MS),
}
HELP = "UP w/\u2191  DOWN s/\u2193  OK Enter/d/\u2192  BACK Bksp/a/\u2190  capital = long press  q = quit"
TICK_S = 0.02


def parse_keys(data: str) -> list[tuple[str, int]]:
    found = []
    i = 0
    while i < len(data):
        for length in (3, 1):
            chunk = data[i : i + length]
            if chunk in KEYS:
                found.append(KEYS[chunk])
                i += length
                break
        else:
            if data[i] == "q":
                found.append(("QUIT", 0))
            i += 1
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="adjutant-sim", description=__doc__.split("\n")[0])
    parser.add_argument("--flash", default=str(REPO / "sim-flash.img"), help="littlefs image (kept between runs)")
    parser.add_argument("--fresh", action="store_true", help="start with an empty flash")
    parser.add_argument("--board", help="board definition from firmware/boards.py")
    parser.add_argument("--seed", type=int, help="fixed dice, for repeatable sessions")
    parser.add_argument(
        "--bare", action="store_true", help="a board with only MicroPython: it runs what is on its flash"
    )
    parser.add_argument(
        "--oled",
        type=lambda text: int(text, 0),
        help="I2C address the display answers at (0: none), to see what a miswired first build shows",
    )
    args = parser.parse_args(argv)
    device = SimDevice(
        pathlib.Path(args.flash),
        fresh=args.fresh,
        seed=args.seed,
        board=args.board,
        realtime=True,
        code="flash" if args.bare else REPO,
        oled=args.oled,
    )
    print(f"Serial port: {device.serial_path}  (mpremote connect {device.serial_path})", flush=True)
    marker = simulator_marker()
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(device.serial_path + "\n")  # so `adjutant --port auto` finds this board
    except OSError:
        pass
    try:
        device.wait(300)
        if not sys.stdin.isatty():
            print(boxed(device.frame()))
            problem = device.state().get("problem")
            if problem:
                print(f"device: {problem}")
            print("stdin is not a terminal: showed the first screen; run `make sim` in a terminal to play.")
            return 0
        return _interactive(device)
    finally:
        device.close()
        if marker.exists() and marker.read_text().strip() == device.serial_path:
            marker.unlink()


def _interactive(device: SimDevice) -> int:
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    releases: dict[str, int] = {}  # button -> device time to release it
    drawn_bytes = -1
    sys.stdout.write("\x1b[2J\x1b[?25l")
    try:
        tty.setcbreak(fd)
        while True:
            ready, _, _ = select.select([fd], [], [], TICK_S)
            if ready:
                for button, ms in parse_keys(os.read(fd, 64).decode(errors="ignore")):
                    if button == "QUIT":
                        return 0
                    if button not in releases:
                        device.down(button)
                    releases[button] = device.now + ms
            device.sync()
            for button, at in list(releases.items()):
                if device.now >= at:
                    device.up(button)
                    del releases[button]
            if device.i2c_bytes != drawn_bytes:
                drawn_bytes = device.i2c_bytes
                state = device.state()
                screen = boxed(device.frame())
                game = state.get("game", {})
                status = "screen {}  turn {}  phase {}".format(state.get("screen"), game.get("turn"), game.get("phase"))
                if state.get("problem"):  # the panel stays dark: say what the serial console says
                    status = "device: " + state["problem"]
                port = f"serial port {device.serial_path}"
                status = "\n".join(line.ljust(79) for line in textwrap.wrap(status, 79))
                sys.stdout.write("\x1b[H" + screen + "\n" + status + "\n" + HELP + "\n" + port + "\n")
                sys.stdout.flush()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\n")


if __name__ == "__main__":
    sys.exit(main())
