"""`adjutant pull`: copy the device's games into the archive, only what is new, resumably.

1. The archive keeps, per device, a cursor: the newest game it holds and
   that game's sha256. The device lists only games after it (and that game
   again if it has grown since), so with 100 games pulled, a pull after one
   new game costs about that one game on the wire.
2. Each game arrives as records in their compact form, by record index; the
   records received so far are saved after every chunk, so an interrupted
   pull resumes from the last one stored.
3. The records are expanded to the engine's canonical log, whose sha256 must
   equal the device's, and replayed to check them and to read the result.
4. Only after the game is committed to SQLite is the device told (ack) that
   it may remove it when its flash runs low.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field

from adjutant.errors import DeviceRefused, InvalidData
from adjutant.link.client import Device
from adjutant.store import Store, StoredGame, _now
from shared_engine import frames
from shared_engine.actions import make
from shared_engine.errors import GameError
from shared_engine.game import Game
from shared_engine.log import encode


@dataclass
class PullResult:
    new: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: int = 0
    payload_bytes: int = 0  # canonical log bytes received


def expand(compact_lines: list[str]) -> str:
    """Compact records (["bp",14,12]) -> the canonical log text the device hashed."""
    out = []
    for number, text in enumerate(compact_lines, 1):
        try:
            values = json.loads(text)
            if not isinstance(values, list) or not values or not isinstance(values[0], str):
                raise GameError("not a [kind, values...] list")
            out.append(encode(make(values[0], *values[1:])))
        except (ValueError, GameError) as e:
            raise InvalidData(f"record {number} from the device is malformed: {e}") from e
    return "".join(line + "\n" for line in out)


def summarize(dev: str, gid: str, sha: str, log: str) -> StoredGame:
    try:
        game = Game.from_lines(log)
    except GameError as e:
        raise InvalidData(f"game {gid} does not replay: {e}") from e
    state = game.state
    winner = margin = level = cp = ea = None
    if state.result is not None:
        totals, winner, margin, level = state.result
        cp, ea = totals["CP"], totals["EA"]
    return StoredGame(
        dev=dev,
        gid=gid,
        sha=sha,
        log=log,
        records=1 + len(game.actions),
        over=state.phase == "over",
        name=state.name,
        winner=winner,
        margin=margin,
        level=level,
        cp=cp,
        ea=ea,
        pulled_at=_now(),
    )


def listing(device: Device, after: str | None, sha: str | None) -> list[dict]:
    games: list[dict] = []
    # The cursor's game is acked again: if the last pull stopped right after storing it, the
    # device has not heard yet that it may be removed.
    fields: dict = {"after": after, "sha": sha, "ack": [after, sha] if after else None}
    while True:
        reply = device.ask("list", fields)
        fields.pop("ack", None)
        games += reply["games"]
        if not reply.get("more") or not reply["games"]:
            return games
        fields.update(after=games[-1]["gid"], sha=games[-1]["sha"])


def pull(
    device: Device,
    store: Store,
    progress: Callable[[int, int], None] | None = None,
    start: Callable[[int], None] | None = None,
    chunk: int = 2048,
) -> PullResult:
    """Pull what is new; `start(total records)` then `progress(records, wire bytes)` as chunks arrive."""
    info = device.info
    dev = info["dev"]
    store.seen(dev, info.get("board", ""), info.get("fw", ""))
    after, seen = store.cursor(dev)
    result = PullResult()
    wanted = []
    for entry in listing(device, after, seen):
        if store.has(dev, entry["gid"], entry["sha"]):
            result.unchanged += 1
            device.request("ack", gid=entry["gid"], sha=entry["sha"])
            continue
        wanted.append(entry)
    if start:
        start(sum(e["count"] for e in wanted))
    compress = "z" in info.get("caps", [])
    pending: list[str] | None = None  # the last stored game, acked with the next request
    for entry in wanted:
        gid, sha = entry["gid"], entry["sha"]
        had_before = store.known(dev, gid)
        records = _download(device, store, dev, entry, compress, progress, chunk, pending)
        pending = None
        log = expand(records)
        if hashlib.sha256(log.encode()).hexdigest() != sha:
            store.save_partial(dev, gid, sha, [])  # start this game afresh next time
            raise InvalidData(f"game {gid}: the expanded log's sha256 does not match the device's; run pull again")
        game = summarize(dev, gid, sha, log)
        store.put(game, cursor=gid >= (store.cursor(dev)[0] or ""))
        result.payload_bytes += len(log.encode())
        pending = [gid, sha]
        (result.updated if had_before else result.new).append(gid)
    if pending:
        try:
            device.request("ack", gid=pending[0], sha=pending[1])
        except DeviceRefused as e:
            if e.status != frames.CHANGED:  # a game still being played may move on: fine, it is stored
                raise
    return result


def _download(
    device: Device,
    store: Store,
    dev: str,
    entry: dict,
    compress: bool,
    progress: Callable[[int, int], None] | None,
    chunk: int,
    ack: list[str] | None,
) -> list[str]:
    gid, sha, count = entry["gid"], entry["sha"], entry["count"]
    records = store.partial(dev, gid, sha)
    if progress and records:
        progress(len(records), 0)
    while len(records) < count:
        wire = device.wire_in + device.wire_out
        fields = {"gid": gid, "sha": sha, "z": 1 if compress else 0, "from": len(records), "n": chunk, "ack": ack}
        reply = device.ask("read", fields)
        ack = None
        data = reply["_payload"]
        if reply.get("z"):
            import zlib

            data = zlib.decompress(data, -15)
        lines = data.decode().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if reply.get("from") != len(records) or len(lines) != reply.get("count") or not lines:
            raise InvalidData(f"game {gid}: the device sent records out of order; run pull again")
        records += lines
        if len(records) < count:  # kept for a resumed pull; a finished game is stored whole next
            store.save_partial(dev, gid, sha, records)
        if progress:
            progress(len(lines), device.wire_in + device.wire_out - wire)
    return records
