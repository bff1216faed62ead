"""`adjutant import FILE...`: games saved on the phone page ("Save game") into the archive.

A file holds one game as the device stores it: its compact records, a line
each, their sha256, the device's id and when it was played (what `adjutant
pull` receives over the link). It passes the same checks as a pulled game
(the records' sha256, then the engine replaying every action) and the same
de-dup: a game the archive holds already adds nothing, a game saved again
further on replaces its older copy.
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass, field

from adjutant.errors import InvalidData
from adjutant.pull import expand, raw, sent_digest, summarize
from adjutant.store import Store
from adjutant.stored import header_kind
from shared_engine.games import of_header

KIND = "adjutant-game"


@dataclass
class Imported:
    new: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)


def read(path: pathlib.Path) -> dict:
    """The saved game in `path`, its fields checked; InvalidData says what is wrong, in one line."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise InvalidData(f"{path}: not a saved Adjutant game ({str(e).splitlines()[0]})") from None
    if not isinstance(data, dict) or data.get(KIND) != 1:
        raise InvalidData(f'{path}: not a saved Adjutant game (no "{KIND}": 1; the page\'s Save game writes one)')
    for key, kind in (("dev", str), ("gid", str), ("sha", str), ("records", list)):
        if not isinstance(data.get(key), kind) or not data[key]:
            raise InvalidData(f"{path}: damaged: its {key!r} is missing or wrong")
    if not all(isinstance(r, str) for r in data["records"]):
        raise InvalidData(f"{path}: damaged: a record is not text")
    if sent_digest(data["records"]) != data["sha"]:
        raise InvalidData(f"{path}: damaged: its records do not match their sha256; nothing was imported from it")
    return data


def import_file(store: Store, path: pathlib.Path, result: Imported) -> str:
    """One file into the archive (not yet committed); returns what happened, for the user."""
    data = read(path)
    dev, gid, sha = data["dev"], data["gid"], data["sha"]
    known = of_header(header_kind(data["records"][0])) is not None
    try:
        log, game = expand(data["records"]) if known else ("", None)
    except InvalidData as e:
        raise InvalidData(f"{path}: damaged: {str(e).replace(' (from the device)', '')}") from None
    if store.has(dev, gid, sha):
        result.unchanged.append(gid)
        return f"{path.name}: {gid} is in the archive already"
    had = store.known(dev, gid)
    store.seen(dev, str(data.get("board", "phone")), str(data.get("fw", "")))
    if known:
        stored = summarize(dev, gid, sha, log, game, data.get("t"))
    else:  # a game of a kind this host does not know (a newer page's): kept as it came
        stored = raw(dev, gid, sha, data["records"], False, data.get("t"))
    store.put(stored, cursor=False)
    (result.updated if had else result.new).append(gid)
    standing = stored.result if stored.over or stored.raw else f"not over: {stored.result}"
    return f"{path.name}: {gid} {'updated' if had else 'imported'} ({stored.name}, {standing})"
