"""Pulling games over the link: list what is new, read records, take acks.

A game is read from the one being played, or from a finished game's
snapshot as it lies on flash (no replay), or replayed from its journal.
See docs/protocol.md for the requests.
"""

import wallclock
from journal import Journal, games
from journal.fold import log_digest
from journal.lines import record_bytes
from journal.read import read_meta

from shared_engine import frames

LIST_PAGE = 6  # games per list reply: about 1.3 KB, a block a long session's heap still has
SETTLED_KEEP = 64  # finished games' sha256 remembered from listings, for their acks


def _compress(pieces):
    import io

    import deflate

    out = io.BytesIO()
    with deflate.DeflateIO(out, deflate.RAW, frames.WINDOW_BITS) as d:  # type: ignore[attr-defined]  # a stream on every port; the stubs lack __enter__
        for piece in pieces:
            d.write(piece)
    return out.getvalue()


class LogView:
    """A game's log as the link sends it: compact records, ["bp",14,12] for
    {"CP":14,"EA":12,"a":"bp","v":1}, one a line, as the flash holds them. Its
    sha256 and size are of exactly those bytes; the host checks them before it
    expands the records to its canonical log with the same engine. What a long
    game settled out of memory is read from its log on flash (`journal`).
    """

    def __init__(self, gid, game, journal, digest=None):
        self.gid = gid
        self.game = game
        self.journal = journal
        self.sha, self.size, self.count = digest or log_digest(game, journal)
        self.key = _version(game)

    def _records(self, start):
        game = self.game
        settled = game.settled
        i = start
        if settled:
            if start <= settled:
                for _, text in self.journal.log_lines({"log": self.journal.logged}, start, False):
                    yield text
            i = max(start, settled + 1)
        elif i == 0:
            yield record_bytes(game.header)
            i = 1
        actions = game.actions
        while i - settled - 1 < len(actions):
            yield record_bytes(actions[i - settled - 1])
            i += 1

    def records(self, start, budget):
        """([records from `start`, each with its newline], their bytes), up to `budget` bytes (at
        least one record). The pieces are sent as they are: a chunk is never copied whole."""
        return _taken(self._records(start), budget)


def _taken(texts, budget):
    out = []
    size = 0
    for text in texts:
        if out and size + len(text) + 1 > budget:
            break
        out += (text, b"\n")
        size += len(text) + 1
    return out, size


class SettledView:
    """A finished game served straight from its log on flash: no replay, records read one by one."""

    def __init__(self, journal, digest, meta):
        self.journal = journal
        self.meta = meta
        self.gid = journal.gid
        self.sha, self.size, self.count = digest
        self.game = None
        self.key = None

    def records(self, start, budget):
        return _taken((text for _, text in self.journal.log_lines(self.meta, start)), budget)


def _version(game):
    # Changes whenever the log does: a new action, an undo, a redo.
    return (id(game), game.count(), id(game.actions[-1]) if game.actions else None)


def view_of(ops, gid):
    digest = None
    if gid == ops.session.gid:
        game = ops.session.game
        journal = ops.session.journal
    elif ops.view is not None and ops.view.gid == gid and ops.view.key is None:
        return ops.view  # built from flash: a game not on the table does not change
    elif games.kept(gid):
        journal = Journal(games.ROOT, gid)
        meta, _ = read_meta(games.ROOT, gid)
        digest = journal.settled_digest(meta)
        if digest is not None:
            ops.view = SettledView(journal, digest, meta)
            return ops.view
        game = journal.load()
    else:
        return None
    if ops.view is None or ops.view.gid != gid or ops.view.key != _version(game):
        ops.view = None  # let the old one go before building the new
        ops.view = LogView(gid, game, journal, digest)
        if gid != ops.session.gid:
            ops.view.key = None  # loaded from flash; one of the game on the table is checked at each use
    return ops.view


