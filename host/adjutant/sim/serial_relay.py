"""The simulated board's USB cable: a pseudo-terminal a host opens as the board's serial port.

The relay owns the pty's master side. Bytes a host writes to the pty go to
the device process in chunks (a length byte, then up to 255 bytes) on the rx
pipe; the device's stdout comes back and is written to the pty. While no host
has the pty open, output is dropped, as a Pico's USB CDC drops it without a
host; everything the device printed is also kept in `output` for tests.

The simulator asks the firmware's link for its state as any host does, with
a frame on the same cable (`inject`): it goes in between a host's lines,
never inside one, and the host's client passes over the reply, whose request
id is not one of its own.
"""

from __future__ import annotations

import errno
import os
import select
import threading
import time
import tty

from shared_engine import frames

KEEP = 1 << 20  # bytes of output kept for tests
# With no host on the pty, a read fails at once (EIO): it is tried again after a wait that grows
# from the first to the last, so a host's first bytes wait at most the last.
NO_HOST_FIRST_S = 0.002
NO_HOST_LAST_S = 0.05


class SerialRelay:
    def __init__(self, device_stdout: int, device_rx: int):
        self.master, slave = os.openpty()
        self.path = os.ttyname(slave)
        tty.setraw(slave)  # no echo and no line editing, whoever opens it
        os.close(slave)
        os.set_blocking(self.master, False)
        self.device_stdout = device_stdout
        self.device_rx = device_rx
        self.output = bytearray()
        self.trimmed = 0  # bytes cut from the front of `output`: positions count from the first byte
        self.host_mid_line = False  # the host's last bytes did not end a line
        self.ended = False  # the device's output reached its end: `output` holds all it printed
        self.lock = threading.Lock()
        self.closed = False
        self.changed = threading.Condition()
        for target in (self._to_host, self._from_host):
            threading.Thread(target=target, daemon=True).start()

    # -- for tests and the controller: the device's side of the cable ----------------

    def send(self, data: bytes) -> None:
        """Deliver bytes to the device as if a host wrote them."""
        with self.lock:
            self._deliver(data)

    def _deliver(self, data: bytes) -> None:
        """Put bytes on the rx pipe in chunks (a length byte, then up to 255 bytes); the caller holds the lock."""
        for i in range(0, len(data), 255):
            chunk = data[i : i + 255]
            os.write(self.device_rx, bytes([len(chunk)]) + chunk)

    def inject(self, line: bytes, timeout: float = 2.0) -> None:
        """Deliver a whole line of the simulator's own between the host's lines, not inside one."""
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                if not self.host_mid_line or time.monotonic() > deadline:
                    self._deliver(line)  # whole, under the lock: no host byte comes in between
                    return
            time.sleep(0.002)

    @property
    def position(self) -> int:
        """Where the next byte the device prints will be, counted from the first."""
        with self.changed:
            return self.trimmed + len(self.output)

    def since(self, position: int) -> bytes:
        """What the device printed from `position` on (as much as is still kept)."""
        with self.changed:
            return bytes(self.output[max(0, position - self.trimmed) :])

    def wait_for(self, marker: bytes, start: int = 0, timeout: float = 10.0) -> int:
        """Index just past `marker` in the output from `start`, waiting up to `timeout` s."""
        with self.changed:
            found = self.changed.wait_for(lambda: self.output.find(marker, start) >= 0 or self.closed, timeout)
            at = self.output.find(marker, start)
            if not found or at < 0:
                raise TimeoutError(f"the device did not print {marker!r}")
            return at + len(marker)

    # -- the two directions ----------------------------------------------------------

    def _host_present(self) -> bool:
        poller = select.poll()
        poller.register(self.master, select.POLLOUT)
        return not any(event & select.POLLHUP for _, event in poller.poll(0))

    def _to_host(self) -> None:
        while True:
            try:
                data = os.read(self.device_stdout, 4096)
            except OSError:
                data = b""
            if not data:
                break
            with self.changed:
                self.output += data
                if len(self.output) > KEEP:
                    self.trimmed += len(self.output) - KEEP
                    del self.output[:-KEEP]
                self.changed.notify_all()
            self._write_host(data)
        with self.changed:
            self.closed = self.ended = True
            self.changed.notify_all()

    def _write_host(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            if self.closed or not self._host_present():  # no host: what the board sends is lost, as on USB
                return
            try:
                view = view[os.write(self.master, view) :]
            except BlockingIOError:
                select.select([], [self.master], [], 0.05)  # the host is slow to read: it waits
            except OSError:
                return

    def _from_host(self) -> None:
        idle = NO_HOST_FIRST_S
        while not self.closed:
            try:
                ready, _, _ = select.select([self.master], [], [], 0.1)
                if not ready:
                    continue
                data = os.read(self.master, 255)
            except OSError as e:
                if e.errno in (errno.EIO, errno.EAGAIN):  # no host has the pty open (yet)
                    # looked at again soon, then less and less often: an idle simulator costs nothing
                    threading.Event().wait(idle)
                    idle = min(NO_HOST_LAST_S, idle * 2)
                    continue
                return
            idle = NO_HOST_FIRST_S
            try:
                with self.lock:
                    self._deliver(data)
                    self.host_mid_line = not data.endswith(b"\n")
            except OSError:
                return

    def drain(self, timeout: float = 2.0) -> None:
        """Wait until all a stopped device printed is in `output`."""
        with self.changed:
            self.changed.wait_for(lambda: self.ended, timeout)

    def close(self) -> None:
        self.closed = True
        for fd in (self.master, self.device_rx):
            try:
                os.close(fd)
            except OSError:
                pass


def reply_in(printed: bytes, rid: int) -> dict | None:
    """The reply to request `rid` among the whole lines the device printed, if there yet."""
    for line in printed.split(b"\n")[:-1]:
        at = line.rfind(b"~")
        if at < 0:
            continue
        try:
            header, _ = frames.decode(line[at:])
        except frames.FrameError:
            continue
        if header.get("id") == rid and "ev" not in header:
            return header
    return None
