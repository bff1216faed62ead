"""The simulated device: run the unchanged firmware on the MicroPython unix port.

    micropython boot.py CODE FLASH_IMAGE --control IN OUT --serial RX FEED
                        [--fresh] [--blocks N] [--seed N] [--board NAME] [--realtime]
                        [--oled ADDR] [--micropython X.Y.Z]

CODE holds firmware/ and shared_engine/: the repository, or the same files as
.mpy; or a ROMFS image (NAME.romfs, from adjutant.deploy.build_romfs) mounted
at /rom as a board's ROM partition; or it is "flash": a bare board, running
whatever was deployed onto its flash (adjutant deploy). --wiring names the
firmware folder whose boards.py says how the simulated board is wired;
--oled puts the display at another I2C address (0: no display), as a first
build with the wrong module or a loose wire has it. --micropython makes the
REPL report an older MicroPython, as a board flashed long ago does.

Installs the simulated `time`, `select`, `machine` and `micropython` before
anything of the firmware loads, mounts the littlefs image at /flash (the
firmware's working directory, as / is on a board), then boots main.py. A
power cut or watchdog reset starts it again on the same flash; when main.py
stops (Ctrl-C on the serial port) the board's REPL takes over, and a soft
reset from it runs main.py again.

stdin/stdout are the board's USB serial port (see usb_serial.py). The
controller (host/adjutant/sim/process.py) talks to this process on the two
--control file descriptors: commands in, lines starting with \\x01 out.
"""

import gc
import json
import os
import sys

import clock
import usb_serial
from clock import CLOCK, HardReset, PowerCut, WatchdogReset

sys.modules["time"] = clock.time_module
sys.modules["select"] = clock.select_module
import machine

sys.modules["machine"] = machine
import vfs
from control import CONTROL, Control, reply
from flash import FileFlash, littlefs, mount_rom
from oled_chip import OledChip
from repl import Repl

# The simulator's own modules, and those of MicroPython: not the firmware's (first_frame_modules)
OWN_MODULES = tuple(
    """
    time select clock machine flash oled_chip usb_serial repl control micropython boot __main__ json gc os sys vfs
    """.split()
)


