"""Fuzzing the device's link: 10,000+ malformed or random frames, and the game goes on.

Three kinds, shuffled: random printable lines (some starting with "~"),
damaged copies of valid frames (a byte changed, cut short, doubled), and
well-formed frames whose headers are random (unknown ops, wrong types,
missing fields, huge numbers). Random bytes leave out Ctrl-C: on a board it
interrupts main.py by design, and the link never sends it. After every batch
the device must still answer a handshake and play on through its buttons.
"""

from __future__ import annotations

import binascii
import json
import pathlib
import random
import zlib

from adjutant.sim.process import SimDevice

from shared_engine import frames

FRAMES = 10_000
BATCH = 250
OPS = ["hello", "state", "watch", "list", "read", "ack", "cards", "chunk", "commit", "nope", "", "maint"]
VALUES = [None, True, 0, -1, 2**40, 3.5, "", "g0001", "x" * 300, [], {}, [1, "a"], {"a": 1}]


def random_header(rng: random.Random) -> dict:
    header: dict = {"id": rng.choice([rng.randrange(1, 10**6), None, "1", 2**40])}
    op = rng.choice(OPS)
    if op != "maint":  # a valid maintenance request restarts the board on purpose
        header["op"] = op
    for key in rng.sample(["gid", "sha", "from", "n", "off", "size", "z", "on", "after", "proto"], rng.randrange(0, 5)):
        header[key] = rng.choice(VALUES)
    return header


def random_line(rng: random.Random, valid: list[bytes]) -> bytes:
    kind = rng.randrange(3)
    if kind == 0:
        alphabet = bytes(b for b in range(1, 256) if b not in (3, 10))
        body = bytes(rng.choice(alphabet) for _ in range(rng.randrange(1, 120)))
        return (b"~" if rng.random() < 0.5 else b"") + body + b"\n"
    if kind == 1:
        line = bytearray(rng.choice(valid)[:-1])
        cut = rng.randrange(1, len(line))
        choice = rng.randrange(3)
        if choice == 0:
            line[cut] = rng.choice(b"~AZaz09+/=!")
        elif choice == 1:
            del line[cut:]
        else:
            line += line[cut:]
        return bytes(line) + b"\n"
    body = json.dumps(random_header(rng)).encode() + b"\n" + rng.randbytes(rng.randrange(0, 64))
    if rng.random() < 0.02:
        body = rng.randbytes(frames.BODY_MAX + 100)  # over the limit, with a valid crc
    return framed(body)


def framed(body: bytes) -> bytes:
    """A frame around any body (the encoder only makes canonical headers; the fuzzer needs any)."""
    text = binascii.b2a_base64(body, newline=False)
    return b"~%04x%08x%s\n" % (len(text) & 0xFFFF, zlib.crc32(text), text)


def test_ten_thousand_bad_frames_and_the_device_keeps_playing_and_answering(tmp_path: pathlib.Path) -> None:
    rng = random.Random(2026)
    valid = [frames.encode({"id": i, "op": op}) for i, op in enumerate(["hello", "state", "list"], 1)]
    with SimDevice(tmp_path / "flash.img", seed=9, timeout=600) as dev:
        dev.wait(300)
        sent = 0
        checked = 0
        while sent < FRAMES:
            batch = b"".join(random_line(rng, valid) for _ in range(BATCH))
            dev.serial.send(batch)
            sent += BATCH
            dev.wait(200)
            # where the output stands, counted from its first byte: the relay keeps only its last MB
            start = dev.serial.position
            dev.serial.send(frames.encode({"id": 999_000 + sent, "op": "hello", "proto": frames.PROTOCOL}))
            dev.wait(50)
            # the handshake's reply is among the last lines: find it by its id (a loaded machine
            # may deliver refusals of the batch first, so wait for it, up to 10 s of device time)
            for _ in range(200):
                tail = dev.serial.since(start)
                replies = [frames.decode(line)[0] for line in tail.split(b"\n") if line.startswith(b"~")]
                if any(r.get("id") == 999_000 + sent and r.get("st") == 0 for r in replies):
                    break
                dev.wait(50)
            assert any(r.get("id") == 999_000 + sent and r.get("st") == 0 for r in replies), tail[-300:]
            checked += 1
            phase = dev.state()["game"]["phase"]
            dev.press("OK")  # the game goes on: OK moves the phase on (or rolls the RE die)
            assert dev.state()["game"] != {} and dev.state()["screen"], phase
        assert checked == FRAMES // BATCH
        refusals = [line for line in bytes(dev.serial.output).split(b"\n") if line.startswith(b"~")]
        statuses = [frames.decode(line)[0].get("st") for line in refusals]
        # Lines without a "~" are ignored as someone else's text; everything that looked
        # like a frame got an answer, most of them a refusal naming what was wrong.
        assert sum(1 for st in statuses if st not in (None, frames.OK)) > FRAMES // 2, statuses[:20]
        assert "watchdog reset" not in dev.events and "main.py interrupted" not in dev.events
        game = dev.state()["game"]
        assert game["turn"] > 1, "the game advanced through the buttons between the batches"
