"""Card data pushed over the link: resumable upload, then checked, inflated and switched to.

Any game that reads card data (the registry names its file); a host that does not name the game
means the registry's LEGACY game, as every host did before there was a second. The old card
data stays until the new has passed every check by the game's own engine.
"""

import hashlib
import json
import os

from journal.lines import remove_quietly as _remove

from shared_engine import frames

CARDS_MAX = frames.CARDS_MAX
CARDS_JSON_MAX = frames.CARDS_JSON_MAX
PART = "cards.part"
PART_META = "cards.part.meta"
NEW = "cards.new"


def _file(game):
    """The flash file of a game's card data; "" for a game that reads none."""
    from shared_engine.errors import GameError
    from shared_engine.games import CARDS, LEGACY, entry

    try:
        return entry(game or LEGACY)[CARDS]
    except (GameError, IndexError):
        return ""


def op_cards(ops, rid, req, payload):
    """Begin or resume a card-data upload: {size, sha, z, game}; the reply gives the offset to send from."""
    size, sha, packed, game = req["size"], req["sha"], 1 if req.get("z") else 0, req.get("game") or ""
    if type(game) is not str or not _file(game):
        ops.fail(rid, frames.BAD_REQUEST, "%r reads no card data" % (game,))
        return
    if type(size) is not int or not 0 < size <= CARDS_MAX:
        ops.fail(rid, frames.TOO_LARGE, "card data must be 1-%d bytes as sent" % CARDS_MAX)
        return
    if type(sha) is not str or len(sha) != 64:
        ops.fail(rid, frames.BAD_REQUEST, "sha must be 64 hex digits")
        return
    meta = "%s %d %d %s" % (sha, size, packed, game or "-")
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
    ops.link.transfer(True)
    ops.reply(rid, frames.OK, {"off": _size(PART)})


def op_chunk(ops, rid, req, payload):
    meta = _part_meta()
    if meta is None:
        ops.fail(rid, frames.NOT_FOUND, "no card upload in progress")
        return
    have = _size(PART)
    off = req["off"]
    if off == have and have + len(payload) <= meta[1]:
        with open(PART, "ab") as f:
            f.write(payload)
        have += len(payload)
    elif off != have:
        ops.reply(rid, frames.CHANGED, {"off": have, "err": "expected offset %d" % have})
        return
    else:
        ops.fail(rid, frames.TOO_LARGE, "more bytes than announced")
        return
    ops.link.transfer(True)
    ops.reply(rid, frames.OK, {"off": have})


def op_commit(ops, rid, req, payload):
    """Check the upload, inflate and validate it, then switch to it; the old data stays on any failure."""
    meta = _part_meta()
    if meta is None:
        ops.fail(rid, frames.NOT_FOUND, "no card upload in progress")
        return
    sha, size, packed, game = meta
    problem = None
    if _size(PART) != size:
        problem = "have %d of %d bytes" % (_size(PART), size)
    elif _file_sha(PART) != sha:
        problem = "sha256 does not match"
    if problem:
        _remove(PART)
        _remove(PART_META)
        ops.link.transfer(False)
        ops.fail(rid, frames.INVALID, "upload damaged (%s); send it again" % problem)
        return
    try:
        _unpack(PART, NEW, packed)
        from shared_engine.games import LEGACY, card_set

        game = game or LEGACY
        with open(NEW) as f:
            cards = card_set(game, json.load(f))
    except OSError as e:  # the flash, not the data: say so
        _remove(NEW)
        ops.link.transfer(False)
        ops.fail(rid, frames.STORAGE, "flash: no room to unpack the card data, old data kept (%s)" % e)
        return
    except Exception as e:  # any fault in the data: keep the old cards
        _remove(NEW)
        ops.link.transfer(False)
        ops.fail(rid, frames.INVALID, "card data rejected, old data kept: %s" % e)
        return
    finally:
        _remove(PART)
        _remove(PART_META)
    os.rename(NEW, _file(game))
    ops.session.cards_changed()
    ops.link.transfer(False)
    ops.reply(rid, frames.OK, {"cards": len(cards.by_id), "version": cards.version, "game": game})


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


def _part_meta():
    try:
        with open(PART_META) as f:
            sha, size, packed, game = (f.read().split() + ["-"])[:4]  # an upload begun before games were named
        return sha, int(size), int(packed), "" if game == "-" else game
    except (OSError, ValueError):
        return ""


def _file_sha(path):
    digest = hashlib.sha256()
    buf = bytearray(256)
    with open(path, "rb") as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            digest.update(buf[:n])
    from binascii import hexlify

    return hexlify(digest.digest()).decode()


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
