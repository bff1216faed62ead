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
import shutil
import signal
import sys
import termios
import textwrap
import tty

from adjutant.link.ports import simulator_marker
from adjutant.sim.process import LONG_MS, REPO, SHORT_MS, SimDevice
from adjutant.sim.screen_text import boxed, fits

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


TAP_GAP_MS = 40  # up between two taps: longer than the firmware's 20 ms debounce
KEY_REPEAT_MS = 250  # a terminal repeats a held key only after this long, so a quicker second key is a tap


class KeyPlan:
    """When to press and release each button, from the keys as they come.

    A key for a button still held is either the terminal repeating a held
    key (extend the hold) or a second tap (press again after this release):
    told apart by how soon it came, as terminals wait before repeating.
    """

    def __init__(self) -> None:
        self.releases: dict[str, int] = {}  # button -> device time to let go
        self.pressed_at: dict[str, int] = {}
        self.taps: dict[str, list[int]] = {}  # button -> hold times of taps still to make
        self.next_down: dict[str, int] = {}

    def key(self, button: str, ms: int, now: int) -> list[str]:
        """A key arrived; returns the buttons to press now."""
        if button in self.releases or button in self.next_down:
            if button in self.releases and now - self.pressed_at[button] >= KEY_REPEAT_MS:
                self.releases[button] = max(self.releases[button], now + ms)  # a held key, repeated
            else:
                self.taps.setdefault(button, []).append(ms)  # another tap
            return []
        self.pressed_at[button] = now
        self.releases[button] = now + ms
        return [button]

    def due(self, now: int) -> tuple[list[str], list[str]]:
        """(buttons to release, buttons to press) at device time `now`."""
        ups = [b for b, at in self.releases.items() if now >= at]
        for button in ups:
            del self.releases[button]
            if self.taps.get(button):
                self.next_down[button] = now + TAP_GAP_MS
        downs = [b for b, at in self.next_down.items() if now >= at]
        for button in downs:
            del self.next_down[button]
            self.pressed_at[button] = now
            self.releases[button] = now + self.taps[button].pop(0)
        return ups, downs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="adjutant-sim", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--flash", help="littlefs image, kept between runs (default sim-flash.img; sim-bare-flash.img with --bare)"
    )
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
    flash = pathlib.Path(args.flash) if args.flash else default_flash(args.bare)
    lock = _lock(flash)
    if isinstance(lock, str):
        print(lock, file=sys.stderr)
        return 1
    device = SimDevice(
        flash,
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
        marker.write_text(device.serial_path + "\n")  # so `adjutant devices` and `--port auto` find this board
    except OSError:
        pass
    try:
        device.wait(300)
        problem = device.display_problem()  # None too on a bare board: no firmware runs to say
        if not sys.stdin.isatty():
            size = shutil.get_terminal_size()
            print(boxed(device.frame(), braille=fits(size.columns, size.lines)))
            if problem:
                print(f"device: {problem}")
            print("stdin is not a terminal: showed the first screen; run `make sim` in a terminal to play.")
            return 0
        return _interactive(device, problem)
    finally:
        device.close()
        try:
            marker.unlink()
        except OSError:
            pass
        lock.close()


def default_flash(bare: bool) -> pathlib.Path:
    """A bare board has a flash file of its own, so trying `--bare` never wipes the games."""
    return REPO / ("sim-bare-flash.img" if bare else "sim-flash.img")


def _lock(flash: pathlib.Path):
    """Hold the flash file for this simulator; a second one gets a message naming the first."""
    import fcntl

    flash.parent.mkdir(parents=True, exist_ok=True)
    holder = open(flash.with_name(flash.name + ".lock"), "a+")
    try:
        fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder.seek(0)
        pid = holder.read().strip() or "?"
        holder.close()
        return (
            f"{flash} is in use by another simulator (process {pid}): quit that one, "
            "or give this one its own --flash FILE"
        )
    holder.seek(0)
    holder.truncate()
    holder.write(str(os.getpid()))
    holder.flush()
    return holder


def _interactive(device: SimDevice, problem: str | None) -> int:
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    plan = KeyPlan()
    drawn: tuple = ()
    resized = [True]
    signal.signal(signal.SIGWINCH, lambda *_: resized.__setitem__(0, True))
    sys.stdout.write("\x1b[?25l")
    try:
        tty.setcbreak(fd)
        while True:
            try:
                ready, _, _ = select.select([fd], [], [], TICK_S)
            except InterruptedError:  # a resize signal
                ready = []
            if ready:
                for button, ms in parse_keys(os.read(fd, 64).decode(errors="ignore")):
                    if button == "QUIT":
                        return 0
                    for down in plan.key(button, ms, device.now):
                        device.down(down)
            device.sync()
            ups, downs = plan.due(device.now)
            for button in ups:
                device.up(button)
            for button in downs:
                device.down(button)
            size = shutil.get_terminal_size()
            if (device.i2c_bytes, size) != drawn or resized[0]:
                if resized[0]:
                    sys.stdout.write("\x1b[2J")  # a resize leaves the old, wider picture behind
                    resized[0] = False
                drawn = (device.i2c_bytes, size)
                sys.stdout.write("\x1b[H" + _view(device, size.columns, size.lines, problem))
                sys.stdout.flush()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\n")


def _view(device: SimDevice, columns: int, lines: int, problem: str | None) -> str:
    """The panel, the status, the keys and the port, cut to the terminal's width."""
    frame = device.frame()
    screen = boxed(frame, braille=fits(columns, lines))
    if problem:  # the panel stays dark: say what the serial console says
        status = "device: " + problem
    else:
        status = "panel on" if frame.on else "panel asleep: any key wakes it"
    width = max(20, columns - 1)
    rows = textwrap.wrap(status, width) + textwrap.wrap(HELP, width) + [f"serial port {device.serial_path}"[:width]]
    return screen + "\n" + "\n".join(row.ljust(width) for row in rows) + "\n"


if __name__ == "__main__":
    sys.exit(main())
