"""A game as the archive keeps it: its log, the columns every game has, its own detail."""

from __future__ import annotations

import dataclasses
import datetime
import json
from dataclasses import dataclass, field

from shared_engine.games import of_header


@dataclass
class StoredGame:
    dev: str
    gid: str
    sha: str
    log: str
    records: int
    over: bool
    name: str
    winner: str | None
    pulled_at: str
    result: str | None = None  # the result in words, or where the game stands
    detail: dict = field(default_factory=dict)  # the game's own figures (its desk's archived())
    raw: bool = False  # the records as the device sent them: a game this host did not know
    started: int | None = None  # epoch seconds, from the device's clock (see firmware/wallclock.py)
    ended: int | None = None
    estimated: bool = False  # dated from the device's uptime, or not dated at all (then pulled_at)
    # The names of the cards the archive knows, by id (`cards push` remembers them): not a column
    # of the game's, the same for every game (Store.games sets it).
    card_names: dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.dev[:8]}/{self.gid}"

    @property
    def header(self) -> dict:
        """The log's first record (a raw log's: its kind alone)."""
        first = json.loads(self.log.split("\n", 1)[0])
        return first if isinstance(first, dict) else {"a": first[0]}

    @property
    def kind(self) -> str | None:
        """The kind of the record that opens the log: it names the game."""
        return header_kind(self.log.split("\n", 1)[0])

    @property
    def game(self) -> str | None:
        """Which game the log holds, by its header (the registry, shared_engine/games.py); None: a
        game this host does not know."""
        return of_header(self.kind)


def header_kind(first_line: str) -> str | None:
    """The kind of a log's first record, in either form ({"a": "new", ...} or ["new", ...])."""
    try:
        first = json.loads(first_line)
    except ValueError:
        return None
    if isinstance(first, dict):
        kind = first.get("a")
    elif isinstance(first, list) and first:
        kind = first[0]
    else:
        kind = None
    return kind if isinstance(kind, str) else None


COLUMNS = [f.name for f in dataclasses.fields(StoredGame) if f.name != "card_names"]  # the games table's


def now() -> str:
    """Now in local time with its offset, as every date the archive and its exports show: +01:00."""
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")
