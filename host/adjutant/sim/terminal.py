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
import textwrap
import threading
import time
import tty

from adjutant.link.ports import simulator_marker
from adjutant.sim.interpreter import SimError
from adjutant.sim.process import LONG_MS, REPO, Frame, SimDevice
from adjutant.sim.screen_text import boxed, fits

# A key is a tap this long: short enough that taps as quick as a person makes them (100 ms apart)
# leave the button up between them for longer than the firmware's debounce.
TAP_MS = 50

KEYS = {
    "\x1b[A": ("UP", TAP_MS),
    "\x1b[B": ("DOWN", TAP_MS),
    "\x1b[C": ("OK", TAP_MS),
    "\x1b[D": ("BACK", TAP_MS),
    "w": ("UP", TAP_MS),
    "s": ("DOWN", TAP_MS),
    "d": ("OK", TAP_MS),
    "\r": ("OK", TAP_MS),
    "\n": ("OK", TAP_MS),
    " ": ("OK", TAP_MS),
    "a": ("BACK", TAP_MS),
    "\x7f": ("BACK", TAP_MS),
    "\x08": ("BACK", TAP_MS),
    "W": ("UP", LONG_MS),
    "S": ("DOWN", LONG_MS),
    "D": ("OK", LONG_MS),
    "A": ("BACK", LONG_MS),
}
# The README's keys, in one line of an 80-column terminal.
HELP = "keys: \u2191/w UP  \u2193/s DOWN  Enter/d OK  Bksp/a BACK  W S D A hold  q quit"
IDLE_S = 2.0  # nothing pressed, nothing shown changing: the loop looks at the device this seldom


def parse_keys(data: str) -> list[tuple[str, str, int]]:
    """(key, button, ms) for each key in what the terminal sent; ("q", "QUIT", 0) to quit."""
    found = []
    i = 0
    while i < len(data):
        for length in (3, 1):
            chunk = data[i : i + length]
            if chunk in KEYS:
                found.append((chunk, *KEYS[chunk]))
                i += length
                break
        else:
            if data[i] == "q":
                found.append(("q", "QUIT", 0))
            i += 1
    return found


TAP_GAP_MS = 40  # up between two presses of one button: longer than the firmware's 20 ms debounce
# A terminal repeats a held key after a pause, then every 30-40 ms: the same key again this soon
# is that repeat, and the button stays down until the repeats stop. A person's quickest taps come
# 80 ms apart or more.
REPEAT_GAP_MS = 70


class KeyPlan:
    """When to press and release each button, from the keys as they come.

    A key is a press of its own `ms` long (a capital letter's is a long
    press), made at once, or after the button's press under way. The same
    key again within REPEAT_GAP_MS is the terminal repeating a held key: the
    press under way is held on, and let go REPEAT_GAP_MS after the last
    repeat. A held key is so a tap, then a hold from the terminal's first
    repeat on, as the terminal sends it.
    """

    def __init__(self) -> None:
        self.releases: dict[str, int] = {}  # button down now -> device time to let go
        self.holding: dict[str, str] = {}  # button down now -> the key that pressed it
        self.last: dict[str, tuple[str, int]] = {}  # button -> its last key, and when it came
        self.queued: dict[str, list[tuple[str, int]]] = {}  # button -> (key, ms) of presses still to make
        self.next_down: dict[str, int] = {}
        self.up_at: dict[str, int] = {}  # button -> when it was last let go

    def key(self, key: str, button: str, ms: int, now: int) -> list[str]:
        """A key arrived at device time `now`; returns the buttons to press now."""
        last = self.last.get(button)
        self.last[button] = (key, now)
        repeated = last is not None and last[0] == key and now - last[1] <= REPEAT_GAP_MS
        if repeated and self.holding.get(button) == key and not self.queued.get(button):
            self.releases[button] = max(self.releases[button], now + REPEAT_GAP_MS)  # held on
            return []
        if repeated:
            return []  # the repeat of a press still to come: it is made as long as its key asks
        if button in self.releases or button in self.next_down or self.queued.get(button):
            self.queued.setdefault(button, []).append((key, ms))  # after the press under way
            return []
        up_at = self.up_at.get(button)
        if up_at is not None and now < up_at + TAP_GAP_MS:  # let go a moment ago: up long enough first
            self.queued[button] = [(key, ms)]
            self.next_down[button] = up_at + TAP_GAP_MS
            return []
        self._down(button, key, ms, now)
        return [button]

    def next_due(self) -> int | None:
        """Device time of the next press or release planned, or None."""
        times = list(self.releases.values()) + list(self.next_down.values())
        return min(times) if times else None

    def _down(self, button: str, key: str, ms: int, now: int) -> None:
        self.holding[button] = key
        self.releases[button] = now + ms

    def due(self, now: int) -> tuple[list[str], list[str]]:
        """(buttons to release, buttons to press) at device time `now`."""
        ups = [b for b, at in self.releases.items() if now >= at]
        for button in ups:
            del self.releases[button]
            del self.holding[button]
            self.up_at[button] = now
            if self.queued.get(button):
                self.next_down[button] = now + TAP_GAP_MS
        downs = [b for b, at in self.next_down.items() if now >= at]
        for button in downs:
            del self.next_down[button]
            key, ms = self.queued[button].pop(0)
            self._down(button, key, ms, now)
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
            print(_view(device, frame, said, size.columns, size.lines, problem), end="")
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


