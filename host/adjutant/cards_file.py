"""Card files on the computer, for any game that reads card data (the registry says which): what
a game's reader reports, and the card data as the device stores it. Each such game's desk has its
reader (`Desk.cards_file`: load(path) -> the checked data, template(kind) -> a file to start from).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from types import ModuleType


@dataclass
class Problem:
    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "")
        return f"{where}: {self.field + ': ' if self.field else ''}{self.message}"


class CardFileError(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def packed(data: dict) -> bytes:
    """The card data as the device stores it: compact JSON."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True).encode()


def reader(game: str) -> ModuleType:
    """The card file reader of a game that reads card data (its desk's cards_file)."""
    from adjutant.games.desks import desk

    return __import__(desk(game).cards_file or "", None, None, ("load",))
