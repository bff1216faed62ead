"""The link's request code is on the heap only while a host talks to the device.

A host that looks at the game mid-turn, or pulls at the end of an evening,
must not leave the request handlers loaded for the rest of the game: on an
ESP32 without PSRAM that heap is what the next screen needs. And a request
that finds no heap for them gets no answer, but the link keeps listening.
"""

import sys

from tests.firmware import rig
from tests.firmware.table import Table

# link.py waits on MicroPython's asyncio streams, which CPython's asyncio is not
MICROPYTHON_ONLY = (
    "test_the_request_code_leaves_the_heap_once_no_host_has_spoken_for_a_while",
    "test_a_watching_host_keeps_the_request_code_however_long_the_turn",
    "test_a_request_with_no_heap_for_its_code_goes_unanswered_and_the_link_lives_on",
    "test_a_read_with_no_heap_for_a_whole_chunk_sends_fewer_records_and_the_pull_goes_on",
)


class Wire:
    """The USB serial port's sending side: what the link prints, line by line (a line may come
    in several writes, as a frame's head and text do)."""

    def __init__(self):
        self.lines = []
        self.partial = b""

    def write(self, data):
        self.partial += bytes(data)
        while b"\n" in self.partial:
            line, self.partial = self.partial.split(b"\n", 1)
            self.lines.append(line + b"\n")


def _connected(table):
    import link

    wire = Wire()
    endpoint = link.Link(table.ui)
    endpoint.out = wire
    return link, endpoint, wire


def _ask(endpoint, wire, op, rid, **fields):
    from shared_engine import frames

    fields["op"] = op
    fields["id"] = rid
    for b in frames.encode(fields):
        endpoint.byte(b)
    replies = [frames.decode(line)[0] for line in wire.lines]
    return [r for r in replies if r.get("id") == rid]


def _quiet(table, endpoint, ms):
    table.run(ms)
    endpoint.tick()  # as the screen task calls it at each wake-up


def test_the_request_code_leaves_the_heap_once_no_host_has_spoken_for_a_while():
    table = Table.fresh()
    link, endpoint, wire = _connected(table)
    assert "link.ops" not in sys.modules  # nobody has talked yet
    (reply,) = _ask(endpoint, wire, "state", 1)
    assert reply["st"] == 0 and reply["screen"] == "mat"
    assert "link.ops" in sys.modules
    assert endpoint.due(rig.CLOCK.now & 0x3FFFFFFF) is not None  # the loop wakes to let it go
    _quiet(table, endpoint, link.QUIET_MS - 500)
    assert "link.ops" in sys.modules, "a host between two requests keeps it"
    _quiet(table, endpoint, 1000)
    assert "link.ops" not in sys.modules and "shared_engine.frames" not in sys.modules
    assert endpoint.due(rig.CLOCK.now & 0x3FFFFFFF) is None  # and the loop sleeps on
    (again,) = _ask(endpoint, wire, "state", 2)  # the next request loads it again
    assert again["st"] == 0 and again["state"]["phase"] == "re"


def test_a_watching_host_keeps_the_request_code_however_long_the_turn():
    table = Table.fresh()
    link, endpoint, wire = _connected(table)
    (reply,) = _ask(endpoint, wire, "watch", 1, on=True)
    assert reply["st"] == 0
    _quiet(table, endpoint, 3 * link.QUIET_MS)
    assert "link.ops" in sys.modules
    table.press("OK")  # the RE roll: the watching host hears of it
    assert any(b'"ev"' in line or b"~" in line for line in wire.lines[1:])
    (off,) = _ask(endpoint, wire, "watch", 2, on=False)
    assert off["st"] == 0
    _quiet(table, endpoint, link.QUIET_MS + 500)
    assert "link.ops" not in sys.modules


def test_a_request_with_no_heap_for_its_code_goes_unanswered_and_the_link_lives_on():
    table = Table.fresh()
    _, endpoint, wire = _connected(table)
    import link.ops as link_ops

    def no_heap(_link):
        raise MemoryError("memory allocation failed")

    link_ops.Ops = no_heap  # as loading the handlers fails on a full heap
    assert _ask(endpoint, wire, "state", 1) == []
    assert endpoint.ops is None and "link.ops" not in sys.modules  # the failed load is let go
    (reply,) = _ask(endpoint, wire, "state", 2)  # the host asks again: the code loads afresh
    assert reply["st"] == 0 and reply["screen"] == "mat"


def _read(endpoint, wire, gid, sha, rid, start):
    """A read's reply header and its records."""
    from shared_engine import frames

    del wire.lines[:]
    _ask(endpoint, wire, "read", rid, gid=gid, sha=sha, **{"from": start})
    (reply, payload) = next(frames.decode(line) for line in wire.lines if frames.decode(line)[0].get("id") == rid)
    return reply, [r for r in payload.split(b"\n") if r]


def _read_all(endpoint, wire, gid, sha, rid):
    records = []
    while True:
        reply, got = _read(endpoint, wire, gid, sha, rid, len(records))
        assert reply["st"] == 0 and reply["z"] == 0, reply
        records += got
        rid += 1
        if len(records) >= reply["total"]:
            return records, rid


def test_a_read_with_no_heap_for_a_whole_chunk_sends_fewer_records_and_the_pull_goes_on():
    """Late in a long session a board's heap may hold no block for a whole chunk of records: the
    read answers with fewer (the host reads on from there), not "out of memory" for every try."""
    from journal import games

    from shared_engine.great_war.game import Game

    table = Table.fresh()
    with open(rig.ROOT + "/tests/golden/basic_game.jsonl") as f:
        finished = games.create(Game.from_lines(f.read())).gid
    _, endpoint, wire = _connected(table)
    (listed,) = _ask(endpoint, wire, "list", 1)
    (game,) = [g for g in listed["games"] if g["gid"] == finished]
    whole, rid = _read_all(endpoint, wire, finished, game["sha"], 2)
    import link.pull as pull

    records = pull.SettledView.records
    sizes = []

    def fragmented(view, start, budget):
        sizes.append(budget)
        if budget > 512:
            raise MemoryError("memory allocation failed, allocating 2048 bytes")
        return records(view, start, budget)

    pull.SettledView.records = fragmented
    try:
        first, _ = _read(endpoint, wire, finished, game["sha"], rid, 0)
        assert first["st"] == 0 and 0 < first["count"] < len(whole), first
        again, _ = _read_all(endpoint, wire, finished, game["sha"], rid + 1)
    finally:
        pull.SettledView.records = records
    assert again == whole and max(sizes) > 512  # every record, the same bytes
