"""What a play module holds, and what a game takes unless its play module says otherwise.

A game's play module (firmware/play/<game>/__init__.py) writes only what differs from these:
play.of gives it, when it loads it, each of these it does not hold itself. It holds:
- GAME: its id in the registry (shared_engine/games.py); MAT: the name of its mat screen (which
  mat_screen(ui) opens; a function's name here must not be a module's in its package);
- SCREENS: its screens by name, and the module of each (screens.use makes them screens.Name);
- ON_MAT: the modules it loads now and then that go again back on the mat (its menu rows, the
  texts its screens show);
- TRACK: the key of the state's record of turns, and of each one's number (a state reply to a
  host cuts a long one to its recent turns);
- BROUGHT: the screen each moment of the game brings; BRINGS: the saved actions after which a
  moment may bring one;
- fresh(): the header of the game a board with no game on flash begins (the registry's first game's);
- carry_on(session, kind): the moves of a press that nobody enters;
- moment(session): what the moment asks the players for (a key of BROUGHT), or None;
- reopen(ui): at boot, an entry a power cut interrupted, opened again at its confirmed number;
- describe(action, phase): an action in a player's words, for what an undo or redo says;
- standing(state): where an unfinished game stands, in a few words ("Turn 3 of this one");
- joined(actions): after a restart, which actions a press made together (undone together);
- watched(session, kind, body): what a watching host hears of a saved action beyond the state;
- its rows module, `rows` in its package: menu(...) and new_game_rows(screen).
Its screens and helpers live in its own package beside it.
"""

BROUGHT: dict = {}
BRINGS: tuple = ()
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


def watched(session, kind, body):
    """Nothing beyond the state."""
