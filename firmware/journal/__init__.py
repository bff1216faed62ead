"""One game on flash: a folded snapshot plus an append-only journal.

    g0007.snp    snapshot: a meta line {"gen":N}, then the game log, a compact record a line
    g0007.j<N>   journal: the records since snapshot generation N, compact too
    g0007.log    a long game's log: its header and the actions settled out of the device's memory

A game's window of recent actions is what the device holds (shared_engine/action_list.py): once
a fold settles its oldest, they are appended to the .log, and the snapshot holds, after its
header, the state they led to, the core's own, and the window ("log" in its meta line: the .log's
[records, bytes]; a fold cut short may leave more there, never read). A short game has no .log.

Every line is "<crc32 as 8 hex digits> <JSON>\n": records in the one form the
link also sends (["bp",14,12]), so what the host checks is what is stored (older
firmware's full records still load). A press's actions are appended, and the
file closed (which commits them on littlefs, all or none), before the screen
confirms them; the journal is
folded into a new snapshot when the player pauses, never inside a press. A
snapshot is written to a .tmp file and renamed over the old one, so it is the
old or the new, never half of each; the journal belongs to the generation it
names, so a journal already folded into a newer snapshot is never applied twice.
On load a torn or corrupt tail is dropped, reported, and the game folded so
the next append starts on a clean file.

What a press needs (append a record) is here. Reading a game back
(journal/read.py) and folding it into a snapshot (journal/fold.py) load when
they are needed, at boot and in a pause, and the UI drops them back on the mat.

The lines themselves, checked and written, are journal/lines.py.
"""

import os

from journal.lines import line, lines_at, record_bytes, remove_quietly

# The journal is folded into a snapshot, in a pause, once it holds this many bytes: littlefs keeps
# a file of up to 512 B inside its folder's metadata, where an append is a few pages programmed.
# A longer file has blocks of its own, and an append to one after a commit copies its last block
# to a freshly erased one: a sector erase (45 ms on a Pico's W25Q16JV) in every press that saves.
# The next press appends at most about 150 B (a roll and its moves on).
FOLD_BYTES = 320


def _stamp():
    # loaded when a game is made, begins or ends: a board booting into a game goes without it
    import wallclock

    return wallclock.stamp()


