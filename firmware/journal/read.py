"""Reading a game back from flash (journal/__init__.py has the file format).

Needed at boot, and when a game is listed, resumed or pulled: the UI drops this
module back on the mat (lazy.ON_MAT), so it takes no heap during play.
"""

import json

from journal.lines import checked_lines, remove_quietly
from shared_engine.errors import GameError
from shared_engine.games import core, of_header, records
from shared_engine.games import name as game_name
from shared_engine.records import from_compact
from shared_engine.snapshot import Reader, parts_of


def read_meta(root, gid):
    """The snapshot's meta record and header, read without replaying the game."""
    meta = header = None
    for text in checked_lines("%s/%s.snp" % (root, gid), []):
        if meta is None:
            meta = json.loads(text)
        else:
            header = json.loads(text)
            if type(header) is list:  # compact: ["new", name, turns, first], or another game's
                header = _header_fields(header)
            break
    return meta, header


def _header_fields(values):
    """A compact header as its record's fields, by its game's table: {"a": "new", "name": "Basic
    game", "turns": 10, ...}; the game's name from the registry where its header has none."""
    kind = values[0]
    fields = {"a": kind}
    try:
        for (key, _, _), value in zip(records(kind).SPECS[kind], values[1:]):
            fields[key] = value
        if "name" not in fields:
            fields["name"] = game_name(of_header(kind))
    except GameError as e:  # a game this firmware does not know: listed, never replayed
        fields["name"] = str(e)
    return fields


def load(journal, cards=None):
    """Rebuild `journal`'s game: snapshot, then journal; damage is dropped, never the game.

    A long game's snapshot holds, after its header, the state its window begins from and the
    core's own (KEEPS), then the window: its settled actions are on the log, not read here."""
    problems = journal.problems = []
    game = None
    meta = None
    keeps = reader = None
    for text in checked_lines(journal.base + ".snp", problems):
        if meta is None:  # the first line is the snapshot's own record
            meta = json.loads(text)
            journal.gen = meta["gen"]
            journal.logged = meta.get("log")
            journal.times = {k: meta[k] for k in ("at", "began", "done") if k in meta}
            continue
        if game is None:
            game = core(_decoded(text, "snapshot", None), cards)  # the header names the game: "new" for The Great War
            if journal.logged is not None:
                reader = Reader(parts_of(game.State))
        elif reader is not None:  # the state the window begins from, a line a part
            if reader.feed(json.loads(text)):
                game.resume(reader.state, journal.logged[0] - 1)  # the log: its header, then those settled
                reader = None
        elif journal.logged is not None and keeps is None:
            keeps = json.loads(text)
        else:
            game.apply(_decoded(text, "snapshot", game))
    if game is None or (journal.logged is not None and keeps is None):
        raise GameError("game %s has no readable snapshot" % journal.gid)
    if keeps is not None:
        game.restore(keeps)
    journal.records = journal.size = 0
    for text in checked_lines(journal.journal_path(), problems):
        try:
            game.apply(_decoded(text, "journal", game))
        except GameError as e:
            problems.append("%s: %s; it and what follows were dropped" % (journal.gid, e))
            break
        journal.records += 1
        journal.size += len(text) + 10  # the line: crc, space, the JSON, newline
    _clean_leftovers(journal)
    if problems:
        try:
            journal.fold(game)  # the next append must not follow a torn line
        except OSError as e:
            journal.blocked = "cannot repair the journal (%s)" % e
    return game


def _decoded(text, where, game):
    """A line's action: compact, as this firmware writes, or an older firmware's full record (the
    log's other reader, shared_engine/log.py, loaded for those only)."""
    if text.startswith(b"["):
        return from_compact(text, where, game, records)
    from shared_engine.log import decode

    return decode(text, where, game)


def _clean_leftovers(journal):
    """Remove what a power cut in a fold leaves (journal/fold.py): the .tmp it was writing, or,
    cut after its rename, the journal of the generation before. Each by its name: the folder is
    not listed, which takes long with many games kept."""
    remove_quietly(journal.base + ".tmp")
    if journal.gen:
        remove_quietly("%s.j%d" % (journal.base, journal.gen - 1))
