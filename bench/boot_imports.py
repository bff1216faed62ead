"""Boot the firmware with every import statement traced (runs under micropython).

    micropython -X heapsize=N bench/boot_imports.py REPO CODE FLASH_IMAGE

Runs bench/press_work.py's boot unchanged, and stops at the first screen, where
its scripted game would begin. Before and after each import statement it
prints the live heap and micropython.qstr_info()'s line; at the first screen,
the live heap and the modules still loaded. bench/module_heap.py reads it from
press_work's "harness" line on. The tracing lives here, not in press_work.py:
every name a script holds is interned, and more names make each name the
firmware loads cost more to look up, which would move press_work's counts.
"""

import builtins
import gc
import sys

import micropython

repo = sys.argv[1]
sys.path[:0] = [repo + "/bench", repo]

from bench import scripted_game, scripted_game_before  # noqa: E402

real_import = builtins.__import__


def traced_import(name, globals=None, locals=None, fromlist=(), level=0):
    if level:  # "from .errors import GameError" in shared_engine/great_war/actions.py: shared_engine.errors
        base = globals["__name__"]
        if "__path__" not in globals:
            base = base.rsplit(".", level)[0]
        name = base + "." + name if name else base
        level, globals = 0, None
    loaded = len(sys.modules)
    gc.collect()
    print("IN %s %d" % (name, gc.mem_alloc()))
    micropython.qstr_info()
    module = real_import(name, globals, locals, fromlist, level)
    gc.collect()
    print("OUT %s %d %d" % (name, gc.mem_alloc(), len(sys.modules) - loaded))
    micropython.qstr_info()
    return module


def first_screen(*_):
    """press_work.py asks for the game's presses once the first screen is on the panel: stop there."""
    builtins.__import__ = real_import
    gc.collect()
    print("LIVE %d" % gc.mem_alloc())
    print("KEPT %s" % " ".join(sys.modules))  # a module loaded for a moment may have gone again
    raise SystemExit


scripted_game.events = first_screen
scripted_game_before.events = first_screen
builtins.__import__ = traced_import
import press_work  # noqa: E402, F401
