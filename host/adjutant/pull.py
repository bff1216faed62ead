"""`adjutant pull`: copy the device's games into the archive, only what is new, resumably.

1. The archive keeps, per device, a cursor: the newest game it holds and
   that game's sha256. The device lists only games after it (and that game
   again if it has grown since), so with 100 games pulled, a pull after one
   new game costs about that one game on the wire.
2. Each game arrives as records in their compact form, by record index. The
   reads for all games go out at once and the replies are handled as they
   come, so the host's work overlaps the device's. A game that needs more
   than one chunk keeps what has arrived in the archive after every chunk,
   so an interrupted pull resumes from there.
3. The records' sha256 must equal the device's: of the bytes as sent (protocol
   2), or of the canonical log they expand to (protocol 1, older firmware). They
   are expanded to the engine's canonical log, which the archive keeps, and
   replayed to check them and to read the result (its desk says what is kept:
   adjutant/games/). A game archived from an older firmware, listed again under
   its new digest, is recognised by its log. A game of a kind this host does
   not know (newer firmware) is archived raw, the records as they came, and
   listed as an unknown game; the device may then drop it like any other.
4. Only games committed to SQLite are acknowledged (ack), which lets the
   device remove them when its flash runs low. Acks not yet delivered are
   remembered and sent with the next pull's first request.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from adjutant.errors import DeviceRefused, InvalidData
from adjutant.expand import expand, sent_digest
from adjutant.games.base import unknown
from adjutant.games.desks import desk
from adjutant.link.client import BUSY_TRIES, BUSY_WAIT_S, DeviceLink
from adjutant.store import Store
from adjutant.stored import StoredGame, header_kind, now
from shared_engine import frames
from shared_engine.games import of_header

COMMIT_EVERY = 20  # games per SQLite commit: one sync for a batch, and a stopped pull keeps the batches done
# Games read at once: enough to keep the wire busy while the device answers, few enough that it
# does not rebuild a game's view from flash at every request (one of 30 games at a time, before).
IN_FLIGHT = 3
# Acks in one request: the device accepts frames.ACKS_MAX, but 8 keep the line under 1 KB, a
# block a board finds even late in a long session (32 made a 3 KB line, which a Pico failed to
# copy after a pull of 30 games: bench/boards.py).
ACK_BATCH = 8


@dataclass
class PullResult:
    new: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: int = 0
    payload_bytes: int = 0  # canonical log bytes received
    moved_on: list[str] = field(default_factory=list)  # played on while being pulled: next time
    unknown: list[str] = field(default_factory=list)  # games of a kind this host does not know, kept raw


def summarize(dev: str, gid: str, sha: str, log: str, game: Any, times: list | None = None) -> StoredGame:
    """What the archive keeps of a replayed game: its desk's name, winner, result and detail."""
    kept = desk(of_header(game.header[0])).archived(game)
    return StoredGame(
        dev=dev,
        gid=gid,
        sha=sha,
        log=log,
        records=1 + len(game.actions),
        over=game.state.phase == "over",
        name=kept.name,
        winner=kept.winner,
        pulled_at=now(),
        result=kept.result,
        detail=kept.detail,
        **dated(times),
    )


def raw(dev: str, gid: str, sha: str, records: list[str], over: bool, times: list | None = None) -> StoredGame:
    """A game of a kind this host does not know, kept as the device sent it (its compact records)."""
    return StoredGame(
        dev=dev,
        gid=gid,
        sha=sha,
        log="".join(line + "\n" for line in records),
        records=len(records),
        over=over,
        name=unknown(str(header_kind(records[0]))),
        winner=None,
        pulled_at=now(),
        result="kept as the device sent it",
        raw=True,
        **dated(times),
    )


def dated(times: list | None) -> dict:
    """The listing's [start, end, estimated] (epoch seconds or None) as StoredGame fields.

    A game the device cannot date (played before a restart, with no host
    connected since it began) is marked estimated: its date is the pull's.
    """
    start, end, guessed = (list(times or []) + [None, None, 0])[:3]
    start = start if isinstance(start, int) else None
    end = end if isinstance(end, int) else None
    return {"started": start, "ended": end, "estimated": bool(guessed) or start is None}


def listing(device: DeviceLink, after: str | None, sha: str | None, acks: list[list[str]]) -> list[dict]:
    games: list[dict] = []
    fields: dict = {"after": after, "sha": sha, "ack": acks[:ACK_BATCH] or None}
    while True:
        reply = device.ask("list", fields)
        fields.pop("ack", None)
        games += reply["games"]
        if not reply.get("more") or not reply["games"]:
            return games
        fields.update(after=games[-1]["gid"], sha=games[-1]["sha"])


def acknowledge(device: DeviceLink, store: Store, dev: str, pairs: list[list[str]]) -> None:
    for i in range(0, len(pairs), ACK_BATCH):
        batch = pairs[i : i + ACK_BATCH]
        device.ask("ack", {"games": batch})
        store.mark_acked(dev, batch)


def pull(
    device: DeviceLink,
    store: Store,
    progress: Callable[[int, int], None] | None = None,
    start: Callable[[int], None] | None = None,
    chunk: int = frames.READ_CHUNK,
) -> PullResult:
    """Pull what is new, in the steps the module's docstring lists: `start(total records)`,
    then `progress(records, wire bytes)` as chunks arrive."""
    result = PullResult()
    wanted = _new_games(device, store, result)  # 1
    if start:
        start(sum(e["count"] for e in wanted))
    stored = _read_and_archive(device, store, wanted, result, progress, chunk)  # 2 and 3
    if result.moved_on:  # the cursor must not pass a game still to pull: the next pull lists all
        store.db.execute("UPDATE devices SET cursor_gid=NULL, cursor_sha=NULL WHERE dev=?", (device.info["dev"],))
    store.commit()  # durable before the device hears it may remove these games
    acknowledge(device, store, device.info["dev"], stored)  # 4
    return result


