"""The simulated device: run the unchanged firmware on the MicroPython unix port.

    micropython boot.py CODE FLASH_IMAGE [--fresh] [--blocks N] [--seed N] [--board NAME]

CODE holds firmware/ and shared_engine/: the repository, or the same files as .mpy.

Installs the simulated `time`, `select` and `machine` before anything of the
firmware loads, mounts the littlefs image at /flash (the firmware's working
directory, as / is on a board), then boots main.py. A power cut or watchdog
reset starts it again on the same flash. The controller (host/adjutant/sim)
talks to this process over stdin/stdout: commands in, lines starting with
\\x01 out; anything else on stdout is the device's own console.
"""

import gc
import json
import os
import sys

import clock
from clock import CLOCK, PowerCut, WatchdogReset

sys.modules["time"] = clock.time_module
sys.modules["select"] = clock.select_module
import machine

sys.modules["machine"] = machine
import vfs
from flash import FileFlash
from oled_chip import OledChip

OWN_MODULES = (
    "time",
    "select",
    "clock",
    "machine",
    "flash",
    "oled_chip",
    "boot",
    "__main__",
    "json",
    "gc",
    "os",
    "sys",
    "vfs",
)


def reply(kind, text=""):
    sys.stdout.write("\x01%s %s\n" % (kind, text))


class Device:
    def __init__(self, repo, image, fresh, blocks, seed, board):
        sys.path.insert(0, repo)
        sys.path.insert(0, repo + "/firmware")
        if fresh:
            try:
                os.remove(image)
            except OSError:
                pass
        self.flash = FileFlash(image, blocks)
        self.seed = seed
        self.board_name = board
        self.chip = None
        self.boots = 0
        CLOCK.controller = self.control
        CLOCK.on_cut = self.flash.cut

    # -- boot -----------------------------------------------------------------

    def mount(self):
        try:
            vfs.umount("/flash")
        except OSError:
            pass
        try:
            fs = vfs.VfsLfs2(self.flash)
        except OSError:
            # As MicroPython's own boot does: an unformatted or ruined flash is formatted.
            vfs.VfsLfs2.mkfs(self.flash)
            fs = vfs.VfsLfs2(self.flash)
            reply("event", "flash formatted")
        vfs.mount(fs, "/flash")
        os.chdir("/flash")
        if self.board_name:
            try:
                with open("settings.json") as f:
                    settings = json.load(f)
            except (OSError, ValueError):
                settings = {}
            settings["board"] = self.board_name
            with open("settings.json", "w") as f:
                json.dump(settings, f)

    def power_on(self):
        for name in list(sys.modules):
            if name not in OWN_MODULES and not name.startswith("asyncio"):
                del sys.modules[name]
        import asyncio

        asyncio.new_event_loop()
        machine.Pin.pins = {}
        machine.I2C.devices = {}
        machine.I2C.hang = False
        CLOCK.watchdog = None
        gc.collect()  # finalisers of files from before the cut run now, and must not write
        self.flash.dead = False
        self.mount()
        import boards
        import config

        settings, _ = config.load()
        board = boards.board(settings["board"])
        self.buttons = board["buttons"]
        shown = board["display"]
        self.chip = OledChip(shown["chip"])
        machine.I2C.devices[shown["addr"]] = self.chip
        for pin_id in self.buttons.values():
            machine.Pin(pin_id, machine.Pin.IN, machine.Pin.PULL_UP)
        self.boots += 1
        reply("event", "boot %d" % self.boots)
        if self.seed is None:
            import main  # noqa: F401  (runs the device, as at power-on)
        else:
            import random

            import runtime

            random.seed(self.seed + self.boots)
            runtime.run(lambda: random.getrandbits(8))

    def run(self):
        while True:
            try:
                self.power_on()
                reply("event", "main.py returned")
                self.control()
            except PowerCut:
                reply("event", "power cut")
            except WatchdogReset:
                reply("event", "watchdog reset")
            except SystemExit:
                return

    # -- the controller's commands --------------------------------------------

    def control(self):
        """Serve commands until one allows time to pass."""
        while True:
            reply("ready", "%d %d" % (CLOCK.now - clock.EPOCH, machine.I2C.wire_bytes))
            line = sys.stdin.readline()
            if not line:
                raise SystemExit
            words = line.split()
            if not words:
                continue
            cmd = words[0]
            if cmd == "run":
                CLOCK.until = CLOCK.now + int(words[1])
                return
            getattr(self, "cmd_" + cmd, self.cmd_unknown)(words[1:])

    def cmd_unknown(self, args):
        reply("error", "unknown command")

    def cmd_pin(self, args):
        pin = machine.Pin.pins.get(self.buttons[args[0]])
        if pin is not None:
            pin.set_level(int(args[1]))

    def cmd_frame(self, args):
        chip = self.chip
        reply("frame", "%s %d %d %d" % (chip.frame().hex(), chip.on, chip.contrast, chip.inverted))

    def cmd_state(self, args):
        import gfx
        import runtime

        app = getattr(runtime, "current", None)
        out = {"shown": gfx.shown}
        if app is not None:
            out["screen"] = app.top().name
            out["stack"] = [s.name for s in app.stack]
            out["toast"] = app.toast
            out["asleep"] = app.asleep
            out["game"] = app.game.state_dict()
            out["gid"] = app.journal.gid if app.journal else None
            out["settings"] = app.settings
        reply("state", json.dumps(out))

    def cmd_stats(self, args):
        gc.collect()
        out = {
            "i2c_bytes": machine.I2C.wire_bytes,
            "i2c_transfers": machine.I2C.transfers,
            "flash_writes": self.flash.writes,
            "heap_free": gc.mem_free(),
            "heap_alloc": gc.mem_alloc(),
            "boots": self.boots,
        }
        reply("stats", json.dumps(out))

    def cmd_hang(self, args):
        machine.I2C.hang = args[0] == "1"

    def cmd_cut(self, args):
        CLOCK.cut = True

    def cmd_failwrite(self, args):
        self.flash.fail_after = self.flash.writes + int(args[0])

    def cmd_quit(self, args):
        raise SystemExit


def main(argv):
    repo, image = argv[1], argv[2]
    options = {"--blocks": "128", "--seed": None, "--board": None}
    fresh = "--fresh" in argv
    for i, word in enumerate(argv):
        if word in options and i + 1 < len(argv):
            options[word] = argv[i + 1]
    seed = options["--seed"]
    Device(repo, image, fresh, int(options["--blocks"]), None if seed is None else int(seed), options["--board"]).run()


main(sys.argv)
