"""What the device answers on the serial link: handshake, state, watch, game pull, card push.

Every request is a frame whose header has "id" and "op"; every reply has the
same "id" and a status "st" (shared_engine/frames.py names them). Nothing a
host sends is executed, and every length is bounded. See docs/protocol.md.
"""

import hashlib
import json
import os
from binascii import hexlify

import games
import machine
import wallclock
from journal import Journal, log_digest, read_meta
from version import VERSION

from shared_engine import frames
from shared_engine.log import encode_compact

LIST_PAGE = 12  # games per list reply
STATE_MAX = frames.BODY_MAX - 200  # room for the reply's own fields
SETTLED_KEEP = 64  # finished games' sha256 remembered from listings, for their acks
CARDS_MAX = 64 * 1024  # card file as sent (compressed or not)
CARDS_JSON_MAX = 48 * 1024  # card file once inflated
PART = "cards.part"
PART_META = "cards.part.meta"
NEW = "cards.new"


def _hex(digest):
    return hexlify(digest).decode()


def _can_compress():
    try:
        import io

        import deflate

        with deflate.DeflateIO(io.BytesIO(), deflate.RAW, frames.WINDOW_BITS) as d:
            d.write(b"x")
        return True
    except Exception:  # no deflate module, or built without compression
        return False


def _compress(data):
    import io

    import deflate

    out = io.BytesIO()
    with deflate.DeflateIO(out, deflate.RAW, frames.WINDOW_BITS) as d:
        d.write(data)
    return out.getvalue()


class LogView:
    """A game's log: its size and sha256 as the host stores it (canonical JSON lines).

    On the wire each record travels in its compact tuple form, ["bp",14,12]
    for {"CP":14,"EA":12,"a":"bp","v":1}, which the host expands with the
    same engine; the sha256 checks the expansion end to end.
    """

    def __init__(self, gid, game, digest=None):
        self.gid = gid
        self.game = game
        self.sha, self.size, self.count = digest or log_digest(game)
        self.key = _version(game)

    def compact(self, start, budget):
        """Records from `start` in compact form, one per line, up to `budget` bytes (at least one)."""
        game = self.game
        out = bytearray()
        i = start
        while i < self.count:
            data = encode_compact(game.header if i == 0 else game.actions[i - 1]).encode() + b"\n"
            if out and len(out) + len(data) > budget:
                break
            out += data
            i += 1
        return bytes(out), i - start


class SettledView:
    """A finished game served straight from its snapshot: no replay, records decoded one by one."""

    def __init__(self, gid, digest):
        self.gid = gid
        self.sha, self.size, self.count = digest
        self.game = None
        self.key = None

    def compact(self, start, budget):
        from journal import _checked_lines

        from shared_engine.log import decode, encode_compact

        out = bytearray()
        i = -1  # the meta line comes first
        sent = 0
        for text in _checked_lines("%s/%s.snp" % (games.ROOT, self.gid), []):
            if i >= start:
                if text[0] != "[":  # saved by firmware 0.4.0 or older: full records
                    text = encode_compact(decode(text))
                data = text.encode() + b"\n"
                if out and len(out) + len(data) > budget:
                    break
                out += data
                sent += 1
            i += 1
        return bytes(out), sent


def _version(game):
    # Changes whenever the log does: a new action, an undo, a redo.
    return (id(game), len(game.actions), id(game.actions[-1]) if game.actions else None)


