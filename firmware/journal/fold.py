"""Folding a game's journal into a new snapshot (journal/__init__.py has the file format).

Work for a pause in play (Session.fold), a new game and a repair, never a
press: the UI drops this module back on the mat (lazy.ON_MAT).
"""

import os
from binascii import hexlify
from hashlib import sha256

import wallclock

from journal.lines import json_bytes, line, lines_at, record_bytes, remove_quietly
from shared_engine.snapshot import line_count as state_line_count
from shared_engine.snapshot import lines as state_lines


def summary(game):
    """One line for the history list ("CP by 15, Moral"; "P1 won, round 5"), or None while playing."""
    return game.summary()


# The device keeps a window of a game's actions in memory (shared_engine/action_list.py): once it
# holds more than this many, a fold settles those before the turn before this one on the log.
WINDOW = 64


def log_records(game, journal=None):
    """The game's log as compact records, the header first, made one at a time: what is settled
    read from `journal`'s log on flash, then the window in memory."""
    if game.settled:
        for text, _ in lines_at(journal.log_path(), [], 0, journal.logged[1]):
            yield text
    else:
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


def log_digest(game, journal=None):
    """[sha256 hex, size, records] of the game's log as the link sends it: compact records, a line each."""
    tally = [sha256(), 0, 0]
    for _ in _tallied(log_records(game, journal), tally):
        pass
    return _sent(tally)


def _settle(journal, game, joined):
    """Put the actions the window lets go on the log (journal.log_path()); the log's new
    [records, bytes], with the cut and the base state for the snapshot, or None if none go."""
    cut, base = game.settling(WINDOW, joined)
    if not cut:
        return None
    path = journal.log_path()
    logged = journal.logged
    if logged is None:  # the first settled: the log begins with the header
        logged = [0, 0]
        mode = "wb"
        pieces = [record_bytes(game.header)]
    else:
        mode = "ab"
        pieces = []
        try:
            size = os.stat(path)[6]
        except OSError:
            size = -1
        if size != logged[1]:
            _cut_to(path, logged[1])  # a fold cut short appended what its snapshot never took
    records, size = logged
    with open(path, mode) as f:
        for data in pieces + [record_bytes(a) for a in game.actions[:cut]]:
            data = line(data)
            f.write(data)
            records += 1
            size += len(data)
    return [records, size], cut, base


def _cut_to(path, end):
    """Keep the first `end` bytes of the log (rare: after a power cut in a fold)."""
    tmp = path + ".cut"
    with open(path, "rb") as f, open(tmp, "wb") as out:
        left = end
        while left > 0:
            chunk = f.read(min(left, 512))
            if not chunk:
                raise OSError("the log on flash is shorter than its snapshot says")
            out.write(chunk)
            left -= len(chunk)
    os.rename(tmp, path)


def fold(journal, game, gen=None, joined=()):
    """Write `game` as `journal`'s snapshot generation `gen` (the next by default), then drop the
    old journal. A long game's window is settled first: its oldest actions go on the log."""
    journal.close()
    old = journal.journal_path()
    gen = journal.gen + 1 if gen is None else gen
    tmp = journal.base + ".tmp"
    settled = _settle(journal, game, joined) if gen else None
    logged = journal.logged if settled is None else settled[0]
    meta = {"gen": gen, "end": summary(game)}
    if settled is None:
        window = game.actions
        base = game.base
    else:
        _, cut, base = settled
        window = game.actions[cut:]
    if logged is not None:
        meta["log"] = logged
        meta["parts"] = state_line_count(base)  # the snapshot's lines of the base state
    times = journal.times
    finished = game.state.phase == "over"
    if finished:
        # A finished game's log, described once, so the link lists it without replaying it.
        # Written first at the widest a digest gets (no log nears 10 MB), and over when the records are in.
        meta["sent"] = ["0" * 64, 9999999, 99999]
        tally = [sha256(), 0, 0]
        if logged is not None:
            for _ in _tallied((t for t, _ in lines_at(journal.log_path(), [], 0, logged[1])), tally):
                pass
        else:
            _tallied_one(record_bytes(game.header), tally)
        times.setdefault("done", wallclock.stamp())  # if a boot came between the end and this
    elif "done" in times:  # the end was undone
        del times["done"]
    for key in times:
        times[key] = wallclock.settle(times[key])
    meta.update(times)
    head = json_bytes(meta)  # read back with json.loads only
    with open(tmp, "wb") as f:
        f.write(line(head))
        f.write(line(record_bytes(game.header)))
        if logged is not None:  # the state the window begins from, a line a part, then the core's own (KEEPS)
            for value in state_lines(base):
                f.write(line(json_bytes(value)))
            f.write(line(json_bytes(game.keeps())))
        # Compact records: half the flash, and the link sends them as they are.
        for action in window:
            data = record_bytes(action)
            if finished:
                _tallied_one(data, tally)
            f.write(line(data))
        if finished:
            meta["sent"] = _sent(tally)
            data = json_bytes(meta)
            f.seek(0)  # the file is still in littlefs's cache: the meta line is written over, not moved
            f.write(line(data + b" " * (len(head) - len(data))))  # JSON allows the padding
    os.rename(tmp, journal.base + ".snp")
    if settled is not None:
        game.settle(settled[1], base)
    journal.logged = logged
    journal.gen = gen
    journal.blocked = None
    journal.records = journal.size = 0
    if old != journal.journal_path():
        remove_quietly(old)


def _tallied_one(data, tally):
    for _ in _tallied((data,), tally):
        pass
