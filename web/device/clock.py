"""The clock the simulator's machine.py reads (WDT, I2C), on the browser's own time.

In the terminal simulator device time is simulated; in the page it is the
real time of the phone, so this only keeps what machine.py records: the
watchdog's timeout and last feed, which the page's watchdog (device.js)
checks, and the reset exceptions.
"""

from time import ticks_ms


class WatchdogReset(BaseException):
    """The watchdog was not fed in time: the page restarts the firmware from the stored flash."""


class HardReset(WatchdogReset):
    """machine.reset(): the page restarts the firmware from the stored flash."""


class Clock:
    def __init__(self):
        self.watchdog = None  # (timeout ms, last feed), set by machine.WDT

    @property
    def now(self):
        return ticks_ms()

    def advance(self, ms):
        pass  # a hung I2C bus is the terminal simulator's fault injection, not the page's


CLOCK = Clock()
