"""Folding a game's journal into a new snapshot (journal/__init__.py has the file format).

Work for a pause in play (Session.fold), a new game and a repair, never a
press: the UI drops this module back on the mat (lazy.ON_MAT).
"""

import os
from binascii import hexlify
from hashlib import sha256

import wallclock

from journal.lines import json_bytes, line, record_bytes, remove_quietly


def summary(game):
    """One line for the history list ("CP by 15, Moral"; "P1 won, round 5"), or None while playing."""
    return game.summary()


def log_records(game):
    """The game's log as compact records, the header first, made one at a time."""
    yield record_bytes(game.header)
    for action in game.actions:
        yield record_bytes(action)


def _tallied(records, tally):
    """The records, passed on as they come, added to tally: [sha256, size, records]."""
    digest = tally[0]
    for data in records:
        digest.update(data)
        digest.update(b"\n")
        tally[1] += len(data) + 1
        tally[2] += 1
        yield data


def _sent(tally):
    return [hexlify(tally[0].digest()).decode(), tally[1], tally[2]]


def log_digest(game):
    """[sha256 hex, size, records] of the game's log as the link sends it: compact records, a line each."""
    tally = [sha256(), 0, 0]
    for _ in _tallied(log_records(game), tally):
        pass
    return _sent(tally)


def fold(journal, game, gen=None):
    """Write `game` as `journal`'s snapshot generation `gen` (the next by default), then drop the old journal."""
    journal.close()
    old = journal.journal_path()
    gen = journal.gen + 1 if gen is None else gen
    tmp = journal.base + ".tmp"
    meta = {"gen": gen, "end": summary(game)}
    times = journal.times
    records = log_records(game)  # made one at a time as they are written: no list of them all
    finished = game.state.phase == "over"
    if finished:
        # A finished game's log, described once, so the link lists it without replaying it.
        # Written first at the widest a digest gets (no log nears 10 MB), and over when the records are in.
        meta["sent"] = ["0" * 64, 9999999, 99999]
        tally = [sha256(), 0, 0]
        records = _tallied(records, tally)
        times.setdefault("done", wallclock.stamp())  # if a boot came between the end and this
    elif "done" in times:  # the end was undone
        del times["done"]
    for key in times:
        times[key] = wallclock.settle(times[key])
    meta.update(times)
    head = json_bytes(meta)  # read back with json.loads only
    with open(tmp, "wb") as f:
        f.write(line(head))
        # Compact records: half the flash, and the link sends them as they are.
        for data in records:
            f.write(line(data))
        if finished:
            meta["sent"] = _sent(tally)
            data = json_bytes(meta)
            f.seek(0)  # the file is still in littlefs's cache: the meta line is written over, not moved
            f.write(line(data + b" " * (len(head) - len(data))))  # JSON allows the padding
    os.rename(tmp, journal.base + ".snp")
    journal.gen = gen
    journal.blocked = None
    journal.records = journal.size = 0
    if old != journal.journal_path():
        remove_quietly(old)
