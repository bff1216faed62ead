"""Talking to the device: requests out, replies, events and the device's own text in.

The port may carry the REPL and print output too; lines that are not frames
are the device's log and go to `on_text`. Each request has an id and waits
for the reply with that id; events (a watched game's actions) are queued.
A timeout is retried once after a fresh handshake, which also tells a
restarted device (a new boot id) from a slow one.
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable
from typing import Any

from adjutant.errors import DeviceGone, DeviceRefused, DeviceRestarted, NoDevice, VersionMismatch

from shared_engine import frames

TIMEOUT_S = 3.0
BUSY_TRIES = 5  # "busy: try again": a board's heap late in a session, or a transfer under way
BUSY_WAIT_S = 0.2
# Protocols this host speaks, newest first. 1: a game's sha256 is of its canonical log, which
# the host rebuilds from the records; 2: of the compact records exactly as sent.
PROTOCOLS = (frames.PROTOCOL, 1)


class DeviceLink:
    """The host's end of the link to one device over its serial port (docs/protocol.md)."""

    def __init__(self, port: Any, on_text: Callable[[str], None] | None = None, timeout: float = TIMEOUT_S):
        self.port = port
        self.on_text = on_text or (lambda text: None)
        self.timeout = timeout
        self.lines = frames.Lines()
        self.pending: collections.deque[bytes | None] = collections.deque()
        self.events: collections.deque[dict] = collections.deque()
        self.next_id = 1
        self.proto = frames.PROTOCOL  # the newest both ends speak, settled by hello()
        self.info: dict = {}
        self.wire_out = 0
        self.wire_in = 0

    # -- frames -----------------------------------------------------------------------

    def _read_line(self, deadline: float) -> bytes | None:
        """The next complete line (b"" for an overlong one), or None at the deadline."""
        while not self.pending:
            if time.monotonic() > deadline:
                return None
            try:
                data = self.port.read(max(1, getattr(self.port, "in_waiting", 0) or 1))
            except OSError as e:  # pyserial's SerialException is one: the port went away
                raise DeviceGone() from e
            if data:
                self.wire_in += len(data)
                self.pending.extend(self.lines.feed(data))
        return self.pending.popleft() or b""

    def _next_frame(self, deadline: float) -> dict | None:
        """The next frame's header (payload under "_payload"), or None at the deadline."""
        while True:
            line = self._read_line(deadline)
            if line is None:
                return None
            start = line.rfind(b"~")  # "~" never occurs inside a frame: the last one starts it
            if start < 0:
                if line:
                    self.on_text(line.decode(errors="replace").rstrip("\r"))
                continue
            if start:
                self.on_text(line[:start].decode(errors="replace"))
                line = line[start:]
            try:
                header, payload = frames.decode(line)
            except frames.FrameError as e:
                self.on_text(f"[damaged frame dropped: {e}]")
                continue
            header["_payload"] = payload
            return header

    def send(self, header: dict, payload: bytes = b"") -> None:
        line = frames.encode(header, payload)
        self.wire_out += len(line)
        try:
            self.port.write(line)
        except OSError as e:
            raise DeviceGone() from e

    def request(self, op: str, payload: bytes = b"", timeout: float | None = None, **fields: Any) -> dict:
        """Send one request and return the reply header (payload under "_payload"); raises on a refusal."""
        return self.ask(op, fields, payload, timeout)

    def ask(self, op: str, fields: dict, payload: bytes = b"", timeout: float | None = None) -> dict:
        """As request(), with the fields as a dict (for names such as "from"). "Busy: try again"
        (a board's heap, late in a session, had no room for the reply) is tried again, a few times."""
        for _ in range(BUSY_TRIES):
            try:
                return self._ask(op, fields, payload, timeout)
            except DeviceRefused as e:
                if e.status != frames.BUSY:
                    raise
                time.sleep(BUSY_WAIT_S)
        return self._ask(op, fields, payload, timeout)

    def _ask(self, op: str, fields: dict, payload: bytes, timeout: float | None) -> dict:
        reply = self._exchange(op, payload, timeout, fields)
        if reply is None and op != "hello":
            self._after_silence()
            reply = self._exchange(op, payload, timeout, fields)
        if reply is None:
            raise NoDevice(
                "the device does not answer: is the Adjutant firmware running? "
                "(`adjutant deploy` installs it; a board in maintenance or left in the REPL plays after OK on it or "
                "`mpremote reset`)"
            )
        return _checked(reply)

    # -- pipelining: several requests out, then their replies in order ----------------------

    def post(self, op: str, fields: dict, payload: bytes = b"") -> int:
        """Send a request without waiting; its reply comes from reply_to(id)."""
        rid = self.next_id
        self.next_id += 1
        self.send(dict(fields, id=rid, op=op), payload)
        return rid

    def reply_to(self, rid: int, timeout: float | None = None) -> dict:
        reply = self._wait(rid, timeout)
        if reply is None:
            self._after_silence()
            raise DeviceRestarted("the device stopped answering mid-transfer; run the command again to resume")
        return _checked(reply)

    def _exchange(self, op: str, payload: bytes, timeout: float | None, fields: dict) -> dict | None:
        return self._wait(self.post(op, fields, payload), timeout)

    def _wait(self, rid: int, timeout: float | None) -> dict | None:
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            frame = self._next_frame(deadline)
            if frame is None:
                return None
            if "ev" in frame:
                self.events.append(frame)
            elif frame.get("id") == rid:
                return frame
            # a reply to an older request that timed out, or to garbage: not ours

    def _after_silence(self) -> None:
        """A request went unanswered: find out whether the device restarted."""
        before = self.info.get("boot")
        reply = self._exchange("hello", b"", None, _hello(self.proto))
        if reply is None:
            raise DeviceGone()
        self._same_boot(before, reply)

    # -- the handshake ---------------------------------------------------------------------

    def hello(self) -> dict:
        self.port.reset_input_buffer()
        try:
            reply = self.request("hello", **_hello(self.proto))
        except DeviceRefused as e:
            theirs = e.reply.get("proto")
            if e.status == frames.VERSION and theirs in PROTOCOLS and theirs != self.proto:
                self.proto = theirs  # older firmware: this host still reads it
                return self.hello()
            if e.status == frames.VERSION:
                raise VersionMismatch(
                    f"{e}; update the firmware (`adjutant deploy`) or this CLI so both speak the same protocol"
                ) from e
            raise
        self.info = reply
        return reply

    def check_same_boot(self) -> None:
        before = self.info.get("boot")
        self._same_boot(before, self.request("hello", **_hello(self.proto)))

    def _same_boot(self, before: str | None, reply: dict) -> None:
        """A new boot id in a hello's reply: the device restarted since `before`, mid-transfer."""
        if before and reply.get("boot") != before:
            self.info = reply
            raise DeviceRestarted("the device restarted during the transfer; run the command again to resume")

    def wait_event(self, timeout: float) -> dict | None:
        if self.events:
            return self.events.popleft()
        deadline = time.monotonic() + timeout
        while True:
            frame = self._next_frame(deadline)
            if frame is None:
                return None
            if "ev" in frame:
                return frame


def _hello(proto: int) -> dict:
    # Every connection sets the device's clock: a board's own starts over at each boot,
    # and the games it records are dated by it.
    return {"proto": proto, "now": int(time.time())}


def _checked(reply: dict) -> dict:
    status = reply.get("st")
    if status == frames.OK:
        return reply
    code = status if isinstance(status, int) else -1
    name = frames.STATUS_NAMES[code] if 0 <= code < len(frames.STATUS_NAMES) else repr(status)
    raise DeviceRefused(code, f"device: {name}: {reply.get('err', '')}".rstrip(": "), reply)


def connect(port: str, on_text: Callable[[str], None] | None = None, timeout: float = TIMEOUT_S) -> DeviceLink:
    from adjutant.link.ports import open_port

    device = DeviceLink(open_port(port), on_text, timeout)
    device.hello()
    return device
