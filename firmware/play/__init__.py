"""Each game's way of being played on the device, behind the Session: a package per game.

A game's play module (play/<game>/__init__.py, named by the registry, shared_engine/games.py)
says what the Session and the UI need to know of its game and nothing of any other. Beside it in
its package: its screens, its menu and New game rows (rows.py). Kept small: the Session holds
it all game long. A game's screens load only through its play module, so The Great War's code
is not in the heap during The War, nor the reverse.

A play module writes only what differs from the defaults below (BASE): play.of gives it, when it
loads it, each of these it does not hold itself. Here, not in a module of their own: one import
less at every boot. It holds:
- GAME: its id in the registry (shared_engine/games.py); MAT: the name of its mat screen (which
  mat_screen(ui) opens; a function's name here must not be a module's in its package);
- SCREENS: its screens by name, and the module of each (screens.use makes them screens.Name);
- ON_MAT: the modules it loads now and then that go again back on the mat (its menu rows, the
  texts its screens show);
- TRACK: the key of the state's record of turns, and of each one's number (a state reply to a
  host cuts a long one to its recent turns);
- BROUGHT: the screen each moment of the game brings; BRINGS: the saved actions after which a
  moment may bring one;
- fresh(): the header of the game a board with no game on flash begins (the registry's LEGACY game's);
- carry_on(session, kind): the moves of a press that nobody enters;
- moment(session): what the moment asks the players for (a key of BROUGHT), or None;
- reopen(ui): at boot, an entry a power cut interrupted, opened again at its confirmed number;
- describe(action, phase): an action in a player's words, for what an undo or redo says;
- standing(state): where an unfinished game stands, in a few words ("Turn 3 of this one");
- joined(actions): after a restart, which actions a press made together (undone together);
- played(actions): whether anything was played (a game left with nothing played is not kept);
- ending(state): the game-over screen's words (screens/over.py draws them for every game);
- watched(session, kind, body): what a watching host hears of a saved action beyond the state;
- SETTINGS: its own settings, {name: (default, allowed values or range)}, kept in settings.json
  with the device's and checked when the game is played (settle);
- its rows module, `rows` in its package: menu(...) and new_game_rows(screen).
Its screens and helpers live in its own package beside it.
"""


def of(game):
    """The play module of a game core: the registry's device face of the game its header opens,
    given BASE's defaults for what it does not say. Its screens are the screens' from now on
    (screens.use)."""
    import screens

    from shared_engine.games import DEVICE, opened_by

    module = _completed(__import__(opened_by(game.header[0])[DEVICE], None, None, ("_",)))
    screens.use(module)
    return module


def _completed(module):
    own = module.__dict__
    defaults = globals()
    for name in BASE:
        if name not in own:
            setattr(module, name, defaults[name])
    return module


def fresh():
    """The header of the game a board with none on flash begins: the registry's LEGACY game, as
    its play module begins one."""
    from shared_engine.games import DEVICE, LEGACY, entry

    return _completed(__import__(entry(LEGACY)[DEVICE], None, None, ("_",))).fresh()


def settle(module, settings, warn):
    """The game's own settings in `settings`: each one missing, or of a value it does not take,
    set to its default; `warn` names those that were bad, once (they are not bad again)."""
    bad = []
    for key, (default, allowed) in getattr(module, "SETTINGS", SETTINGS).items():
        if key not in settings:
            settings[key] = default
        elif not fits(settings[key], default, allowed):
            settings[key] = default
            bad.append(key)
    if bad:
        warn("bad setting %s; default used" % ", ".join(bad))


def fits(value, default, allowed):
    return type(value) is type(default) and value in allowed


def every_setting():
    """Every registered game's own settings, {name: (default, allowed)}: each play module is read
    for it, and those of games not on the table are let go again (a host's settings request)."""
    import sys

    from lazy import drop

    from shared_engine.games import DEVICE, GAMES

    found = {}
    for game in GAMES:
        had = set(sys.modules)
        found.update(_completed(__import__(game[DEVICE], None, None, ("_",))).SETTINGS)
        for name in [name for name in sys.modules if name not in had]:
            drop(name)
    return found


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


# -- the defaults a play module takes unless it says otherwise --------------------------------

BASE = (
    "BROUGHT",
    "BRINGS",
    "SCREENS",
    "ON_MAT",
    "TRACK",
    "mat_screen",
    "carry_on",
    "moment",
    "reopen",
    "describe",
    "standing",
    "joined",
    "watched",
    "ending",
    "played",
    "SETTINGS",
)
BROUGHT: dict = {"over": "GameOver"}  # the end: screens/over.py, every game's
BRINGS: tuple = ()
SETTINGS: dict = {}
SCREENS: dict = {}
ON_MAT: tuple = ()
TRACK: tuple = ("track", "turn")  # the state's list of turns, and each one's number: a long one is cut for the link


def mat_screen(ui):
    """The game's mat: the screen MAT names, marked with the game it is for (the UI gives another
    game its own)."""
    import screens

    play = ui.session.play
    screen = getattr(screens, play.MAT)(ui)
    screen.game = play.GAME
    return screen


def carry_on(session, kind):
    """No move nobody enters: each action is one a player entered."""


def moment(session):
    """ "over" once the game has ended (the screen BROUGHT names for it); else None: the mat is all."""
    return "over" if session.game.state.phase == "over" else None


def reopen(ui):
    """No entry keeps a number across a power cut: nothing to open again."""


def describe(action, phase):
    return action[0]


def standing(state):
    """Where an unfinished game stands, as New game's question names it ("Turn 3 of this one")."""
    return "This one"


def joined(actions):
    """Every action was a press of its own."""
    return set()


def played(actions):
    """Any action is play."""
    return bool(actions)


def ending(state):
    """The game-over screen's words: (title, who won, how: up to 2 lines, when), 16 characters a
    line, the second 8 (it is drawn twice the size)."""
    return "GAME OVER", "OVER", (), ""


def watched(session, kind, body):
    """Nothing beyond the state."""
