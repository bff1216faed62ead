"""The interface of a game's desk face (adjutant/games/__init__.py lists its hooks), and the desk
of a game this host does not know."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from adjutant.setting_kinds import Setting
from shared_engine.games import GAMES, ID, NAME

if TYPE_CHECKING:  # the archive's row; SQLite is not loaded for `adjutant --help`
    from adjutant.stored import StoredGame


@dataclass
class Archived:
    """What the archive keeps of a game beside its log: game-neutral columns, and its own detail."""

    name: str  # the game as the table set it up ("Basic game", "The War")
    winner: str | None  # who won, in the game's own terms (a side, a seat, a player's name)
    result: str  # the result in words, or where the game stands
    detail: dict = field(default_factory=dict)  # the game's own figures (JSON in the archive)


@dataclass
class Section:
    """What the report says of one game."""

    game: StoredGame
    facts: list[tuple[str, str]]  # label, text: in the order both formats show them
    head: list[str]  # the table of its turns (rounds, battles): the columns
    rows: list[list[str]]
    over: bool
    people: list[tuple[str, str, str]] = field(default_factory=list)  # (name, side played, "win"/"draw"/"loss")
    chart: Any = None  # a matplotlib figure, or None
    chart_alt: str = ""
    track_md: str | None = None  # a line drawn above the table (The Great War's turn track)
    track_html: str | None = None
    figures: dict = field(default_factory=dict)  # what the desk's summary() counts across games


class Desk:
    """The hooks of a game's desk face; the defaults are what a game without its own says."""

    game = ""  # the registry's id
    short = ""  # a word for the `games` list's GAME column
    seat_codes: tuple[str, ...] = ()  # what `export --player SEAT=NAME` names (none: the game names its players)
    csv_columns: tuple[str, ...] = ()
    # its own device settings (its play module's SETTINGS), as `adjutant settings` takes them
    settings: ClassVar[dict[str, Setting]] = {}
    # for a game that reads card data (the registry's cards file): the module reading its card
    # files, with load(path) -> the checked data and template(kind) -> a file to start from
    cards_file: ClassVar[str | None] = None

    @property
    def name(self) -> str:
        return dict((g[ID], g[NAME]) for g in GAMES).get(self.game, self.game)

    def archived(self, game: Any) -> Archived:
        raise NotImplementedError

    def variant(self, stored: StoredGame) -> str:
        """Which way of playing the game this was, in a word (JSON's "kind"): the game's id unless
        it has several (The Great War's basic game, scenario, solitaire)."""
        return self.game

    def mode(self, stored: StoredGame) -> str:
        return self.name

    def row(self, stored: StoredGame) -> tuple[str, str]:
        """(the mode in a few words, the result or where it stands) for the `games` list."""
        return "", stored.result or ("over" if stored.over else "in progress")

    def story(self, stored: StoredGame) -> list[str]:
        return []

    def csv_rows(self, stored: StoredGame) -> list[dict]:
        return []

    def fields(self, stored: StoredGame) -> dict:
        """The game's own figures for the whole game (`games --json` adds them to its row)."""
        return {}

    def to_json(self, stored: StoredGame) -> dict:
        """Its own part of the JSON export: its fields, and its turns (rounds, battles)."""
        raise NotImplementedError

    def section(self, store: Any, stored: StoredGame) -> Section:
        raise NotImplementedError

    def summary(self, sections: list[Section]) -> list[tuple[str, str]]:
        return []

    def seats(self, stored: StoredGame, named: dict[str, str]) -> dict[str, str]:
        """A name for each seat (side, player) of the game: the people named, else the seat's own."""
        return {}

    def people_seats(self, stored: StoredGame) -> tuple[str, ...]:
        """The seats a person played, to be named for BG Stats (none: the game names its players)."""
        return self.seat_codes

    def bgstats(self, stored: StoredGame, named: dict[str, str], bgg_id: int | None, when: str, play_date: str):
        raise NotImplementedError

    def playing(self, state: dict) -> str:
        """The game on the device in a few words, from its state reply (`adjutant info`)."""
        return f"phase {state.get('phase')}"

    def state_line(self, body: dict) -> str:
        return f"{body.get('gid')}  {self.name}  phase {body['state'].get('phase')}"

    def said(self, event: dict, before: dict | None) -> str:
        return str(event.get("a"))

    def passes_through(self, event: dict) -> bool:
        """The device may go on past what this event says in the same press: say it only if the
        game stays there (unless carried_on(the next event))."""
        return False

    def carried_on(self, event: dict) -> bool:
        return False


class Unknown(Desk):
    """A game this host does not know: a log from firmware newer than the CLI, kept as it came."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.game = kind

    @property
    def name(self) -> str:
        return unknown(self.kind)

    def archived(self, game: Any) -> Archived:
        return Archived(self.name, None, "")

    def row(self, stored: StoredGame) -> tuple[str, str]:
        return "", self.name


def unknown(kind: str) -> str:
    return f"unknown game {kind!r} (newer firmware?)"