class SimulatedBoard(Control):
    """The board the simulator gives the unchanged firmware: pins, I2C and the OLED, the clock,
    the flash, the watchdog."""

    def __init__(self, repo, image, fresh, blocks, seed, board, port, wiring, oled=None, older=None):
        self.rom_heap = 0
        self.older = older  # (major, minor, micro) the REPL reports, or None: the real one
        self.oled = oled  # the display's I2C address if not the board's; 0 for none
        self.repo = repo
        if repo == "flash":  # as on a board: modules come from the flash (the working directory)
            sys.path.insert(0, "")
        elif repo.endswith(".romfs"):
            self.rom_heap = mount_rom(repo)
        else:
            sys.path.insert(0, repo)
            sys.path.insert(0, repo + "/firmware")
        self.wiring = wiring or repo + "/firmware"
        if fresh:
            try:
                os.remove(image)
            except OSError:
                pass
        self.flash = FileFlash(image, blocks)
        import hashlib

        machine.UNIQUE_ID[0] = hashlib.sha256(image.encode()).digest()[:8]
        self.seed = seed
        self.board_name = board
        self.chip = None
        self.first_frame_modules = None  # set at each boot (first_frame)
        self.held = set()  # the buttons the controller holds down
        self.told = 0  # the I2C bytes when the controller was last told that the panel changed
        self.boots = 0
        self.port = port
        sys.modules["micropython"] = usb_serial.micropython_module(port)
        self.commands = clock._real_select.poll()
        self.commands.register(CONTROL[0], clock._real_select.POLLIN)
        self.inputs = clock._real_select.poll()  # commands or serial bytes
        self.inputs.register(CONTROL[0], clock._real_select.POLLIN)
        self.inputs.register(port.rx, clock._real_select.POLLIN)
        CLOCK.controller = self.control
        CLOCK.serve = self.serve
        CLOCK.on_cut = self.flash.cut

    # -- boot -----------------------------------------------------------------

    def mount(self):
        try:
            vfs.umount("/flash")
        except OSError:
            pass
        fs, formatted = littlefs(self.flash)  # as MicroPython's own boot: a blank or ruined flash is formatted
        if formatted:
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

    def forget_firmware(self):
        """Drop every module the firmware loaded: a board starts from nothing at each boot."""
        for name in list(sys.modules):
            if name not in OWN_MODULES and not name.startswith("asyncio"):
                del sys.modules[name]

    def power_on(self, soft=False):
        """Boot the board; a soft reset keeps the watchdog running and the display's memory."""
        self.forget_firmware()
        import asyncio

        asyncio.new_event_loop()
        machine.Pin.pins = {}
        if not soft:
            machine.I2C.devices = {}
            machine.I2C.hang = False
            CLOCK.watchdog = None
        self.port.intr_char = 3
        gc.collect()  # finalisers of files from before the cut run now, and must not write
        self.flash.dead = False
        self.mount()
        board = self.board()
        self.buttons = board["buttons"]
        self.board_name = board["name"]
        shown = board["display"]
        if not soft or self.chip is None:
            self.chip = OledChip(shown["chip"])
            addr = shown["addr"] if self.oled is None else self.oled
            if addr:
                machine.I2C.devices[addr] = self.chip
        for name, pin_id in self.buttons.items():
            pin = machine.Pin(pin_id, machine.Pin.IN, machine.Pin.PULL_UP)
            if name in self.held:  # a button held through power-up reads low from the start
                pin.level = 0
        self.first_frame_modules = None
        self.chip.watch_frame(self.first_frame)
        self.boots += 1
        reply("event", "boot %d" % self.boots)
        if self.seed is None:
            try:
                import main  # noqa: F401  (runs the device, as at power-on)
            except ImportError as e:
                if "main" not in str(e):
                    raise
                reply("event", "no main.py")  # a bare board: straight to the REPL
        else:
            import random

            self.mount_pack()
            import runtime

            random.seed(self.seed + self.boots)
            runtime.run(lambda: random.getrandbits(8))

    def run(self):
        soft = False
        repl = None
        while True:
            try:
                if repl is None or repl.mode != "raw":  # a soft reset from the raw REPL skips main.py
                    try:
                        self.power_on(soft)
                        reply("event", "main.py returned")
                    except KeyboardInterrupt as e:
                        sys.print_exception(e, sys.stdout)
                        reply("event", "main.py interrupted")
                else:
                    self.power_on_without_main()
                if repl is None:
                    repl = Repl(self.port, self.board_name, self.older)
                repl.run()
                sys.stdout.write("MPY: soft reboot\r\n")
                reply("event", "soft reboot")
                soft = True
            except PowerCut:
                reply("event", "power cut")
                soft, repl = False, None
            except HardReset:
                reply("event", "reset")
                soft, repl = False, None
            except WatchdogReset:
                reply("event", "watchdog reset")
                soft, repl = False, None
            except SystemExit:
                return

    def mount_pack(self):
        # what main.py does first, for a seeded boot that skips it (an earlier firmware has no pack)
        try:
            __import__("firmware_pack").mount("" if self.repo == "flash" else self.repo + "/")
        except ImportError:
            pass

    def board(self):
        """How the simulated hardware is wired: the firmware's own board definition. Its settings
        file checks a saved game against its own registry, in the repository beside it: not the
        one of the code on the flash, which may be an earlier firmware's."""
        loaded = set(sys.modules)
        sys.path[:0] = [self.wiring, self.wiring.rsplit("/", 1)[0]]
        try:
            import boards

            try:
                import settings_file
            except ImportError:  # firmware before the settings file had its name (bench anchors)
                import config as settings_file
            settings, _ = settings_file.load()
            return boards.board(settings["board"])
        finally:
            del sys.path[:2]
            for name in list(sys.modules):  # the firmware imports its own from its own path
                if name not in loaded:
                    del sys.modules[name]

    def first_frame(self):
        # the code a board has loaded when its panel first shows a whole frame: what the boot
        # reads before anything is seen (host/adjutant/interned_names.py orders its names by it)
        self.first_frame_modules = sorted(name for name in sys.modules if name not in OWN_MODULES)

    def power_on_without_main(self):
        self.forget_firmware()
        machine.Pin.pins = {}
        gc.collect()
        self.mount()

    # -- realtime: the controller and the serial port are served as they come ----

    def serve(self, ms):
        """Wait up to `ms` real ms; True if the firmware got serial input or must stop."""
        if self.port.pump() or CLOCK.interrupt:
            return True
        if machine.I2C.wire_bytes != self.told:  # the display was sent something: a terminal redraws
            self.told = machine.I2C.wire_bytes
            reply("event", "panel")
        # Serial bytes that stdin has no room for wait in the relay; only commands can wake us.
        ready = self.commands.poll(min(ms, 5)) if self.port.waiting() else self.inputs.poll(ms)
        CLOCK.sync()  # the wait may have been long: a pin's edge and the reply carry the time now
        if ready and self.commands.poll(0):
            try:
                self.command(CONTROL[0].readline())
            finally:  # a command may reset the board (a button whose handler calls machine.reset())
                reply("ready", "%d %d" % (CLOCK.now - clock.EPOCH, machine.I2C.wire_bytes))
            self.port.pump()
            return True  # a pin may have moved: its interrupt may have set what the firmware waits on
        return self.port.pump()


def main(argv):
    repo, image = argv[1], argv[2]
    options = dict.fromkeys(("--seed", "--board", "--control", "--serial", "--wiring", "--oled", "--micropython"))
    options["--blocks"] = "128"
    fresh = "--fresh" in argv
    for i, word in enumerate(argv):
        if word in options and i + 1 < len(argv):
            options[word] = argv[i + 1]
    control = [int(n) for n in options["--control"].split(",")]
    CONTROL[0] = open("/proc/self/fd/%d" % control[0])
    CONTROL[1] = open("/proc/self/fd/%d" % control[1], "w")
    port = usb_serial.UsbSerial(*[int(n) for n in options["--serial"].split(",")])
    seed = options["--seed"]
    seed = None if seed is None else int(seed)
    oled = options["--oled"]
    oled = None if oled is None else int(oled, 0)
    older = options["--micropython"]
    older = None if older is None else tuple(int(n) for n in older.split("."))
    device = SimulatedBoard(
        repo, image, fresh, int(options["--blocks"]), seed, options["--board"], port, options["--wiring"], oled, older
    )
    if "--realtime" in argv:
        CLOCK.follow_wall_clock()
        reply("ready", "0 0")
    device.run()


try:
    main(sys.argv)
except Exception as e:  # its stdout is the board's serial: say it where the runner reads
    sys.print_exception(e, sys.stderr)
    sys.exit(1)
