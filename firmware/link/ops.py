"""What the device answers on the serial link: handshake, state, watch, game pull, card push.

Every request is a frame whose header has "id" and "op"; every reply has the
same "id" and a status "st" (shared_engine/frames.py names them). Nothing a
host sends is executed, and every length is bounded. See docs/protocol.md.
"""

from binascii import hexlify

import machine
import wallclock
from journal import games
from version import VERSION

from shared_engine import frames
from shared_engine.canonical_json import length

STATE_MAX = frames.BODY_MAX - 200  # room for the reply's own fields

# op -> the module whose op_<op>(ops, rid, req, payload) answers it. The modules load at their
# first request (and the app drops none of them: a transfer comes in many requests).
HANDLERS = {
    "hello": "link.ops",
    "state": "link.ops",
    "watch": "link.ops",
    "maint": "link.ops",
    "settings": "link.settings",
    "list": "link.pull",
    "read": "link.pull",
    "ack": "link.pull",
    "cards": "link.cards",
    "chunk": "link.cards",
    "commit": "link.cards",
}


def _hex(digest):
    return hexlify(digest).decode()


def _can_compress():
    try:
        import io

        import deflate

        with deflate.DeflateIO(io.BytesIO(), deflate.RAW, frames.WINDOW_BITS) as d:  # type: ignore[attr-defined]  # a stream on every port; the stubs lack __enter__
            d.write(b"x")
        return True
    except Exception:  # no deflate module, or built without compression
        return False


class Ops:
    def __init__(self, link):
        self.link = link
        self.ui = link.ui
        self.session = link.ui.session
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
        frames.write(self.link.send, out, payload)

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
        module = HANDLERS.get(op) if type(op) is str else None
        if module is None:
            self.fail(rid, frames.UNKNOWN, "unknown command %r" % (op,))
            return
        self.acked = None
        try:
            name = "op_" + op
            handler = getattr(__import__(module, None, None, (name,)), name)  # the submodule, not the package
            acks = header.get("ack")
            if acks:  # acks riding on a request save a round trip
                self.acked = __import__("link.pull", None, None, ("acks",)).acks(self, acks)
            handler(self, rid, header, payload)
        except OSError as e:
            self.fail(rid, frames.STORAGE, "flash: %s" % e)
        except MemoryError:
            self.fail(rid, frames.BUSY, "out of memory; try again")
        except Exception as e:  # a malformed request must never stop the link
            self.fail(rid, frames.BAD_REQUEST, "bad request: %r" % (e,))

    # -- handshake, state, watch -------------------------------------------------------

    def settle_times(self):
        """Date the game on the table now, on flash: after a restart its boot's seconds could not be."""
        session = self.session
        journal = session.journal
        if journal is not None and any(t[1] == wallclock.BOOT for t in journal.times.values()):
            session.fold()  # a full flash: the host dates it at this pull all the same

    def state_body(self):
        return state_of(self.ui, STATE_MAX)

    def changed(self, kind):
        """The session saved an action: a watching host gets the new state."""
        if self.watching:
            body = self.state_body()
            body["ev"] = "action"
            body["a"] = kind
            self.session.play.watched(self.session, kind, body)  # what the game adds (its play module)
            frames.write(self.link.send, body)


# -- handshake, state, watch, maintenance ------------------------------------------------


def device_id():
    """The device's id as a host files its games under it: the board's id and the flash's stamp
    (a wiped flash is a new archive)."""
    return "%s-%s" % (_hex(machine.unique_id()), games.stamp())


def state_of(ui, limit=None):
    """The game's state as the state request answers it: {gid, screen, state}; with a `limit`
    (bytes of JSON), a long game's record of its turns (its play module's TRACK) is cut to its recent ones."""
    session = ui.session
    state = session.game.state_dict()
    body = {"gid": session.gid, "game": session.play.GAME, "screen": ui.top().name, "state": state}
    key, number = session.play.TRACK
    track = state[key]
    while limit is not None and length(body) > limit and len(track) > 1:
        track = track[len(track) // 2 :]  # the pulled log has them all
        state[key] = track
        state[key + "_from"] = track[0][number]
    return body


def op_hello(ops, rid, req, payload):
    if type(req.get("now")) is int:  # the host's clock: from now on, games are dated
        wallclock.set_time(req["now"])
        ops.settle_times()
    cards = ops.session.cards()
    info = {
        "proto": frames.PROTOCOL,
        "fw": VERSION,
        "boot": wallclock.BOOT,
        "dev": device_id(),
        "board": ops.ui.board_name,
        "cards": cards.version if cards else None,
        "caps": ["state", "watch", "pull", "cards"] + (["z"] if ops.compress else []),
        "max": frames.BODY_MAX,
    }
    problem = ops.ui.display.problem()
    if problem:
        info["display"] = problem
    ok = req.get("proto") == frames.PROTOCOL
    if not ok:
        info["err"] = "protocol %r asked, this device speaks %d" % (req.get("proto"), frames.PROTOCOL)
    ops.reply(rid, frames.OK if ok else frames.VERSION, info)


def op_state(ops, rid, req, payload):
    ops.reply(rid, frames.OK, ops.state_body())


def op_watch(ops, rid, req, payload):
    ops.watching = bool(req.get("on"))
    ops.reply(rid, frames.OK, ops.state_body() if ops.watching else None)


def op_maint(ops, rid, req, payload):
    """Restart once into the bare REPL (no app, no watchdog), for `adjutant deploy`."""
    with open("maintenance", "w"):
        pass
    ops.reply(rid, frames.OK)
    from time import sleep_ms

    sleep_ms(100)  # let the reply leave over USB first
    machine.reset()
