"""What the simulator watches of the firmware from outside it: the running UI and each frame's text.

A board has nothing of this, and the firmware knows nothing of it: once its
modules are loaded, and before main.py builds the device, the UI's
constructor and the text drawing helpers are wrapped here. The controller's
`state` command reads what they saw.
"""

RUNNING = [None]  # the UI that main.py built, once it has
SHOWN = []  # the texts of the latest frame, in drawing order


def install():
    """Wrap the firmware's UI and drawing helpers; nothing to do on a bare board."""
    RUNNING[0] = None
    del SHOWN[:]
    try:
        import gfx
        import ui
    except ImportError:
        return
    made, render = ui.UI.__init__, ui.UI.render
    text, die = gfx.text, gfx.die

    def watched_init(self, *args, **kwargs):
        made(self, *args, **kwargs)
        RUNNING[0] = self

    def watched_render(self):
        del SHOWN[:]
        render(self)

    def watched_text(fb, s, *args):
        SHOWN.append(s)
        text(fb, s, *args)

    def watched_die(fb, face, *args):
        SHOWN.append("d6=%d" % face)
        die(fb, face, *args)

    ui.UI.__init__ = watched_init
    ui.UI.render = watched_render
    gfx.text = watched_text
    gfx.die = watched_die


def state():
    """What the device shows and holds, for tests and the terminal."""
    running = RUNNING[0]
    out = {"shown": SHOWN, "screen": None}
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
