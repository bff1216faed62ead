"""Simulated time for the device: a `time` and a `select` for the firmware.

Installed in sys.modules before the firmware (and asyncio) is imported, so
ticks_ms() reads this clock and asyncio's idle wait (poll.ipoll) advances it.
Time moves only as far as the controller allows (`run MS`); when the device
would sleep past that, the clock hands over to the controller, which may
press buttons, read the screen or allow more time. So a scripted run is
exact and fast, and an interactive one is paced by the terminal.
"""

import time as _real_time

# Start far from the real clock so asyncio tasks queued with a real timestamp
# (its C TaskQueue uses one) count as due at once.
EPOCH = 1 << 27


class PowerCut(BaseException):
    """Raised out of the firmware when the simulated power fails."""


class WatchdogReset(BaseException):
    """Raised out of the firmware when the watchdog was not fed in time."""


class Clock:
    def __init__(self):
        self.now = EPOCH
        self.until = EPOCH
        self.controller = None  # called to hand over when time runs out
        self.watchdog = None  # (timeout ms, last feed)
        self.cut = False
        self.on_cut = None  # the flash, which goes dead before anything unwinds

    def advance(self, ms):
        """Let `ms` of device time pass, handing over whenever the allowance ends."""
        target = self.now + ms
        while target > self.until:
            self.now = self.until
            self._check()
            self.controller()
        self.now = target
        self._check()

    def _check(self):
        if self.cut:
            self.cut = False
            if self.on_cut:
                self.on_cut()
            raise PowerCut()
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
        return CLOCK.now & 0x3FFFFFFF

    @staticmethod
    def ticks_us():
        return (CLOCK.now * 1000) & 0x3FFFFFFF

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

    time = staticmethod(_real_time.time)
    localtime = staticmethod(_real_time.localtime)
    gmtime = staticmethod(_real_time.gmtime)
    mktime = staticmethod(_real_time.mktime)


class _Poll:
    """asyncio's idle wait: pass the time until the next task is due."""

    def __init__(self):
        self.streams = []

    def register(self, stream, events=None):
        self.streams.append(stream)

    def modify(self, stream, events):
        pass

    def unregister(self, stream):
        if stream in self.streams:
            self.streams.remove(stream)

    def ipoll(self, timeout=-1, flags=0):
        CLOCK.advance(1 if timeout < 0 else timeout)
        return ()

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
