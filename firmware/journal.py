"""One game on flash: a compacted snapshot plus an append-only journal.

    g0007.snp    snapshot: a meta line {"gen":N}, then the game log, a compact record a line
    g0007.j<N>   journal: the records since snapshot generation N, compact too

Every line is "<crc32 as 8 hex digits> <JSON>\n": records in the one form the
link also sends (["bp",14,12]), so what the host checks is what is stored (older
firmware's full records still load). An action is appended, and the file flushed
(which commits it on littlefs), before the screen confirms it; the journal is
folded into a new snapshot when the player pauses, never inside a press. A
snapshot is written to a .tmp file and renamed over the old one, so it is the
old or the new, never half of each; the journal belongs to the generation it
names, so a journal already folded into a newer snapshot is never applied twice.
On load a torn or corrupt tail is dropped, reported, and the game compacted so
the next append starts on a clean file.

Lines are bytes, never str: MicroPython looks up every str it makes among all
the interned names, about 9,000 instructions a string.
"""

import io
import json
import os
from binascii import crc32, hexlify
from hashlib import sha256  # here, not where used: an import in a function searches the flash each time

import wallclock

from shared_engine.errors import GameError
from shared_engine.game import Game


def json_bytes(value):
    """Compact JSON as bytes. For an action, its record as stored and sent: b'["bp",14,12]'."""
    out = io.BytesIO()
    json.dump(value, out, separators=(",", ":"))  # type: ignore[call-overload]  # the stubs have it positional; MicroPython takes only the keyword
    return out.getvalue()


record_bytes = json_bytes  # JSON writes a tuple as a list
COMPACT_AFTER = 48  # journal records before the journal is folded into a snapshot


def summary(game):
    """One line for the history list: "CP by 15, Moral", or None while playing."""
    result = game.state.result
    if result is None:
        return None
    _, winner, margin, level = result
    return "%s by %d, %s" % (winner, margin, level) if winner else "Draw"


def read_meta(root, gid):
    """The snapshot's meta record and header, read without replaying the game."""
    meta = header = None
    for text in _checked_lines("%s/%s.snp" % (root, gid), []):
        if meta is None:
            meta = json.loads(text)
        else:
            header = json.loads(text)
            if type(header) is list:  # compact: ["new", name, turns, first]
                header = {"name": header[1], "turns": header[2], "first": header[3]}
            break
    return meta, header


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


def _line(data):
    return b"%08x %s\n" % (crc32(data), data)


def _checked_lines(path, problems):
    """The JSON of each good line, as bytes; stops at the first bad one."""
    try:
        f = open(path, "rb")
    except OSError:
        return
    with f:
        number = 0
        for line in f:
            number += 1
            good = len(line) > 10 and line[-1:] == b"\n" and line[8:9] == b" "
            if good:
                text = line[9:-1]
                try:
                    good = int(line[:8], 16) == crc32(text)
                except ValueError:
                    good = False
            if not good:
                problems.append("%s line %d damaged; it and what follows were dropped" % (path, number))
                return
            yield text


def remove_quietly(path):
    """Remove a file if it is there."""
    try:
        os.remove(path)
    except OSError:
        pass


