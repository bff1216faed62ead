"""Link frames: how the host and the device find each other's messages amid REPL and log text.

A frame is one line of printable ASCII:

    ~LLLLCCCCCCCC<base64 body>\\n

"~" marks the start, LLLL is the base64 text's length (4 hex digits) and
CCCCCCCC its crc32 (8 hex digits). The body is a compact JSON header, a
newline, then the payload's raw bytes (often deflated). Anything else on the
line is someone else's text: a reader drops what is not a whole, checked
frame and resynchronizes on the next "~". Nothing in a frame is executed;
every length is bounded before anything is allocated for it.
"""

import json
from binascii import a2b_base64, b2a_base64, crc32

from .canonical_json import write as write_json

PROTOCOL = 2  # 2: a game's sha256 is of the compact records as sent (1: of the canonical log)
MARK = 0x7E  # "~"
HEAD = 13  # "~" + 4 + 8
BODY_MAX = 3072  # decoded body: header + payload
TEXT_MAX = (BODY_MAX + 2) // 3 * 4  # its base64 text
LINE_MAX = HEAD + TEXT_MAX

# What both ends of a transfer agree on.
ACKS_MAX = 32  # [gid, sha] acks in one request
READ_CHUNK = 2048  # compact log bytes in one read reply, before compression
CARD_CHUNK = 1536  # card data in one upload frame: room for the header within BODY_MAX
WINDOW_BITS = 10  # raw deflate with a 1 KB window, both ways: a board inflates in little heap
CARDS_MAX = 64 * 1024  # card data as sent (compressed or not)
CARDS_JSON_MAX = 48 * 1024  # card data once inflated: what the device keeps (`adjutant cards check` says so first)

# Reply status codes. 0 is success; the rest name what went wrong.
OK = 0
UNKNOWN = 1  # unknown command
BAD_CRC = 2  # the frame's crc32 does not match
TOO_LARGE = 3  # longer than the limits above
BUSY = 4  # another transfer is in progress
VERSION = 5  # protocol version mismatch
BAD_REQUEST = 6  # missing or malformed fields
NOT_FOUND = 7  # no such game or transfer
CHANGED = 8  # the data changed since the transfer began: start again
STORAGE = 9  # the flash refused (full or failing)
INVALID = 10  # received data failed validation; nothing was changed
STATUS_NAMES = (
    "ok",
    "unknown command",
    "bad CRC",
    "too large",
    "busy",
    "version mismatch",
    "bad request",
    "not found",
    "changed",
    "storage error",
    "invalid data",
)


class FrameError(ValueError):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


PIECE = 192  # body bytes put into base64 at a time: 256 characters, a multiple of 3 so the pieces join


class _Text:
    """A frame's base64 text, made from its body as it comes (str or bytes pieces, through one
    192-byte buffer) and handed to `send` 256 characters at a time, or only counted and
    checksummed (send None). The body is never whole, nor its text."""

    def __init__(self, send):
        self.send = send
        self.buf = bytearray(PIECE)
        self.full = 0
        self.size = 0  # body bytes
        self.crc = 0  # of the text so far

    def append(self, part):
        if type(part) is str:
            part = part.encode()
        self.size += len(part)
        view = memoryview(part)
        at = 0
        while at < len(view):
            take = min(PIECE - self.full, len(view) - at)
            self.buf[self.full : self.full + take] = view[at : at + take]
            self.full += take
            at += take
            if self.full == PIECE:
                self._out(self.buf)

    def close(self):
        if self.full:
            self._out(memoryview(self.buf)[: self.full])

    def _out(self, piece):
        text = b2a_base64(piece, newline=False)
        self.crc = crc32(text, self.crc)
        if self.send is not None:
            self.send(text)
        self.full = 0


def _body(text, header, payload):
    write_json(header, text)
    text.append(b"\n")
    for part in payload:
        text.append(part)
    text.close()
    return text


def write(send, header, payload=b""):
    """A frame line for a JSON-ready header dict and payload (bytes, or a list of bytes sent as
    one), handed to `send` in pieces: its head, its text 256 characters at a time, the newline.
    Late in a long session a board's heap has many small holes and few large ones, so no piece
    is larger than that: the body is gone through twice instead (its length and crc32 first,
    some 2 KB of base64, cheap beside a block that may not be there)."""
    payload = payload if type(payload) is list else [payload]
    counted = _body(_Text(None), header, payload)
    if counted.size > BODY_MAX:
        raise FrameError(TOO_LARGE, "frame body of %d bytes is over %d" % (counted.size, BODY_MAX))
    send(b"~%04x%08x" % ((counted.size + 2) // 3 * 4, counted.crc & 0xFFFFFFFF))
    _body(_Text(send), header, payload)
    send(b"\n")


def encode(header, payload=b""):
    """One frame line (bytes, ending in a newline) for a JSON-ready header dict and payload."""
    pieces: list[bytes] = []
    write(pieces.append, header, payload)
    return b"".join(pieces)


def decode(line):
    """(header dict, payload bytes) from one line that starts with "~"; FrameError if damaged."""
    # A view, not copies: a 3 KB request must not need three more 3 KB blocks of a board's heap.
    line = memoryview(line)
    end = len(line)
    while end and line[end - 1] in (10, 13):
        end -= 1
    line = line[:end]
    if len(line) > LINE_MAX:
        raise FrameError(TOO_LARGE, "frame line of %d bytes is over %d" % (len(line), LINE_MAX))
    if len(line) < HEAD or line[0] != MARK:
        raise FrameError(BAD_REQUEST, "not a frame")
    try:
        size = int(bytes(line[1:5]), 16)
        crc = int(bytes(line[5:13]), 16)
    except ValueError:
        raise FrameError(BAD_REQUEST, "frame header is not hex")
    text = line[HEAD:]
    if size != len(text):
        raise FrameError(BAD_REQUEST, "frame says %d bytes of text, has %d" % (size, len(text)))
    if crc32(text) & 0xFFFFFFFF != crc:
        raise FrameError(BAD_CRC, "frame crc32 does not match")
    try:
        body = a2b_base64(text)
    except ValueError:
        raise FrameError(BAD_REQUEST, "frame text is not base64")
    cut = body.find(b"\n")
    try:
        header = json.loads(body[:cut]) if cut >= 0 else None
    except ValueError:
        header = None
    payload = body[cut + 1 :]
    if type(header) is not dict:
        raise FrameError(BAD_REQUEST, "frame header is not a JSON object")
    return header, payload


class Lines:
    """Splits a byte stream into lines, keeping at most LINE_MAX bytes of any one line.

    A longer line is cut off and given as None, so a flood without newlines
    costs a bounded buffer, not the heap, and the reader can say so.
    """

    def __init__(self, limit=LINE_MAX):
        self.limit = limit
        self.buf = bytearray()
        self.overflowed = False

    def feed(self, data):
        """The complete lines in `data` (each without its newline), as a list."""
        out: list = []
        start = 0
        while True:
            end = data.find(b"\n", start)
            piece = data[start:] if end < 0 else data[start:end]
            if not self.overflowed:
                if len(self.buf) + len(piece) > self.limit:
                    self.overflowed = True  # keep nothing more of this line
                else:
                    self.buf += piece
            if end < 0:
                return out
            out.append(None if self.overflowed else bytes(self.buf))
            self.buf = bytearray()
            self.overflowed = False
            start = end + 1
