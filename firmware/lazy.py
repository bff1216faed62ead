"""What code is loaded when, and let go where: the policy in one place.

A board loads .mpy code into RAM, so code that is not in use is dropped and loaded again
when next needed (as micropython-lib's and Peter Hinch's lazy packages do). A module is
dropped from sys.modules and from its package, which holds it too; then it is garbage.

- Boot keeps MicroPython's built-in modules in sys.modules first (`keep_built_ins`).
- Boot reads the board table and the settings once (`boards`, `settings_file`), and takes in the
  names (`interned_names`): runtime.py drops each as soon as it is read.
- The screens' modules (screens/__init__.py's table) go when no screen of theirs is shown.
- ON_MAT goes each time the screens are back on the mat: what the screens build on, and what
  the UI and the boot load now and then (the settings file, the reader of records on flash, the
  games on flash, reading a game back and folding its journal). Each game's play module adds its
  own (its ON_MAT: its menu rows, what its screens load for their texts), and what New game
  loaded of other games goes too (screens.unload).
- The pack of code (firmware_pack.py) holds its file open, 1.1 KB, only through the boot's
  imports (booted), then only within an import.
- A game's code goes when a game of another game begins: everything of its device and engine
  packages (play.let_go).
- REQUEST is the link's request code and what it loads, and nothing the game itself keeps
  (canonical_json is the engine's too, but only within a call): it goes once no frame came
  for link.QUIET_MS and no host watches.
"""

import sys

ON_MAT = (
    "screens.widgets",
    "card_data",
    "settings_file",
    "shared_engine.log",
    "journal.games",
    "journal.read",
    "journal.fold",
)

REQUEST = (
    "link.ops",
    "link.pull",
    "link.cards",
    "link.settings",
    "settings_file",
    "journal.games",
    "journal.read",
    "journal.fold",
    "version",
    "shared_engine.frames",
    "shared_engine.canonical_json",
)


def booted():
    """The boot has made its first screen: deploy's pack of code (firmware_pack.py) keeps its
    file open no longer than an import from now on."""
    pack = sys.modules.get("firmware_pack")
    if pack is not None:
        pack.booted()


def drop(name):
    """Let a loaded module go (nothing if it is not loaded)."""
    modules = sys.modules
    if name in modules:
        del modules[name]
        package, _, attr = name.rpartition(".")
        parent = modules.get(package)
        if parent is not None and attr in parent.__dict__:
            delattr(parent, attr)


# Built-in modules a file on the flash may extend: MicroPython looks for os.py, os.mpy... in each
# sys.path folder before it takes its own, and keeps no note of it, so every `import os` the
# firmware runs pays those lookups again (5-7 ms on a Pico's littlefs; some 25 imports of these
# come before the first frame).
BUILT_IN = ("os", "time", "json", "binascii", "io", "select", "hashlib", "machine", "deflate")


def keep_built_ins():
    """Take these built-in modules once, straight from MicroPython (nothing on the flash extends
    them), and keep them in sys.modules, where every import looks first. A module already there
    stays: the simulator's time, select and machine, which it puts there before the firmware runs."""
    modules = sys.modules
    path = sys.path
    folders = path[:]
    path.clear()
    try:
        for name in BUILT_IN:
            if name not in modules:
                try:
                    modules[name] = __import__(name)
                except ImportError:  # not in this port
                    pass
    finally:
        path.extend(folders)
