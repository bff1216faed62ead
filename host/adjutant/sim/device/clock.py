"""Simulated time for the device: a `time` and a `select` for the firmware.

Installed in sys.modules before the firmware (and asyncio) is imported, so
ticks_ms() reads this clock and asyncio's idle wait (poll.ipoll) advances it.
Time moves only as far as the controller allows (`run MS`); when the device
would sleep past that, the clock hands over to the controller, which may
press buttons, read the screen or allow more time. So a scripted run is
exact and fast, and an interactive one is paced by the terminal.

In realtime mode (the serial port in use by a host) device time follows the
wall clock instead, and a wait ends early when the host sends something.
"""

import select as _real_select
import time as _real_time

# Start far from the real clock so asyncio tasks queued with a real timestamp
# (its C TaskQueue uses one) count as due at once.
EPOCH = 1 << 27
BOARD_EPOCH = 1609459200  # 2021-01-01 00:00:00 UTC, where time.time() starts at boot


class PowerCut(BaseException):
    """Raised out of the firmware when the simulated power fails."""


class WatchdogReset(BaseException):
    """Raised out of the firmware when the watchdog was not fed in time."""


class HardReset(WatchdogReset):
    """machine.reset(): the whole chip restarts, its watchdog stopped with it."""


class Clock:
    def __init__(self):
        self.now = EPOCH
        self.until = EPOCH
        self.controller = None  # called to hand over when time runs out
        self.watchdog = None  # (timeout ms, last feed)
        self.cut = False
        self.on_cut = None  # the flash, which goes dead before anything unwinds
        self.interrupt = False  # Ctrl-C arrived on the serial port
        self.realtime = None  # (wall ms, device ms) when device time follows the wall clock
        self.serve = None  # realtime: serve the controller and the serial port for up to N ms
        self.wakeups = 0  # times the firmware's loop woke from waiting (for the idle figure)

    def follow_wall_clock(self):
        self.realtime = (_real_time.ticks_ms(), self.now)

    def sync(self):
        if self.realtime:
            wall, device = self.realtime
            self.now = device + _real_time.ticks_diff(_real_time.ticks_ms(), wall)
        return self.now

    def advance(self, ms, wake=False):
        """Let `ms` of device time pass, handing over whenever the allowance ends. `wake`: following
        the wall clock, end early when something came (a command, serial bytes), as an idle wait does."""
        target = self.now + ms
        while not self.realtime and target > self.until:
            self.now = self.until
            self._check()
            self.controller()
        if self.realtime:
            self._follow(max(0, target - self.now), wake)
            return
        self.now = target
        self._check()

    def _follow(self, ms, wake):
        target = self.sync() + ms
        while True:
            woke = self.serve(max(0, target - self.now))
            self.sync()
            self._check()
            if (woke and wake) or self.now >= target:
                return

    def _check(self):
        if self.cut:
            self.cut = False
            if self.on_cut:
                self.on_cut()
            raise PowerCut()
        if self.interrupt:
            self.interrupt = False
            raise KeyboardInterrupt()
        if self.watchdog is not None:
            timeout, fed = self.watchdog
            if self.now - fed > timeout:
                self.watchdog = None
                raise WatchdogReset()


CLOCK = Clock()


class _TimeModule:
    """The firmware's `time`: ticks from CLOCK, the rest from the real module."""

    @staticmethod
    def ticks_ms():
        return CLOCK.sync() & 0x3FFFFFFF

    @staticmethod
    def ticks_us():
        return (CLOCK.sync() * 1000) & 0x3FFFFFFF

    ticks_diff = staticmethod(_real_time.ticks_diff)
    ticks_add = staticmethod(_real_time.ticks_add)

    @staticmethod
    def sleep_ms(ms):
        CLOCK.advance(ms)

    @staticmethod
    def sleep_us(us):
        CLOCK.advance(us // 1000)

    @staticmethod
    def sleep(s):
        CLOCK.advance(int(s * 1000))

    @staticmethod
    def time():
        # A board's clock starts over at every boot (a Pico's at 2021-01-01), until the host sets it.
        return BOARD_EPOCH + (CLOCK.sync() - EPOCH) // 1000

    localtime = staticmethod(_real_time.localtime)
    gmtime = staticmethod(_real_time.gmtime)
    mktime = staticmethod(_real_time.mktime)


# Following the wall clock, a wait checks its streams at least this often. Everything that can make
# one ready (a pin's command setting a ThreadSafeFlag, serial bytes) ends the wait at once anyway.
REALTIME_SLICE_MS = 1000


class _Poll:
    """asyncio's idle wait: pass the time until the next task is due or a stream is ready.

    Streams (the serial port's sys.stdin) are polled for real; only the
    waiting is simulated.
    """

    def __init__(self):
        self.real = _real_select.poll()

    def register(self, stream, events=_real_select.POLLIN):
        self.real.register(stream, events)

    def modify(self, stream, events):
        self.real.modify(stream, events)

    def unregister(self, stream):
        try:
            self.real.unregister(stream)
        except (KeyError, OSError):
            pass

    def ipoll(self, timeout=-1, flags=0):
        """Ready streams; waits up to `timeout` ms (-1: until one is), as the board's loop sleeps.

        A stream here is the serial port or an asyncio.ThreadSafeFlag that a pin's
        interrupt sets: the wait ends as soon as one is ready, as on the board, so
        time passes in the slices the controller allows, checking between them.
        """
        ready = self.real.poll(0)
        if ready or timeout == 0:
            return ready
        CLOCK.wakeups += 1  # this wait ends in a wake-up, whatever ends it
        end = None if timeout < 0 else CLOCK.now + timeout
        while True:
            if CLOCK.realtime:
                step = REALTIME_SLICE_MS
            else:
                step = max(1, CLOCK.until - CLOCK.now)  # what is left of the controller's allowance
            if end is not None:
                step = min(step, end - CLOCK.now)
            CLOCK.advance(step, True)
            ready = self.real.poll(0)
            if ready or (end is not None and CLOCK.now >= end):
                return ready

    def poll(self, timeout=-1):
        return list(self.ipoll(timeout))


class _SelectModule:
    poll = _Poll
    POLLIN = 1
    POLLOUT = 4
    POLLERR = 8
    POLLHUP = 16


time_module = _TimeModule()
select_module = _SelectModule()
