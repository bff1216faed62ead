"""The serial link's endpoint: frames in on stdin, replies and events out on stdout.

Runs as a task on the firmware's asyncio loop, beside the buttons and the
screen. Bytes are read one at a time, as rp2's stdin gives them, while any
are waiting; a line starting with "~" is a frame (shared_engine/frames.py),
and anything else is ignored. The request handlers (link/ops.py) load with
the first frame, so a device nobody talks to spends no heap on them, and
leave the heap again once no frame came for QUIET_MS and no host watches:
a pull or a look at the state mid-game does not keep them for the rest of it.

Ctrl-C stays the REPL's (mpremote needs it) except while a transfer runs:
then micropython.kbd_intr(-1) holds it off until the transfer ends or
TRANSFER_IDLE_MS pass without a frame.
"""

import asyncio
import select
import sys
from time import ticks_diff, ticks_ms

import lazy
import micropython

READ_BUDGET = 512  # bytes read before other tasks get a turn
TRANSFER_IDLE_MS = 5000
QUIET_MS = 5000  # without a frame for this long, the request code is dropped


class Link:
    def __init__(self, ui):
        self.ui = ui
        # A watching host hears of an action before the screens that follow it act again.
        ui.session.subscribe(self.changed, first=True)
        self.buf = bytearray()
        self.overflow = False
        self.line_max = 0  # frames.LINE_MAX once a frame begins: no frame code in the heap before
        self.ops = None
        self.frame_at = None  # ticks of the last frame, while the request code is loaded
        self.transfer_at = None  # ticks of the last transfer frame, while Ctrl-C is held off
        self.out = getattr(sys.stdout, "buffer", sys.stdout)

    def send(self, line):
        self.out.write(line)

    def transfer(self, active):
        """Hold Ctrl-C off while a transfer runs; give it back when it ends."""
        if active:
            if self.transfer_at is None:
                micropython.kbd_intr(-1)
            self.transfer_at = ticks_ms()
        elif self.transfer_at is not None:
            self.transfer_at = None
            micropython.kbd_intr(3)

    def byte(self, b):
        if b == 10:
            line, overflow = self.buf, self.overflow
            self.buf = bytearray()
            self.overflow = False
            if line and line[0] == 0x7E:  # "~": a frame, or what is left of one
                self.frame(None if overflow else line)  # the buffer itself: no copy of it
        elif b == 0x7E:  # a frame starts here: whatever came before it on the line is not ours
            self.buf = bytearray(b"~")
            self.overflow = False
            if not self.line_max:
                from shared_engine.frames import LINE_MAX

                self.line_max = LINE_MAX
        elif len(self.buf) < self.line_max:
            self.buf.append(b)
        else:
            self.overflow = True

    def frame(self, line):
        self.frame_at = ticks_ms()
        try:
            if self.ops is None:
                from link.ops import Ops

                self.ops = Ops(self)
            self.ops.handle(line)
        except Exception as e:  # no heap for the request code: the host asks again, the link lives
            print("link: %r" % (e,))
            self.drop()

    def drop(self):
        """Let the request code go; the next frame loads it again."""
        self.ops = None
        self.frame_at = None
        for name in lazy.REQUEST:
            lazy.drop(name)

    def changed(self, kind):
        """The session saved an action: tell a watching host."""
        if self.ops is not None:
            self.ops.changed(kind)

    def _quiet(self):
        """True while the request code is loaded for nothing: no host watches, none talks."""
        return self.ops is not None and not self.ops.watching and self.transfer_at is None

    def due(self, now):
        """Ms until tick() has something to do after the link went quiet, or None."""
        if self.transfer_at is not None:
            return max(0, TRANSFER_IDLE_MS + 1 - ticks_diff(now, self.transfer_at))
        if self._quiet():
            return max(0, QUIET_MS + 1 - ticks_diff(now, self.frame_at))
        return None

    def tick(self):
        """Called by the screen task: gives Ctrl-C back after a transfer went quiet, then the heap."""
        now = ticks_ms()
        if self.transfer_at is not None and ticks_diff(now, self.transfer_at) > TRANSFER_IDLE_MS:
            self.transfer(False)
        if self._quiet() and ticks_diff(now, self.frame_at) > QUIET_MS:
            self.drop()

    async def run(self):
        stdin = getattr(sys.stdin, "buffer", sys.stdin)
        poller = select.poll()
        poller.register(stdin, select.POLLIN)
        reader = asyncio.StreamReader(stdin)
        while True:
            first = await reader.read(1)  # waits without polling; other tasks run meanwhile
            if first:
                self.byte(first[0])
            budget = READ_BUDGET
            while budget and poller.poll(0):
                data = stdin.read(1)
                if not data:
                    break
                self.byte(data[0])
                budget -= 1
            await asyncio.sleep_ms(0)
