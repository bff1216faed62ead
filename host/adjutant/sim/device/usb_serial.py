"""The board's USB serial port, as the firmware and the REPL see it.

The simulator's relay (host/adjutant/sim/serial_relay.py) passes what a host
writes to the pty as chunks on the `rx` pipe: one length byte, then the
bytes. Like the rp2 USB CDC receive path, `pump` takes the interrupt
character out (Ctrl-C, unless micropython.kbd_intr changed it) and raises
KeyboardInterrupt in whatever runs; the rest goes into the pipe that is the
process's stdin, so the firmware reads sys.stdin as on a board. What the
firmware prints goes to stdout, which the relay passes to the pty.
"""

import select as _real_select  # imported before boot.py installs the simulated one
import sys

import micropython as _real_micropython
from clock import CLOCK


class UsbSerial:
    def __init__(self, rx_fd, feed_fd):
        self.rx = open("/proc/self/fd/%d" % rx_fd, "rb")
        self.feed = open("/proc/self/fd/%d" % feed_fd, "wb")
        self.rx_ready = _real_select.poll()
        self.rx_ready.register(self.rx, _real_select.POLLIN)
        self.feed_room = _real_select.poll()
        self.feed_room.register(self.feed, _real_select.POLLOUT)
        self.stdin_ready = _real_select.poll()
        self.stdin_ready.register(sys.stdin, _real_select.POLLIN)
        self.intr_char = 3

    def waiting(self, ms=0):
        """True if the host has sent something not yet pumped (waits up to `ms` real ms)."""
        return bool(self.rx_ready.poll(ms))

    def pump(self):
        """Move what the host sent into stdin; True if any byte went in or an interrupt came."""
        moved = False
        # A full stdin pipe leaves the rest in the relay: the host's writes wait, as on USB.
        while self.rx_ready.poll(0) and self.feed_room.poll(0):
            size = self.rx.read(1)
            if not size:
                break
            chunk = self.rx.read(size[0])
            if self.intr_char >= 0 and self.intr_char in chunk:
                CLOCK.interrupt = True
                chunk = bytes(b for b in chunk if b != self.intr_char)
            if chunk:
                self.feed.write(chunk)
            moved = True
        return moved

    def can_read(self):
        return bool(self.stdin_ready.poll(0))


class _Micropython:
    """The firmware's `micropython` module: the real one, with kbd_intr routed to the port."""

    def __init__(self, port):
        for name in dir(_real_micropython):
            if not name.startswith("__") and name != "kbd_intr":
                setattr(self, name, getattr(_real_micropython, name))
        self._port = port

    def kbd_intr(self, char):
        self._port.intr_char = char


def micropython_module(port):
    return _Micropython(port)
