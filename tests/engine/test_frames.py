"""Link frames (shared_engine/frames.py): the same bytes and the same checks on both runtimes."""

from shared_engine import frames
from shared_engine.canonical_json import dumps, length


def _status(line):
    try:
        frames.decode(line)
    except frames.FrameError as e:
        return e.status
    raise AssertionError("no FrameError for %r" % (line,))


def test_a_frame_is_one_printable_line_and_decodes_to_what_was_sent():
    line = frames.encode({"id": 7, "op": "read", "from": 3}, b"\x00\x01\xfe\xff\n~")
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert line.startswith(b"~") and line.count(b"~") == 1
    assert all(32 <= b < 127 for b in line[:-1]), "ASCII-safe: no control bytes, no Ctrl-C"
    header, payload = frames.decode(line)
    assert header == {"id": 7, "op": "read", "from": 3}
    assert payload == b"\x00\x01\xfe\xff\n~"


def test_the_encoding_is_the_same_on_both_runtimes():
    # canonical JSON header: sorted keys, no spaces; crc32 and length in hex
    assert frames.encode({"op": "hello", "id": 1, "proto": 1}) == (
        b"~002c772b1d40eyJpZCI6MSwib3AiOiJoZWxsbyIsInByb3RvIjoxfQo=\n"
    )


def test_a_reply_goes_out_in_small_pieces_that_make_the_same_line():
    """A board late in a long session has many small holes in its heap and few large ones: a
    read reply of 2 KB of records is sent 256 characters at a time, never copied whole."""
    records = [b'["bp",%d,%d]' % (n % 17, n % 13) for n in range(175)]
    pieces = []
    for record in records:
        pieces += [record, b"\n"]
    whole = b"".join(pieces)
    assert len(whole) > 2000
    sent = []
    frames.write(sent.append, {"id": 4, "st": 0}, pieces)
    assert max(len(piece) for piece in sent) <= 256
    line = b"".join(sent)
    assert line == frames.encode({"id": 4, "st": 0}, whole)  # the same bytes as one payload
    header, payload = frames.decode(line)
    assert header == {"id": 4, "st": 0} and payload == whole


def test_a_long_header_goes_out_in_small_pieces_too():
    """A solitaire game's state is a header of some 3 KB of JSON: it is never made whole."""
    header = {"id": 5, "st": 0, "track": [{"turn": n, "bp": {"CP": n, "EA": 20 - n}, "re": None} for n in range(60)]}
    sent = []
    frames.write(sent.append, header)
    assert sum(len(piece) for piece in sent) > 3000
    assert max(len(piece) for piece in sent) <= 256
    assert frames.decode(b"".join(sent)) == (header, b"")
    assert length(header) == len(dumps(header))  # what the state reply measures itself by


def test_damage_is_detected_and_named():
    line = frames.encode({"id": 1, "op": "state"})
    flipped = line[:20] + (b"A" if line[20:21] != b"A" else b"B") + line[21:]
    assert _status(flipped) == frames.BAD_CRC
    assert _status(line[:-5] + b"\n") == frames.BAD_REQUEST  # length no longer matches
    assert _status(b"~zzzz00000000abc\n") == frames.BAD_REQUEST  # header not hex
    assert _status(b"hello\n") == frames.BAD_REQUEST


def test_lengths_are_bounded_before_anything_is_decoded():
    assert _status(b"~" + b"A" * (frames.LINE_MAX + 10)) == frames.TOO_LARGE
    try:
        frames.encode({"id": 1}, b"x" * frames.BODY_MAX)
    except frames.FrameError as e:
        assert e.status == frames.TOO_LARGE
    else:
        raise AssertionError("an oversized body was encoded")


def test_a_valid_crc_over_a_header_that_is_not_an_object_is_refused():
    from binascii import b2a_base64, crc32

    text = b2a_base64(b"[1,2]\n")[:-1]
    line = b"~%04x%08x%s" % (len(text), crc32(text) & 0xFFFFFFFF, text)
    assert _status(line) == frames.BAD_REQUEST


def test_lines_keep_a_bounded_buffer_and_report_overlong_lines():
    lines = frames.Lines(limit=8)
    assert lines.feed(b"ab\ncd") == [b"ab"]
    assert lines.feed(b"e\n" + b"x" * 50 + b"\nok\n") == [b"cde", None, b"ok"]
    assert len(lines.buf) == 0