def _new_games(device: DeviceLink, store: Store, result: PullResult) -> list[dict]:
    """The device's games after the archive's cursor that it does not hold as they are now;
    acks a previous pull could not deliver go with the first request."""
    info = device.info
    dev = info["dev"]
    store.seen(dev, info.get("board", ""), info.get("fw", ""))
    after, seen = store.cursor(dev)
    unacked = store.unacked(dev)
    listed = listing(device, after, seen, unacked)
    store.mark_acked(dev, unacked[:ACK_BATCH])
    wanted = []
    for entry in listed:
        if store.has(dev, entry["gid"], entry["sha"]):
            result.unchanged += 1
        else:
            wanted.append(entry)
    return wanted


def _read_and_archive(
    device: DeviceLink,
    store: Store,
    wanted: list[dict],
    result: PullResult,
    progress: Callable[[int, int], None] | None,
    chunk: int,
) -> list[list[str]]:
    """Every wanted game's records, chunk by chunk, each game archived once it is whole; the
    [gid, sha] pairs archived. All first reads go out at once; a game's next read goes out when
    its previous reply is in. What arrived is kept after every chunk, for a pull that stops."""
    dev = device.info["dev"]
    compress = "z" in device.info.get("caps", [])

    def ask(entry: dict, records: list[str]) -> int:
        fields = {"gid": entry["gid"], "sha": entry["sha"], "z": 1 if compress else 0, "from": len(records)}
        return device.post("read", dict(fields, n=chunk))

    received = {e["gid"]: store.partial(dev, e["gid"], e["sha"]) for e in wanted}
    waiting = list(wanted)
    inflight = [(ask(e, received[e["gid"]]), e) for e in waiting[:IN_FLIGHT]]
    del waiting[:IN_FLIGHT]
    stored: list[list[str]] = []
    busy = 0
    while inflight:
        if len(inflight) < IN_FLIGHT and waiting:
            entry = waiting.pop(0)
            inflight.append((ask(entry, received[entry["gid"]]), entry))
        rid, entry = inflight.pop(0)
        gid, sha = entry["gid"], entry["sha"]
        wire = device.wire_in + device.wire_out
        records = received[gid]
        before = len(records)
        try:
            reply = device.reply_to(rid)
        except DeviceRefused as e:
            if e.status == frames.BUSY and busy < BUSY_TRIES:
                busy += 1
                time.sleep(BUSY_WAIT_S)
                inflight.append((ask(entry, records), entry))
                continue
            if e.status != frames.CHANGED:
                raise
            result.moved_on.append(gid)  # the game on the table moved on: the next pull takes it
            continue
        busy = 0
        records += _records(reply, gid, before)
        if progress:
            progress(len(records) - before, device.wire_in + device.wire_out - wire)
        if len(records) < entry["count"]:
            store.save_partial(dev, gid, sha, records)
            inflight.append((ask(entry, records), entry))
            continue
        _archive(device, store, entry, records, result)
        stored.append([gid, sha])
        if len(stored) % COMMIT_EVERY == 0:
            store.commit()
    return stored


def _archive(device: DeviceLink, store: Store, entry: dict, records: list[str], result: PullResult) -> None:
    """A whole game into the archive once its records match the device's sha256 (step 3)."""
    dev = device.info["dev"]
    gid, sha = entry["gid"], entry["sha"]
    had_before = store.known(dev, gid)
    if device.proto >= 2 and records and of_header(header_kind(records[0])) is None:
        if sent_digest(records) != sha:
            store.save_partial(dev, gid, sha, [])
            raise InvalidData(f"game {gid}: the records' sha256 does not match the device's; run pull again")
        kept = raw(dev, gid, sha, records, bool(entry.get("over")), entry.get("t"))
        store.put(kept, cursor=gid >= (store.cursor(dev)[0] or ""))
        result.unknown.append(f"{gid}: {kept.name}")
        (result.updated if had_before else result.new).append(gid)
        return
    if device.proto >= 2:
        intact = sent_digest(records) == sha
        log, game = expand(records) if intact else ("", None)
    else:
        log, game = expand(records, sha)
        intact = hashlib.sha256(log.encode()).hexdigest() == sha
    if not intact or game is None:
        store.save_partial(dev, gid, sha, [])  # start this game afresh next time
        raise InvalidData(f"game {gid}: the records' sha256 does not match the device's; run pull again")
    same = had_before and store.same_log(dev, gid, log)  # archived already, under an older digest
    store.put(summarize(dev, gid, sha, log, game, entry.get("t")), cursor=gid >= (store.cursor(dev)[0] or ""))
    result.payload_bytes += len(log.encode())
    if same:
        result.unchanged += 1
    else:
        (result.updated if had_before else result.new).append(gid)


def _records(reply: dict, gid: str, have: int) -> list[str]:
    data = reply["_payload"]
    if reply.get("z"):
        import zlib

        data = zlib.decompress(data, -15)
    lines = data.decode().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if reply.get("from") != have or len(lines) != reply.get("count") or not lines:
        raise InvalidData(f"game {gid}: the device sent records out of order; run pull again")
    return lines
