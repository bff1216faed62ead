"""`make sim`: the device in the terminal, at its true 128x64 pixels.

Keys: Up or w = UP, Down or s = DOWN, Enter, Right or d = OK,
Backspace, Left or a = BACK. The capital letter (W S D A) holds the button
for a long press; holding a key holds the button from the terminal's first
repeat until its repeats stop. q quits, as does closing the terminal. The flash image
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
import subprocess
import sys
import termios
import time
import tty

from adjutant.link.ports import simulator_marker
from adjutant.sim.interpreter import SimError
from adjutant.sim.keys import KeyPlan, parse_keys
from adjutant.sim.process import REPO, SimDevice
from adjutant.sim.view import draw, view
from adjutant.sim.words import Words

IDLE_S = 2.0  # nothing pressed, nothing shown changing: the loop looks at the device this seldom


def _arguments(argv: list[str] | None) -> argparse.Namespace:
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
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    flash = pathlib.Path(args.flash) if args.flash else default_flash(args.bare)
    lock = _lock(flash)
    if isinstance(lock, str):
        print(lock, file=sys.stderr)
        return 1
    try:
        device = SimDevice(
            flash,
            fresh=args.fresh,
            seed=args.seed,
            board=args.board,
            realtime=True,
            code="flash" if args.bare else REPO,
            oled=args.oled,
        )
    except SimError as e:
        lock.close()
        return _stopped(e)
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
            frame = device.frame()
            said = Words().read_now(frame.pixels)
            print(view(device, frame, said, size.columns, size.lines, problem), end="")
            print("stdin is not a terminal: showed the first screen; run `make sim` in a terminal to play.")
            return 0
        return _interactive(device, problem)
    except (SimError, BrokenPipeError) as e:
        if isinstance(e, BrokenPipeError) and not _ended(device):
            raise  # not the device's pipe
        return _stopped(e)
    finally:
        device.close()
        try:
            marker.unlink()
        except OSError:
            pass
        lock.close()


def _ended(device: SimDevice) -> bool:
    """The device's process has ended, or does within a moment: a process's pipes close as it
    exits, a little before it can be waited for."""
    try:
        device.proc.wait(timeout=2)
        return True
    except subprocess.TimeoutExpired:
        return False


def _stopped(e: Exception) -> int:
    """The device's process was killed or failed: one line, not a traceback; the flash is kept."""
    said = str(e).strip().splitlines()
    why = said[-1] if isinstance(e, SimError) and len(said) > 1 else "its process ended"
    print(f"adjutant-sim: the simulated device stopped: {why}. Its flash is kept; run make sim again.", file=sys.stderr)
    return 1


def default_flash(bare: bool) -> pathlib.Path:
    """A bare board has a flash file of its own, so trying `--bare` never wipes the games. In a
    checkout, beside it (make sim); installed, in the user's data folder."""
    from adjutant.source import in_checkout

    name = "sim-bare-flash.img" if bare else "sim-flash.img"
    if in_checkout():
        return REPO / name
    import platformdirs

    return pathlib.Path(platformdirs.user_data_dir("adjutant")) / name


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


class _HungUp(Exception):
    """The terminal went away (its window closed, its ssh dropped) or the simulator was told to stop."""


def _hang_up(*_: object) -> None:
    raise _HungUp


class _Clock:
    """Device time between syncs: the device follows the wall clock, so it is the last sync's time
    and the wall time since (each key is stamped as it came, not at the next sync)."""

    def __init__(self, device: SimDevice) -> None:
        self.device = device
        self.synced = time.monotonic()

    def sync(self) -> None:
        self.device.sync()
        self.synced = time.monotonic()

    def now(self) -> int:
        return self.device.now + int((time.monotonic() - self.synced) * 1000)


def _interactive(device: SimDevice, problem: str | None) -> int:
    """Keys in, the panel out, until q, or until the terminal goes: then as q, the device closed
    and its flash file kept (a simulator left running would hold the flash and spin on a dead tty).

    The loop sleeps until a key comes, the device says its panel changed, the panel's words are
    read, or a planned release falls due: an idle simulator costs next to nothing."""
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    plan = KeyPlan()
    words = Words()
    clock = _Clock(device)
    frame = device.frame()
    resized = [True]
    signal.signal(signal.SIGWINCH, lambda *_: resized.__setitem__(0, True))
    # A hang-up reaches only the terminal's session leader, which may be make, and make waits for
    # us: so an end of input or a failed write is the terminal gone too.
    signal.signal(signal.SIGHUP, _hang_up)
    signal.signal(signal.SIGTERM, _hang_up)
    sys.stdout.write("\x1b[?25l")
    try:
        tty.setcbreak(fd)
        words.seen(frame.pixels)
        while True:
            timeout = _wait_for(device, plan, clock)
            try:
                ready, _, _ = select.select([fd, device.replies_fd, words.wake_r], [], [], timeout)
            except InterruptedError:  # a resize signal
                ready = []
            redraw = resized[0]
            if words.wake_r in ready:
                os.read(words.wake_r, 64)
                redraw = True
            typed = b""
            if fd in ready:
                typed = os.read(fd, 64)
                if not typed:
                    raise _HungUp
            clock.sync()  # the device's time now, and what it said meanwhile (its panel changed)
            if not _press(device, plan, typed):
                return 0
            if device.panel_changed:
                device.panel_changed = False
                frame = device.frame()
                words.seen(frame.pixels)
                redraw = True
            if redraw:
                draw(device, frame, words.text, problem, resized)
    except (_HungUp, OSError, KeyboardInterrupt) as e:  # Ctrl-C quits as q does
        if isinstance(e, OSError) and not _terminal_gone(fd):
            raise  # not the terminal's: the caller says what failed
        return 0
    finally:
        try:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            sys.stdout.write("\x1b[?25h\n")
            sys.stdout.flush()
        except (termios.error, OSError):
            pass  # no terminal left to put back


def _wait_for(device: SimDevice, plan: KeyPlan, clock: _Clock) -> float:
    """Seconds the loop may sleep: until a planned release is due, else a while; none while the
    device has said something not yet read."""
    due = plan.next_due()
    if device.buffered():
        return 0.0
    return IDLE_S if due is None else max(0.0, (due - clock.now()) / 1000)


def _press(device: SimDevice, plan: KeyPlan, typed: bytes) -> bool:
    """The keys typed, and the releases and repeats now due, on the device's pins; False: q."""
    for key, button, ms in parse_keys(typed.decode(errors="ignore")):
        if button == "QUIT":
            return False
        for down in plan.key(key, button, ms, device.now):
            device.down(down)
    ups, downs = plan.due(device.now)
    for button in ups:
        device.up(button)
    for button in downs:
        device.down(button)
    return True


def _terminal_gone(fd: int) -> bool:
    """The terminal hung up: its attributes can no longer be read (EIO)."""
    try:
        termios.tcgetattr(fd)
        return False
    except termios.error:
        return True


if __name__ == "__main__":
    sys.exit(main())
