"""What the simulator watches of the firmware from outside it: the UI that main.py built.

A board has nothing of this, and the firmware knows nothing of it: once its
modules are loaded, and before main.py builds the device, the UI's
constructor is wrapped here, so the controller's `state` command can say
which screen is on top, what the game's state is and whether the panel
sleeps. What the screen says is read off the emulated panel's pixels, on the
host (adjutant/sim/panel_text.py), as a player reads it.
"""

RUNNING = [None]  # the UI that main.py built, once it has


def install():
    """Wrap the firmware's UI constructor; nothing to do on a bare board."""
    RUNNING[0] = None
    try:
        import ui
    except ImportError:
        return
    made = ui.UI.__init__

    def watched_init(self, *args, **kwargs):
        made(self, *args, **kwargs)
        RUNNING[0] = self

    ui.UI.__init__ = watched_init


def state():
    """What the device holds, for tests and the terminal."""
    running = RUNNING[0]
    out = {"screen": None}
    if running is not None:
        session = running.session
        out["screen"] = running.top().name
        out["stack"] = [s.name for s in running.stack]
        out["toast"] = running.toast
        out["asleep"] = running.asleep
        out["game"] = session.game.state_dict()
        out["gid"] = session.gid
        out["settings"] = running.settings
        out["problem"] = running.display.problem()
    return out
