"""The games Adjutant keeps: the registry, one entry a game, as data. Nothing else names a game.

An entry: the game's id (settings, the archive, `--game`), its name, the kind of the record that
opens its logs, and where each of its faces lives:
- engine: a package of shared_engine/ with `core` (its `Core`: actions, undo, state), `actions`
  (its records: SPECS, make, from_record, to_record) and `bgstats` (its play for BG Stats);
- device: a package of firmware/play/ (its play module: firmware/play/__init__.py says what it holds);
- desk: a package of host/adjutant/games/ (its `Desk`: host/adjutant/games/__init__.py);
- cards: the file on the device's flash holding its card data, for a game that reads one (its
  engine then has `cards`, whose `CardSet` checks it, and its desk `cards_file`); else "".
A game's code loads only when one of its logs is read, or a game of it begins.
The Great War's logs open with "new": every log written before there was a second game does.
"""

from .errors import GameError

# In the order New game lists them.
GAMES = (
    (
        "the-great-war",
        "The Great War",
        "new",
        "shared_engine.great_war",
        "play.great_war",
        "adjutant.games.great_war",
        "cards.json",  # the name every board has kept it under since before there was a second game
    ),
    ("the-war", "The War", "the-war", "shared_engine.the_war", "play.the_war", "adjutant.games.the_war", ""),
    (
        "last-front",
        "Last Front",
        "last-front",
        "shared_engine.last_front",
        "play.last_front",
        "adjutant.games.last_front",
        "",
    ),
)
ID, NAME, HEADER, ENGINE, DEVICE, DESK, CARDS = 0, 1, 2, 3, 4, 5, 6  # an entry's fields

# The game that boards, hosts and archives took for granted before there was a second: a board
# with no game on flash begins it, New game leads with it until another is begun, a device reply
# or a card push that names no game is its, and its BoardGameGeek id keeps the archive's first
# key. Named here, not taken as the first of GAMES: New game's order may change, this may not.
LEGACY = "the-great-war"


def ids():
    return [entry[ID] for entry in GAMES]


def entry(game):
    """The registry's entry of a game id; GameError for an id nobody registered."""
    for one in GAMES:
        if one[ID] == game:
            return one
    raise GameError("unknown game %r" % (game,))


def of_header(kind):
    """The id of the game whose logs open with a record of this kind, or None."""
    for one in GAMES:
        if one[HEADER] == kind:
            return one[ID]
    return None


def opened_by(kind):
    """The entry of the game a header kind opens; GameError for a kind no game opens with."""
    for one in GAMES:
        if one[HEADER] == kind:
            return one
    raise GameError("unknown game %r: no game's log opens with it" % (kind,))


def name(game):
    return entry(game)[NAME]


def face(game, which, module=None):
    """A game's face (ENGINE, DEVICE or DESK), or a module of it, imported."""
    path = entry(game)[which] + ("." + module if module else "")
    return __import__(path, None, None, ("_",))


def with_cards():
    """The ids of the games that read card data, in the registry's order."""
    return [one[ID] for one in GAMES if one[CARDS]]


def card_set(game, data):
    """Card data (parsed JSON) of a game, checked by its engine: its CardSet; CardDataError if bad."""
    return face(game, ENGINE, "cards").CardSet(data)


def _engine(kind, module):
    return __import__(opened_by(kind)[ENGINE] + "." + module, None, None, ("_",))


def core(header, cards=None):
    """The game's core (actions, undo, redo, state) for a log's header action."""
    return _engine(header[0], "core").Core(header, cards)


def records(kind):
    """The records module (SPECS, make, from_record, to_record) of the game a header kind opens."""
    return _engine(kind, "actions")
