"""The controller's commands to the simulated board (host/adjutant/sim/process.py sends them on
the --control pipe): time to run, a pin, the panel's frame, the figures, a hung bus, a power cut.
SimulatedBoard (boot.py) serves them."""

import gc
import json

import clock
import machine
from clock import CLOCK

CONTROL = [None, None]  # the controller's commands in, replies out


def reply(kind, text=""):
    CONTROL[1].write("\x01%s %s\n" % (kind, text))


def reply_json(kind, value):
    # Streamed, not built as one string: the heap figures should count the firmware's
    # needs, not a large reply of the simulator's.
    out = CONTROL[1]
    out.write("\x01%s " % kind)
    json.dump(value, out)
    out.write("\n")


class Control:
    """The commands, served by the board: it has the pins it holds down, its buttons, its display
    chip, its flash and its boot figures."""

    def control(self):
        """Serve commands until one allows time to pass."""
        self.port.pump()
        while True:
            reply("ready", "%d %d" % (CLOCK.now - clock.EPOCH, machine.I2C.wire_bytes))
            if self.command(CONTROL[0].readline()):
                self.port.pump()
                return

    def command(self, line):
        """Run one controller command; True if it allows time to pass."""
        if not line:
            raise SystemExit
        words = line.split()
        if not words:
            return False
        if words[0] == "run":
            CLOCK.until = CLOCK.now + int(words[1])
            return True
        if words[0] == "realtime":  # from now on device time follows the wall clock
            CLOCK.follow_wall_clock()
            return True
        getattr(self, "cmd_" + words[0], self.cmd_unknown)(words[1:])
        return False

    def cmd_unknown(self, args):
        reply("error", "unknown command")

    def cmd_pin(self, args):
        if args[1] == "0":  # a finger on the button: it stays down through a reset or a power cut
            self.held.add(args[0])
        else:
            self.held.discard(args[0])
        pin = machine.Pin.pins.get(self.buttons[args[0]])
        if pin is not None:
            pin.set_level(int(args[1]))

    def cmd_frame(self, args):
        chip = self.chip
        out = CONTROL[1]
        out.write("\x01frame ")
        frame = chip.frame()
        for i in range(0, len(frame), 64):  # in pieces, for the same reason as reply_json
            out.write(frame[i : i + 64].hex())
        out.write(" %d %d %d\n" % (chip.on, chip.contrast, chip.inverted))

    def cmd_stats(self, args):
        gc.collect()
        out = {
            "i2c_bytes": machine.I2C.wire_bytes,
            "i2c_transfers": machine.I2C.transfers,
            "i2c_bursts": machine.I2C.bursts,
            "flash_writes": self.flash.writes,
            "wakeups": CLOCK.wakeups,
            "now_ms": CLOCK.now,
            "heap_free": gc.mem_free(),
            "heap_alloc": gc.mem_alloc(),
            "boots": self.boots,
            "rom_heap": self.rom_heap,
            "first_frame_modules": self.first_frame_modules,
        }
        reply_json("stats", out)

    def cmd_hang(self, args):
        machine.I2C.hang = args[0] == "1"

    def cmd_cut(self, args):
        CLOCK.cut = True

    def cmd_quit(self, args):
        raise SystemExit