class Journal:
    def __init__(self, root, gid):
        self.root = root
        self.gid = gid
        self.base = "%s/%s" % (root, gid)
        self.gen = 0
        self.records = 0  # in the current journal
        self.problems = []  # what load() had to drop, for the screen
        self.blocked = None  # why appending is unsafe until a compaction succeeds
        self._file = None  # the journal, held open for appending
        self.times = {}  # stamps (see wallclock): "at" made, "began" first action, "done" ended

    def _journal_path(self):
        return "%s.j%d" % (self.base, self.gen)

    def create(self, game):
        self.times = {"at": wallclock.stamp()}
        self.compact(game, gen=0)

    def load(self, cards=None):
        """Rebuild the game: snapshot, then journal; damage is dropped, never the game."""
        from shared_engine.log import decode_any  # the record reader, needed at boot only (the UI drops it)

        problems = self.problems = []
        game = None
        meta = None
        for text in _checked_lines(self.base + ".snp", problems):
            if meta is None:  # the first line is the snapshot's own record
                meta = json.loads(text)
                self.gen = meta["gen"]
                self.times = {k: meta[k] for k in ("at", "began", "done") if k in meta}
                continue
            action = decode_any(text, "snapshot")
            if game is None:
                game = Game(action, cards)
            else:
                game.apply(action)
        if game is None:
            raise GameError("game %s has no readable snapshot" % self.gid)
        self.records = 0
        for text in _checked_lines(self._journal_path(), problems):
            try:
                game.apply(decode_any(text, "journal"))  # full records: older firmware's
            except GameError as e:
                problems.append("%s: %s; it and what follows were dropped" % (self.gid, e))
                break
            self.records += 1
        self._clean_leftovers()
        if problems:
            try:
                self.compact(game)  # the next append must not follow a torn line
            except OSError as e:
                self.blocked = "cannot repair the journal (%s)" % e
        return game

    def _clean_leftovers(self):
        prefix = self.gid + "."
        keep = (self.gid + ".snp", "%s.j%d" % (self.gid, self.gen))
        for name in os.listdir(self.root):
            if name.startswith(prefix) and name not in keep and (name.endswith(".tmp") or name[len(prefix)] == "j"):
                remove_quietly("%s/%s" % (self.root, name))

    def append(self, action):
        """Write one record; OSError (e.g. a full flash) means it is not saved."""
        if self.blocked:
            raise OSError(self.blocked)
        try:
            if self._file is None:
                # Held open: the file's 1 KB cache is found once, not in a fragmented heap at every action.
                self._file = open(self._journal_path(), "ab")
            self._file.write(_line(record_bytes(action)))  # one record form, on flash and on the wire
            self._file.flush()  # littlefs commits the file here, as close() would
        except OSError:
            self.close()
            raise
        self.records += 1
        if self.gen == 0 and self.records == 1:  # play begins with the first action, maybe long after the game was made
            self.times["began"] = wallclock.stamp()

    def close(self):
        f, self._file = self._file, None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass

    def save(self, game, action):
        """Put `action`, just applied to `game`, on flash; OSError means it is not saved.

        Appended: folding the journal into a snapshot waits for a pause (compact_due)."""
        if self.blocked:
            self.compact(game)
            return
        self.append(action)
        if game.state.phase == "over":  # this action ended the game (or redid its end): the snapshot comes later
            self.times["done"] = wallclock.stamp()

    def compact_due(self, game):
        """The journal wants folding: it grew long, or the game is over and its digest not yet written."""
        if not self.records:
            return False
        return game.state.phase == "over" or (self.records >= COMPACT_AFTER and not game.undone)

    def compact(self, game, gen=None):
        self.close()
        old = self._journal_path()
        gen = self.gen + 1 if gen is None else gen
        tmp = self.base + ".tmp"
        meta = {"gen": gen, "end": summary(game)}
        times = self.times
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
            f.write(_line(head))
            # Compact records: half the flash, and the link sends them as they are.
            for data in records:
                f.write(_line(data))
            if finished:
                meta["sent"] = _sent(tally)
                data = json_bytes(meta)
                f.seek(0)  # the file is still in littlefs's cache: the meta line is written over, not moved
                f.write(_line(data + b" " * (len(head) - len(data))))  # JSON allows the padding
        os.rename(tmp, self.base + ".snp")
        self.gen = gen
        self.blocked = None
        self.records = 0
        if old != self._journal_path():
            remove_quietly(old)

    def snapshot_records(self):
        """The snapshot's records as stored (compact JSON bytes), one at a time, after its meta line."""
        lines = _checked_lines(self.base + ".snp", [])
        for _ in lines:  # the meta line
            break
        yield from lines

    def settled_digest(self, meta=None):
        """The snapshot's [sha256, size, records] if the log is all in it (no journal since), else None."""
        if meta is None:
            meta, _ = read_meta(self.root, self.gid)
        if not meta or "sent" not in meta:  # older firmware's "log" digest was of another form
            return None
        try:
            if os.stat("%s.j%d" % (self.base, meta["gen"]))[6]:
                return None
        except OSError:
            pass
        return meta["sent"]

    def remove(self):
        self.close()
        for name in os.listdir(self.root):
            if name.startswith(self.gid + "."):
                remove_quietly("%s/%s" % (self.root, name))
