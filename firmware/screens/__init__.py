"""Every screen by name, and the module that has it: `screens.Menu(ui)` loads it.

One table says where each shared screen lives (as micropython-lib's and Peter Hinch's lazy
packages do), so no screen imports another inline; the game on the table adds its own (its play
module's SCREENS, which play.of hands over with `use`). A board loads .mpy code into RAM, so
back on the mat the UI drops these modules again (ui.unload): the heap holds the mat and one
screen, not every screen ever opened.
"""

import sys  # here, not in unload(): an import in a function searches the flash at every call

from lazy import ON_MAT, drop

# Module names written out whole: unload() runs whenever the screens change, and a str made
# at run time ("screens." + name) is looked up among all the names the code has interned.
_attrs = {
    "History": "screens.history",
    "Seats": "screens.names",
    "NameEntry": "screens.names",
    "About": "screens.info",
    "Menu": "screens.menu",
    "Settings": "screens.settings",
    "GameOver": "screens.over",  # every game's end: its words from its play module (ending)
}


_game = {}  # the screens of the game on the table, by name: its play module's SCREENS
_play = [None]  # and that play module (its ON_MAT helpers, and which games' code is not its own)


def use(play):
    """The game on the table is `play`'s (its play module): its screens are these from now on."""
    global _game
    _game = play.SCREENS
    _play[0] = play


def __getattr__(attr):
    module = _attrs.get(attr) or _game.get(attr)
    if module is None:
        raise AttributeError(attr)
    return getattr(__import__(module, None, None, (attr,)), attr)  # not kept here: unload() drops it


def _shared(kind):
    """A kind of screen that screen modules build on: a Menu on the stack is a ListScreen too."""
    name = kind.__name__
    for module in ("screens.base", "screens.widgets"):
        loaded = sys.modules.get(module)
        if loaded is not None and getattr(loaded, name, None) is kind:
            return True
    return False


def _in_use(name, stack):
    # Builds no list: unload() runs when the screens change, with the heap at its fullest.
    for value in sys.modules[name].__dict__.values():
        if type(value) is type and not _shared(value):
            for screen in stack:
                if isinstance(screen, value):
                    return True
    return False


def unload(stack=None, keep=None, mat=False):
    """Drop the lazily loaded modules; given the screen stack, only screens' modules none of it uses,
    and the helpers (lazy.ON_MAT, the game's own ON_MAT, other games' play code) only if `mat`:
    the stack is the mat alone.
    keep: the name of a screen about to open, whose module stays if loaded (not dropped and read again)."""
    modules = sys.modules
    kept = _attrs.get(keep) or _game.get(keep)
    play = _play[0]
    for names in (ON_MAT, play.ON_MAT if play else (), _attrs.values(), _game.values()):
        helpers = names is ON_MAT or (play is not None and names is play.ON_MAT)
        for name in names:
            if name not in modules or name == kept:
                continue
            try:
                # helpers such as the guidance texts stay until the mat: screens may hold their functions;
                # the mat's own module stays with it (a screen beside it would read it again: twice the code)
                if stack is not None and (not mat if helpers else _in_use(name, stack)):
                    continue
            except MemoryError:  # not even the heap to look: it stays until the screens change again
                continue
            drop(name)
    if play is not None and (stack is None or mat):
        _drop_other_games(modules, play.__name__)


def _drop_other_games(modules, own):
    """What New game and the menu loaded of other games (their play modules, their rows) goes."""
    others = None
    for name in modules:
        if name.startswith("play.") and not (name == own or name.startswith(own + ".")):
            others = (others or []) + [name]
    for name in others or ():
        drop(name)