class Words:
    """The panel's words as text, read off its pixels by a thread of their own.

    Reading takes some 30 ms, which the keys must not wait for: the loop hands
    over each new panel, and the thread reads the newest (skipping any that a
    fast count left behind), then wakes the loop through a pipe. So the words
    follow the panel as it changes, each count of a hold included.
    """

    def __init__(self) -> None:
        self.text = ""
        self.read_for: bytes | None = None
        self._wanted: bytes | None = None
        self._changed = threading.Condition()
        self.wake_r, self.wake_w = os.pipe()
        self._thread: threading.Thread | None = None

    def seen(self, pixels: bytes) -> None:
        """The panel as it shows now: its words are read in the background."""
        with self._changed:
            if pixels == self._wanted:
                return
            self._wanted = pixels
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="panel words", daemon=True)
                self._thread.start()
            self._changed.notify()

    def read_now(self, pixels: bytes) -> str:
        from adjutant.sim.panel_text import words

        self.read_for, self.text = pixels, "  ".join(words(pixels))
        return self.text

    def wait(self, timeout: float = 5.0) -> str:
        """The words of the panel last seen, once read (for tests and the first screen)."""
        deadline = time.monotonic() + timeout
        while self.read_for != self._wanted and time.monotonic() < deadline:
            time.sleep(0.005)
        return self.text

    def _run(self) -> None:
        from adjutant.sim.panel_text import words

        while True:
            with self._changed:
                while self._wanted is None or self._wanted == self.read_for:
                    self._changed.wait()
                pixels = self._wanted
            text = "  ".join(words(pixels))
            with self._changed:
                self.read_for, self.text = pixels, text
            try:
                os.write(self.wake_w, b"w")
            except OSError:  # the loop is gone
                return


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
    size = shutil.get_terminal_size()
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
            due = plan.next_due()
            timeout = IDLE_S if due is None else max(0.0, (due - clock.now()) / 1000)
            if device.buffered():
                timeout = 0.0
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
            for key, button, ms in parse_keys(typed.decode(errors="ignore")):
                if button == "QUIT":
                    return 0
                for down in plan.key(key, button, ms, device.now):
                    device.down(down)
            ups, downs = plan.due(device.now)
            for button in ups:
                device.up(button)
            for button in downs:
                device.down(button)
            if device.panel_changed:
                device.panel_changed = False
                frame = device.frame()
                words.seen(frame.pixels)
                redraw = True
            if redraw:
                size = shutil.get_terminal_size()
                if resized[0]:
                    sys.stdout.write("\x1b[2J")  # a resize leaves the old, wider picture behind
                    resized[0] = False
                view = _view(device, frame, words.text, size.columns, size.lines, problem)
                sys.stdout.write("\x1b[H" + view + "\x1b[J")  # and nothing left below of a longer view
                sys.stdout.flush()
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


def _terminal_gone(fd: int) -> bool:
    """The terminal hung up: its attributes can no longer be read (EIO)."""
    try:
        termios.tcgetattr(fd)
        return False
    except termios.error:
        return True


WORD_ROWS = 3  # at 80x24: the picture's 18 rows, 3 of the panel's words, the keys and the port


def _view(device: SimDevice, frame: Frame, words: str, columns: int, lines: int, problem: str | None) -> str:
    """The panel, its words, the keys and the port, cut to the terminal's width."""
    screen = boxed(frame, braille=fits(columns, lines))
    if problem:  # the panel stays dark: say what the serial console says
        said = "device: " + problem
    elif not frame.on:
        said = "panel asleep: any key wakes it"
    else:
        said = "screen: " + words
    width = max(20, columns - 1)
    rows = textwrap.wrap(said, width)[:WORD_ROWS] + textwrap.wrap(HELP, width)
    rows.append(f"Serial port: {device.serial_path}"[:width])
    return screen + "\n" + "\n".join(row.ljust(width) for row in rows) + "\n"


if __name__ == "__main__":
    sys.exit(main())