class Ops:
    def __init__(self, link):
        self.link = link
        self.app = link.app
        self.watching = False
        self.acked = None  # how many acks that came with the current request took
        self.settled = {}  # gid -> sha of finished games listed: they cannot change
        self.view = None
        self.compress = _can_compress()

    # -- frames in and out ---------------------------------------------------------

    def reply(self, rid, status, header=None, payload=b""):
        out = header or {}
        out["id"] = rid
        out["st"] = status
        if self.acked is not None:
            out["acked"] = self.acked
        self.link.send(frames.encode(out, payload))

    def fail(self, rid, status, message):
        self.reply(rid, status, {"err": message})

    def handle(self, line):
        if line is None:
            self.fail(None, frames.TOO_LARGE, "line over %d bytes" % frames.LINE_MAX)
            return
        try:
            header, payload = frames.decode(line)
        except frames.FrameError as e:
            self.fail(None, e.status, str(e))
            return
        rid = header.get("id")
        if type(rid) is not int:
            self.fail(None, frames.BAD_REQUEST, "request id must be a whole number")
            return
        op = header.get("op")
        handler = getattr(self, "op_" + op, None) if type(op) is str and op.isalpha() else None
        if handler is None:
            self.fail(rid, frames.UNKNOWN, "unknown command %r" % (op,))
            return
        self.acked = None
        try:
            acks = header.get("ack")
            if acks:  # acks riding on a request save a round trip
                self.acked = self._acks(acks)
            handler(rid, header, payload)
        except OSError as e:
            self.fail(rid, frames.STORAGE, "flash: %s" % e)
        except MemoryError:
            self.fail(rid, frames.BUSY, "out of memory; try again")
        except Exception as e:  # a malformed request must never stop the link
            self.fail(rid, frames.BAD_REQUEST, "bad request: %r" % (e,))

    # -- handshake, state, watch -------------------------------------------------------

    def op_hello(self, rid, req, payload):
        if type(req.get("now")) is int:  # the host's clock: from now on, games are dated
            wallclock.set_time(req["now"])
            self._settle_times()
        cards = self.app.cards()
        info = {
            "proto": frames.PROTOCOL,
            "fw": VERSION,
            "boot": wallclock.BOOT,
            "dev": "%s-%s" % (_hex(machine.unique_id()), games.stamp()),  # a wiped flash is a new archive
            "board": self.app.board_name,
            "cards": cards.version if cards else None,
            "caps": ["state", "watch", "pull", "cards"] + (["z"] if self.compress else []),
            "max": frames.BODY_MAX,
        }
        problem = self.app.display.problem()
        if problem:
            info["display"] = problem
        ok = req.get("proto") == frames.PROTOCOL
        if not ok:
            info["err"] = "protocol %r asked, this device speaks %d" % (req.get("proto"), frames.PROTOCOL)
        self.reply(rid, frames.OK if ok else frames.VERSION, info)

    def _settle_times(self):
        """Date the game on the table now, on flash: after a restart its boot's seconds could not be."""
        app = self.app
        journal = app.journal
        if journal is not None and any(t[1] == wallclock.BOOT for t in journal.times.values()):
            try:
                journal.compact(app.game)
            except OSError:
                pass  # a full flash: the host dates it at this pull all the same

    def op_state(self, rid, req, payload):
        self.reply(rid, frames.OK, self._state())

    def _state(self):
        """The game's state for a frame; a long scenario's turn track is cut to its recent turns."""
        app = self.app
        state = app.game.state_dict()
        body = {"gid": app.journal.gid if app.journal else None, "screen": app.top().name, "state": state}
        track = state["track"]
        while len(frames.dumps(body)) > STATE_MAX and len(track) > 1:
            track = track[len(track) // 2 :]  # the pulled log has them all
            state["track"] = track
            state["track_from"] = track[0]["turn"]
        return body

    def op_watch(self, rid, req, payload):
        self.watching = bool(req.get("on"))
        self.reply(rid, frames.OK, self._state() if self.watching else None)

    def changed(self, kind):
        """The app saved an action: a watching host gets the new state."""
        if self.watching:
            body = self._state()
            body["ev"] = "action"
            body["a"] = kind
            if kind in ("re", "roll"):  # the card's name and what it says for the face, from card data
                self._event_card(body)
            self.link.send(frames.encode(body))

    def _event_card(self, body):
        game = self.app.game
        turn = game.state.current
        cards = game.cards
        if cards is None or turn.re_card is None:
            return
        try:
            body["re_name"] = cards.get(turn.re_card).name
            if turn.re_rolls:
                body["re_text"] = game.re_result(turn.re_rolls[-1])
        except Exception:  # an id the card data lacks: the host shows the id
            pass

    # -- pulling games -------------------------------------------------------------

    def _view(self, gid):
        app = self.app
        digest = None
        if app.journal is not None and gid == app.journal.gid:
            game = app.game
        elif self.view is not None and self.view.gid == gid:
            return self.view
        elif gid in games.ids():
            journal = Journal(games.ROOT, gid)
            digest = journal.settled_digest()
            if digest is not None:
                self.view = SettledView(gid, digest)
                return self.view
            game = journal.load()
        else:
            return None
        if self.view is None or self.view.gid != gid or self.view.key != _version(game):
            self.view = None  # let the old one go before building the new
            self.view = LogView(gid, game, digest)
        return self.view

    def op_list(self, rid, req, payload):
        """Games after the host's cursor: a newer id, or the cursor's game if its log changed."""
        after = req.get("after")
        seen = req.get("sha")
        found = []
        more = False
        app = self.app
        current = app.journal.gid if app.journal else None
        pulled = games.pulled_ids()
        for gid in games.ids():
            if after is not None and gid < after:
                continue
            meta = None if gid == current else (read_meta(games.ROOT, gid)[0] or {})
            digest = None if meta is None else Journal(games.ROOT, gid).settled_digest(meta)
            if digest is None:  # still being played, or saved by older firmware: replay it
                view = self._view(gid)
                digest = [view.sha, view.size, view.count]
                over = view.game.state.phase == "over"
            else:
                over = True
                if len(self.settled) < SETTLED_KEEP:
                    self.settled[gid] = digest[0]
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
                    "t": self._times(self.app.journal.times if meta is None else meta),
                }
            )
        self.reply(rid, frames.OK, {"games": found, "more": more, "current": current})

    def _times(self, times):
        """[start, end, estimated]: epoch seconds or None where not known (played in an earlier boot)."""
        start = wallclock.epoch(times.get("began") or times.get("at"))
        end = wallclock.epoch(times.get("done"))
        guessed = any(t[1] for t in (start, end) if t)
        return [start and start[0], end and end[0], 1 if guessed else 0]

    def op_read(self, rid, req, payload):
        """Records of a game from index "from" on, as many as fit in a chunk."""
        view = self._view(req["gid"])
        if view is None:
            self.fail(rid, frames.NOT_FOUND, "no game %s" % req["gid"])
            return
        if req.get("sha") != view.sha:
            self.reply(rid, frames.CHANGED, {"sha": view.sha, "size": view.size, "err": "the game changed"})
            return
        start = req["from"]
        if type(start) is not int or not 0 <= start <= view.count:
            self.fail(rid, frames.BAD_REQUEST, "from must be 0-%d" % view.count)
            return
        self.link.transfer(True)
        budget = req.get("n", frames.READ_CHUNK)  # a host on a poor link may ask for less
        data, count = view.compact(start, min(budget, frames.READ_CHUNK) if type(budget) is int else frames.READ_CHUNK)
        packed = 0
        if req.get("z") and self.compress and data:
            squeezed = _compress(data)
            if len(squeezed) < len(data):
                data, packed = squeezed, 1
        self.reply(rid, frames.OK, {"from": start, "count": count, "total": view.count, "z": packed}, data)

    def op_ack(self, rid, req, payload):
        """The host has stored these games ("games": [[gid, sha], ...]): they may go when space runs low."""
        done = self._acks(req["games"])
        self.link.transfer(False)
        self.reply(rid, frames.OK, {"acked": done})

    def _acks(self, pairs):
        """How many of up to frames.ACKS_MAX [gid, sha] pairs were marked pulled (a game that moved on is not)."""
        if type(pairs) is not list or len(pairs) > frames.ACKS_MAX:
            raise ValueError("acks must be a list of at most %d [gid, sha] pairs" % frames.ACKS_MAX)
        done = [gid for gid, sha in pairs if self._ack(gid, sha) == frames.OK]
        games.mark_pulled(done)  # one write for the lot
        return len(done)

    def _ack(self, gid, sha):
        if self.settled.get(gid) != sha:  # not a finished game just listed: look at it
            view = self._view(gid)
            if view is None:
                return frames.NOT_FOUND
            if sha != view.sha:
                return frames.CHANGED
        app = self.app
        if app.journal is not None and app.journal.gid == gid:
            app.pulled = True
        return frames.OK

    def op_maint(self, rid, req, payload):
        """Restart once into the bare REPL (no app, no watchdog), for `adjutant deploy`."""
        with open("maintenance", "w"):
            pass
        self.reply(rid, frames.OK)
        from time import sleep_ms

        sleep_ms(100)  # let the reply leave over USB first
        machine.reset()

    # -- pushing card data ---------------------------------------------------------------

    def op_cards(self, rid, req, payload):
        """Begin or resume a card-data upload: {size, sha, z}; the reply gives the offset to send from."""
        size, sha, packed = req["size"], req["sha"], 1 if req.get("z") else 0
        if type(size) is not int or not 0 < size <= CARDS_MAX:
            self.fail(rid, frames.TOO_LARGE, "card data must be 1-%d bytes as sent" % CARDS_MAX)
            return
        if type(sha) is not str or len(sha) != 64:
            self.fail(rid, frames.BAD_REQUEST, "sha must be 64 hex digits")
            return
        meta = "%s %d %d" % (sha, size, packed)
        try:
            with open(PART_META) as f:
                same = f.read() == meta
        except OSError:
            same = False
        if not same:
            _remove(PART)
            with open(PART_META, "w") as f:
                f.write(meta)
            with open(PART, "w"):
                pass
        self.link.transfer(True)
        self.reply(rid, frames.OK, {"off": _size(PART)})

    def op_chunk(self, rid, req, payload):
        meta = _part_meta()
        if meta is None:
            self.fail(rid, frames.NOT_FOUND, "no card upload in progress")
            return
        have = _size(PART)
        off = req["off"]
        if off == have and have + len(payload) <= meta[1]:
            with open(PART, "ab") as f:
                f.write(payload)
            have += len(payload)
        elif off != have:
            self.reply(rid, frames.CHANGED, {"off": have, "err": "expected offset %d" % have})
            return
        else:
            self.fail(rid, frames.TOO_LARGE, "more bytes than announced")
            return
        self.link.transfer(True)
        self.reply(rid, frames.OK, {"off": have})

    def op_commit(self, rid, req, payload):
        """Check the upload, inflate and validate it, then switch to it; the old data stays on any failure."""
        meta = _part_meta()
        if meta is None:
            self.fail(rid, frames.NOT_FOUND, "no card upload in progress")
            return
        sha, size, packed = meta
        problem = None
        if _size(PART) != size:
            problem = "have %d of %d bytes" % (_size(PART), size)
        elif _file_sha(PART) != sha:
            problem = "sha256 does not match"
        if problem:
            _remove(PART)
            _remove(PART_META)
            self.link.transfer(False)
            self.fail(rid, frames.INVALID, "upload damaged (%s); send it again" % problem)
            return
        try:
            _unpack(PART, NEW, packed)
            from shared_engine.cards import CardSet

            with open(NEW) as f:
                cards = CardSet(json.load(f))
        except Exception as e:  # any fault in the data: keep the old cards
            _remove(NEW)
            self.link.transfer(False)
            self.fail(rid, frames.INVALID, "card data rejected, old data kept: %s" % e)
            return
        finally:
            _remove(PART)
            _remove(PART_META)
        os.rename(NEW, "cards.json")
        self.app.cards_changed()
        self.link.transfer(False)
        self.reply(rid, frames.OK, {"cards": len(cards.by_id), "version": cards.version})


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


def _part_meta():
    try:
        with open(PART_META) as f:
            sha, size, packed = f.read().split()
        return sha, int(size), int(packed)
    except (OSError, ValueError):
        return None


def _file_sha(path):
    digest = hashlib.sha256()
    buf = bytearray(256)
    with open(path, "rb") as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            digest.update(buf[:n])
    return _hex(digest.digest())


def _unpack(src, dst, packed):
    """Copy src to dst, inflating raw deflate if `packed`; ValueError past CARDS_JSON_MAX."""
    buf = bytearray(256)
    total = 0
    with open(src, "rb") as raw, open(dst, "wb") as out:
        stream = raw
        if packed:
            import deflate

            stream = deflate.DeflateIO(raw, deflate.RAW, frames.WINDOW_BITS)
        while True:
            n = stream.readinto(buf)
            if not n:
                break
            total += n
            if total > CARDS_JSON_MAX:
                raise ValueError("over %d bytes once inflated" % CARDS_JSON_MAX)
            out.write(buf[:n])
