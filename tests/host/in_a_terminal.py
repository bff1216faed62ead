"""A command run as a person runs it: in a terminal of 80 x 24 (a pty), its output drawn by a
terminal emulator (pyte), so that a test reads the screen a person reads, cursor moves included."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time

import pyte


def screen_of(args: list[str], cwd: str, env: dict[str, str] | None = None, timeout: float = 120) -> list[str]:
    """The terminal's lines after the command ends, trailing blank lines left off."""
    leader, follower = pty.openpty()
    os.set_blocking(leader, False)
    import fcntl
    import struct
    import termios

    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen(args, stdin=follower, stdout=follower, stderr=follower, cwd=cwd, env=env)
    os.close(follower)
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([leader], [], [], 0.1)
        if ready:
            try:
                data = os.read(leader, 65536)
            except OSError:  # the command ended and closed its side
                data = b""
            if not data and proc.poll() is not None:
                break
            stream.feed(data)
        elif proc.poll() is not None:
            break
    proc.wait(timeout=5)
    os.close(leader)
    lines = [line.rstrip() for line in screen.display]
    while lines and not lines[-1]:
        lines.pop()
    return lines
