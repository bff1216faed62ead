"""Each game's way of being played on the device, behind the Session: a package per game.

A game's play module (play/<game>/__init__.py, named by the registry, shared_engine/games.py)
says what the Session and the UI need to know of its game and nothing of any other: base.py
lists what it holds, and gives the defaults a game takes unless it says otherwise. Beside it in
its package: its screens, its menu and New game rows (rows.py). Kept small: the Session holds
it all game long. A game's screens load only through its play module, so The Great War's code
is not in the heap during The War, nor the reverse.
"""


def of(game):
    """The play module of a game core: the registry's device face of the game its header opens,
    given base.py's defaults for what it does not say. Its screens are the screens' from now on
    (screens.use)."""
    import screens

    from shared_engine.games import DEVICE, opened_by

    module = _completed(__import__(opened_by(game.header[0])[DEVICE], None, None, ("_",)))
    screens.use(module)
    return module


def _completed(module):
    from play import base

    for name, value in base.__dict__.items():
        if name[0] != "_" and name not in module.__dict__:
            setattr(module, name, value)
    return module


def fresh():
    """The header of the game a board with none on flash begins: the registry's first game, as
    its play module begins one."""
    from shared_engine.games import DEVICE, GAMES

    return _completed(__import__(GAMES[0][DEVICE], None, None, ("_",))).fresh()


def let_go(was, now):
    """A game of another game began: the code of the one before goes, all of its device and
    engine packages."""
    if was is None or was.GAME == now.GAME:
        return
    import sys

    from lazy import drop

    from shared_engine.games import ENGINE, entry

    packages = (was.__name__, entry(was.GAME)[ENGINE])
    gone = [name for name in sys.modules if _within(name, packages)]
    for name in gone:
        drop(name)


def _within(name, packages):
    for package in packages:
        if name == package or name.startswith(package + "."):
            return True
    return False
