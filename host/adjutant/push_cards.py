"""`adjutant cards push`: send card data to the device, compressed, resumable, verified.

The device keeps what it has received in a part file named by the upload's
sha256; "cards" tells it the size and sha256 and returns the offset it already
holds, so a second run after a disconnect sends only the rest. "commit" makes
it check the sha256, inflate, validate with the engine and switch; any
failure leaves the old card data in place.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable

from adjutant.errors import DeviceRefused, InvalidData
from adjutant.link.client import DeviceLink
from shared_engine import frames


def deflated(data: bytes) -> bytes:
    # Raw deflate with a 1 KB window, so the device's inflater needs little RAM.
    packer = zlib.compressobj(9, zlib.DEFLATED, -frames.WINDOW_BITS)
    return packer.compress(data) + packer.flush()


def push(
    device: DeviceLink,
    data: bytes,
    start: Callable[[int, int], None] | None = None,
    progress: Callable[[int], None] | None = None,
    game: str = "",
) -> dict:
    """Send `data` (card JSON of `game`, "": the registry's LEGACY game, as hosts before a second game sent it);
    returns the device's reply to commit ({cards, version, game})."""
    sent = deflated(data)
    packed = len(sent) < len(data)
    if not packed:
        sent = data
    sha = hashlib.sha256(sent).hexdigest()
    offset = device.request("cards", size=len(sent), sha=sha, z=1 if packed else 0, game=game)["off"]
    if start:
        start(len(sent), offset)
    while offset < len(sent):
        chunk = sent[offset : offset + frames.CARD_CHUNK]
        try:
            reply = device.request("chunk", chunk, off=offset)
        except DeviceRefused as e:
            if e.status != frames.CHANGED:
                raise
            reply = device.request("cards", size=len(sent), sha=sha, z=1 if packed else 0, game=game)
            offset = reply["off"]
            continue
        if progress:
            progress(reply["off"] - offset)
        offset = reply["off"]
    try:
        return device.request("commit", timeout=15)
    except DeviceRefused as e:
        if e.status == frames.INVALID:
            raise InvalidData(str(e)) from e
        raise