def op_list(ops, rid, req, payload):
    """Games after the host's cursor: a newer id, or the cursor's game if its log changed."""
    after = req.get("after")
    seen = req.get("sha")
    found = []
    more = False
    current = ops.session.gid
    pulled = set(games.pulled_ids())
    for gid in games.ids_from(after):
        meta = None if gid == current else (read_meta(games.ROOT, gid)[0] or {})
        digest = None if meta is None else Journal(games.ROOT, gid).settled_digest(meta)
        if digest is None:  # still being played, or saved by older firmware: replay it
            view = view_of(ops, gid)
            digest = [view.sha, view.size, view.count]
            over = view.game.state.phase == "over"
        else:
            over = True
            if len(ops.settled) < SETTLED_KEEP:
                ops.settled[gid] = digest[0]
        if gid == after and digest[0] == seen:
            continue
        if len(found) == LIST_PAGE:
            more = True
            break
        found.append(
            {
                "gid": gid,
                "sha": digest[0],
                "size": digest[1],
                "count": digest[2],
                "over": over,
                "pulled": gid in pulled,
                "t": played(ops.session.journal.times if meta is None else meta),
            }
        )
    ops.reply(rid, frames.OK, {"games": found, "more": more, "current": current})


def played(times):
    """[start, end, estimated]: epoch seconds or None where not known (played in an earlier boot)."""
    start = wallclock.epoch(times.get("began") or times.get("at"))
    end = wallclock.epoch(times.get("done"))
    guessed = any(t[1] for t in (start, end) if t)
    return [start and start[0], end and end[0], 1 if guessed else 0]


def op_read(ops, rid, req, payload):
    """Records of a game from index "from" on, as many as fit in a chunk."""
    view = view_of(ops, req["gid"])
    if view is None:
        ops.fail(rid, frames.NOT_FOUND, "no game %s" % req["gid"])
        return
    if req.get("sha") != view.sha:
        ops.reply(rid, frames.CHANGED, {"sha": view.sha, "size": view.size, "err": "the game changed"})
        return
    start = req["from"]
    if type(start) is not int or not 0 <= start <= view.count:
        ops.fail(rid, frames.BAD_REQUEST, "from must be 0-%d" % view.count)
        return
    ops.link.transfer(True)
    budget = req.get("n", frames.READ_CHUNK)  # a host on a poor link may ask for less
    budget = min(budget, frames.READ_CHUNK) if type(budget) is int else frames.READ_CHUNK
    while True:
        try:
            return _send_records(ops, rid, req, view, start, budget)
        except MemoryError:  # a heap late in a long session: fewer records, in smaller blocks
            if budget <= READ_LEAST:
                raise
            budget //= 4


READ_LEAST = 128  # the smallest read reply tried before the host is told to try again


def _send_records(ops, rid, req, view, start, budget):
    pieces, size = view.records(start, budget)
    count = len(pieces) // 2  # a record and its newline
    packed = 0
    if req.get("z") and ops.compress and pieces:
        squeezed = _compress(pieces)
        if len(squeezed) < size:
            pieces, packed = [squeezed], 1
    ops.reply(rid, frames.OK, {"from": start, "count": count, "total": view.count, "z": packed}, pieces)


def op_ack(ops, rid, req, payload):
    """The host has stored these games ("games": [[gid, sha], ...]): they may go when space runs low."""
    done = acks(ops, req["games"])
    ops.link.transfer(False)
    ops.reply(rid, frames.OK, {"acked": done})


def acks(ops, pairs):
    """How many of up to frames.ACKS_MAX [gid, sha] pairs were marked pulled (a game that moved on is not)."""
    if type(pairs) is not list or len(pairs) > frames.ACKS_MAX:
        raise ValueError("acks must be a list of at most %d [gid, sha] pairs" % frames.ACKS_MAX)
    done = [gid for gid, sha in pairs if _ack(ops, gid, sha) == frames.OK]
    ops.session.mark_pulled(done)
    return len(done)


def _ack(ops, gid, sha):
    if ops.settled.get(gid) != sha:  # not a finished game just listed: look at it
        view = view_of(ops, gid)
        if view is None:
            return frames.NOT_FOUND
        if sha != view.sha:
            return frames.CHANGED
    return frames.OK
