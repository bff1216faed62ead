"""The board's REPL on the serial port, once main.py stops: friendly, raw and raw-paste.

The unix port has no raw REPL, and mpremote needs one, so this follows
MicroPython's shared/runtime/pyexec.c byte for byte where a host can see it:
the banners, "OK", the \\x04 markers around output and errors, the raw-paste
window and its \\x01 credits, Ctrl-D for a soft reset. Code runs in the
device's interpreter with the flash as its working directory, as on a board.
"""

import sys

from clock import CLOCK

CTRL_A, CTRL_B, CTRL_C, CTRL_D, CTRL_E = 1, 2, 3, 4, 5
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
BANNER = b'MicroPython %s on the Adjutant simulator; %s\r\nType "help()" for more information.\r\n'
PASTE_WINDOW = 128  # half of MICROPY_REPL_STDIN_BUFFER_MAX, as pyexec.c sends

FRIENDLY, RAW = "friendly", "raw"
SOFT_RESET = "soft reset"


class OlderSys:
    """`sys` as a board with an older MicroPython shows it (--micropython X.Y.Z): its version, and
    the .mpy version it loads (6 since 1.19, 5 before). Everything else is the real module."""

    def __init__(self, version):
        self.implementation = _Implementation(version)

    def __getattr__(self, name):
        return getattr(sys, name)


class _Implementation:
    def __init__(self, version):
        self.name = "micropython"
        self.version = version + (("",) if len(version) == 3 else ())
        mpy = 6 if version >= (1, 19, 0) else 5
        self._mpy = (sys.implementation._mpy & ~0xFF) | mpy
        self._machine = sys.implementation._machine


class Repl:
    def __init__(self, port, board_name, older=None):
        self.port = port
        self.mode = FRIENDLY
        self.board_name = board_name
        self.namespace = {"__name__": "__main__"}
        self.out = sys.stdout.buffer
        self.sys = sys if older is None else OlderSys(older)  # what `import sys` gives the host's code

    def write(self, data):
        self.out.write(data)

    def read(self):
        """One byte from the host; device time passes (and the watchdog runs) while waiting."""
        self.port.intr_char = -1  # the REPL reads Ctrl-C as a character
        while not self.port.can_read():
            CLOCK.advance(10)
        return sys.stdin.buffer.read(1)[0]

    def run(self):
        """Serve the REPL until a soft reset is asked for."""
        while True:
            if self.mode == RAW:
                result = self.raw()
            else:
                result = self.friendly()
            if result == SOFT_RESET:
                return

    def banner(self):
        version = "v%d.%d.%d" % self.sys.implementation.version[:3]
        self.write(BANNER % (version.encode(), self.board_name.encode()))

    # -- the friendly REPL -------------------------------------------------------------

    def friendly(self):
        self.banner()
        while True:
            self.write(b">>> ")
            line = bytearray()
            while True:
                c = self.read()
                if c == CTRL_A and not line:
                    self.write(b"\r\n")
                    self.mode = RAW
                    return None
                if c == CTRL_B and not line:
                    self.write(b"\r\n")
                    self.banner()
                    break
                if c == CTRL_C:
                    self.write(b"\r\n")
                    break
                if c == CTRL_D and not line:
                    self.write(b"\r\n")
                    return SOFT_RESET
                if c in (8, 127):
                    if line:
                        line.pop()
                        self.write(b"\x08 \x08")
                    continue
                if c == 13:
                    self.write(b"\r\n")
                    if line:
                        self.execute(bytes(line), "single")
                    break
                if c >= 32:
                    line.append(c)
                    self.write(bytes([c]))

    # -- the raw REPL, as mpremote and the host CLI use it ------------------------------

    def raw(self):
        self.write(RAW_BANNER)
        while True:
            self.write(b">")
            line = bytearray()
            while True:
                c = self.read()
                if c == CTRL_A:
                    if len(line) == 2 and line[0] == CTRL_E:
                        self.raw_paste(line[1])
                        line = bytearray()
                        self.write(b">")
                        continue
                    self.write(RAW_BANNER)
                    line = bytearray()
                    self.write(b">")
                    continue
                if c == CTRL_B:
                    self.write(b"\r\n")
                    self.mode = FRIENDLY
                    return None
                if c == CTRL_C:
                    line = bytearray()
                elif c == CTRL_D:
                    break
                else:
                    line.append(c)
            self.write(b"OK")
            if not line:
                self.write(b"\r\n")
                return SOFT_RESET
            self.execute(bytes(line), "exec", markers=True)

    def raw_paste(self, command):
        if command != ord("A"):
            self.write(b"R\x00")
            return
        self.write(b"R\x01" + bytes([PASTE_WINDOW & 0xFF, PASTE_WINDOW >> 8, 1]))
        source = bytearray()
        remain = PASTE_WINDOW
        while True:
            c = self.read()
            if c in (CTRL_C, CTRL_D):
                self.write(b"\x04")
                if c == CTRL_C:
                    self.write(b"\x04Traceback (most recent call last):\r\nKeyboardInterrupt: \r\n\x04")
                    return
                break
            source.append(c)
            remain -= 1
            if remain == 0:
                self.write(b"\x01")
                remain = PASTE_WINDOW
        self.execute(bytes(source), "exec", markers=True)

    # -- running code --------------------------------------------------------------

    def execute(self, source, mode, markers=False):
        self.port.intr_char = CTRL_C  # as pyexec: Ctrl-C interrupts running code
        error = None
        sys.modules["sys"] = self.sys  # `import sys` in the host's code finds this board's
        try:
            exec(compile(source, "<stdin>", mode), self.namespace)
        except (Exception, KeyboardInterrupt, SystemExit) as e:  # a REPL reports what the code raised
            error = e
        finally:
            sys.modules["sys"] = sys
            self.port.intr_char = -1
        if markers:
            self.write(b"\x04")
        if error is not None:
            sys.print_exception(error, sys.stdout)
        if markers:
            self.write(b"\x04")
