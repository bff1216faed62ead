"""The simulated board's `machine`: Pin, I2C, WDT and reset, nothing more.

Pins hold a level and call their interrupt handler on a change, as the
RP2040 and ESP32 do. I2C delivers each transfer to the emulated OLED at its
address and counts the bytes on the wire, the address byte included. The
watchdog is checked against the simulated clock.

Each signature is the board's (micropython-stubs' machine.pyi, compared by
tests/simulator/test_sim_machine_api.py), so the simulator refuses a call a board would
refuse. MicroPython has no positional-only marker (/): those parameters take
any name here, and the firmware's type check against the stubs holds them.
"""

from clock import CLOCK, HardReset, WatchdogReset


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    pins = {}  # id -> Pin: the simulator presses buttons through this

    def __init__(self, id, mode=-1, pull=-1, *, value=None):
        pin_id = self.id = id
        existing = Pin.pins.get(pin_id)
        self.level = existing.level if existing else (1 if pull == Pin.PULL_UP else 0)
        self.handler = None
        self.trigger = 0
        Pin.pins[pin_id] = self

    def value(self, x=None):
        if x is None:
            return self.level
        self.set_level(x)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, *, hard=False):
        self.handler = handler
        self.trigger = trigger

    def set_level(self, level):
        if level == self.level:
            return
        self.level = level
        edge = Pin.IRQ_RISING if level else Pin.IRQ_FALLING
        if self.handler is not None and self.trigger & edge:
            self.handler(self)


class I2C:
    devices = {}  # address -> object with write(bytes)
    wire_bytes = 0
    transfers = 0
    bursts = 0  # runs of transfers at one instant of device time: a refresh of the panel, for the bench
    last_at = None
    hang = False  # set by the simulator to make the bus lock up

    def __init__(self, id, *, scl=None, sda=None, freq=400_000, timeout=50_000):
        self.freq = freq

    def scan(self):
        return sorted(I2C.devices)

    def _device(self, addr):
        while I2C.hang:  # a stuck bus: time passes, nothing returns
            CLOCK.advance(10)
        if I2C.last_at != CLOCK.now:
            I2C.last_at = CLOCK.now
            I2C.bursts += 1
        device = I2C.devices.get(addr)
        if device is None:
            raise OSError(19)  # ENODEV: nothing acknowledged the address, as on a Pico
        return device

    def writeto(self, addr, buf, stop=True):
        device = self._device(addr)
        I2C.wire_bytes += 1 + len(buf)
        I2C.transfers += 1
        device.write(buf)  # no copy: the chip reads it as the firmware's driver left it
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        device = self._device(addr)
        size = 0
        for part in vector:
            size += len(part)
        I2C.wire_bytes += 1 + size
        I2C.transfers += 1
        device.write(vector)
        return size


SoftI2C = I2C


class WDT:
    def __init__(self, *, id=0, timeout=5000):
        self.timeout = timeout
        CLOCK.watchdog = (timeout, CLOCK.now)

    def feed(self):
        CLOCK.watchdog = (self.timeout, CLOCK.now)


def reset():
    raise HardReset()


def soft_reset():
    raise WatchdogReset()


UNIQUE_ID = [b"ADJSIM01"]  # boot.py derives one from the flash image, so two simulators differ


def unique_id():
    return UNIQUE_ID[0]


def freq(hz=None):
    return 125_000_000


def idle():
    CLOCK.advance(1)