class Journal:
    def __init__(self, root, gid):
        self.root = root
        self.gid = gid
        self.base = "%s/%s" % (root, gid)
        self.gen = 0
        self.records = 0  # in the current journal
        self.size = 0  # its bytes
        self.logged = None  # [records, bytes] of the .log, or None: the whole log is in the snapshot
        self.problems = []  # what load() had to drop, for the screen
        self.blocked = None  # why appending is unsafe until a fold succeeds
        self.room = None  # how many more games the flash holds, where games.create found it few
        self._file = None
        self.at = None  # where log_lines() read last: (index, part, offset)  # the journal, held open for appending
        self.times = {}  # stamps (see wallclock): "at" made, "began" first action, "done" ended

    def journal_path(self):
        return "%s.j%d" % (self.base, self.gen)

    def log_path(self):
        return self.base + ".log"

    def create(self, game):
        self.times = {"at": _stamp()}
        self.fold(game, gen=0)

    def load(self, cards=None):
        """Rebuild the game: snapshot, then journal; damage is dropped, never the game."""
        from journal.read import load

        return load(self, cards)

    def fold(self, game, gen=None, joined=()):
        """Fold the journal into a new snapshot generation `gen` (the next by default); `joined`:
        the actions made with the one before them (a press is never split by the window)."""
        from journal.fold import fold

        fold(self, game, gen, joined)

    def append(self, action):
        """Write one record, on flash at the next commit(); OSError (e.g. a full flash) means it is not saved."""
        if self.blocked:
            raise OSError(self.blocked)
        data = line(record_bytes(action))  # one record form, on flash and on the wire
        try:
            if self._file is None:
                self._file = open(self.journal_path(), "ab")
            self._file.write(data)
        except (OSError, MemoryError):
            self.close()
            raise
        self.records += 1
        self.size += len(data)
        if self.gen == 0 and self.records == 1:  # play begins with the first action, maybe long after the game was made
            self.times["began"] = _stamp()

    def commit(self):
        """Put what was appended since the last commit on flash, all of it or none; OSError: none.

        The file is closed, not flushed and held open: a commit through a file held open while
        littlefs compacted its folder's metadata made it compact again at each later commit
        (two or three erases a press, in the simulator's littlefs and the rp2 build's alike)."""
        f, self._file = self._file, None
        if f is not None:
            f.close()

    def close(self):
        """Let the open journal go; what it was not committed with may be lost."""
        try:
            self.commit()
        except OSError:
            pass

    def save(self, game, action):
        """Put `action`, just applied to `game`, in the journal (on flash at the next commit());
        OSError means it is not saved.

        Appended: folding the journal into a snapshot waits for a pause (fold_due)."""
        if self.blocked:
            self.fold(game)
            return
        self.append(action)
        if game.state.phase == "over":  # this action ended the game (or redid its end): the snapshot comes later
            self.times["done"] = _stamp()

    def fold_due(self, game):
        """The journal wants folding: it grew long, or the game is over and its digest not yet written."""
        if not self.records:
            return False
        return game.state.phase == "over" or (self.size >= FOLD_BYTES and not game.undone)

    def log_lines(self, meta, start=0, whole=True):
        """(index, compact record as stored) of a finished game's log on flash, from `start`: the
        .log's, then the snapshot's window. Where each record lies is kept (self.at), so reading
        on from the last one read does not read the log again from its start."""
        logged = meta.get("log")
        at = self.at if self.at is not None and self.at[0] <= start else (0, 0, 0)
        index, part, offset = at
        if part and not whole:
            return
        if part == 0:
            if logged is not None:
                for text, after in lines_at(self.log_path(), [], offset, logged[1]):
                    if index >= start:
                        self.at = (index, 0, offset)
                        yield index, text
                    index += 1
                    offset = after
            part, offset = 1, 0
            if not whole:  # the window is the game's in memory
                return
        skip = (
            0 if offset else (3 + meta["parts"] if logged is not None else 1)
        )  # meta, header, the base state's parts, the core's own
        for text, after in lines_at(self.base + ".snp", [], offset):
            if skip:
                skip -= 1
            else:
                if index >= start:
                    self.at = (index, 1, offset)
                    yield index, text
                index += 1
            offset = after

    def settled_digest(self, meta=None):
        """The snapshot's [sha256, size, records] if the log is all in it (no journal since), else None."""
        if meta is None:
            from journal.read import read_meta

            meta, _ = read_meta(self.root, self.gid)
        if not meta or "sent" not in meta:  # older firmware's "log" digest was of another form
            return None
        try:
            if os.stat("%s.j%d" % (self.base, meta["gen"]))[6]:
                return None
        except OSError:
            pass
        return meta["sent"]

    def put_draft(self, actions, value):
        """What an entry's OK confirmed before its action can be made (the first side's BP), kept
        with the action count it belongs to. Written over in place: littlefs commits a file whole
        at its close (the old one stands until then), in one commit where a rename took two more."""
        with open(self.base + ".dft", "wb") as f:
            f.write(b"%d %d" % (actions, value))

    def draft(self, actions):
        """The number a draft kept for the game at `actions` actions, or None."""
        try:
            with open(self.base + ".dft", "rb") as f:
                at, value = f.read().split()
            return int(value) if int(at) == actions else None
        except (OSError, ValueError):
            return None

    def remove(self):
        self.close()
        for name in os.listdir(self.root):
            if name.startswith(self.gid + "."):
                remove_quietly("%s/%s" % (self.root, name))
