"""The journal's lines on flash: "<crc32 as 8 hex digits> <JSON>\n", as bytes.

Apart from the journal (journal/__init__.py) so that reading a game back and folding it
(journal/read.py, journal/fold.py) build on these without importing the package that loads them.
Lines are bytes, never str: MicroPython looks up every str it makes among all the interned
names, about 9,000 instructions a string.
"""

import io
import json
import os
from binascii import crc32


def json_bytes(value):
    """Compact JSON as bytes. For an action, its record as stored and sent: b'["bp",14,12]'."""
    out = io.BytesIO()
    json.dump(value, out, separators=(",", ":"))  # type: ignore[call-overload]  # the stubs have it positional; MicroPython takes only the keyword
    return out.getvalue()


record_bytes = json_bytes  # JSON writes a tuple as a list


def line(data):
    return b"%08x %s\n" % (crc32(data), data)


def checked_lines(path, problems):
    """The JSON of each good line, as bytes; stops at the first bad one."""
    for text, _ in lines_at(path, problems):
        yield text


def lines_at(path, problems, offset=0, end=None):
    """(JSON of each good line as bytes, the offset after it), from byte `offset` up to `end` (a
    log on flash may hold more than its snapshot took: a fold cut short); stops at a bad line."""
    try:
        f = open(path, "rb")
    except OSError:
        return
    with f:
        if offset:
            f.seek(offset)
        number = 0
        for raw in f:
            number += 1
            offset += len(raw)
            if end is not None and offset > end:
                return
            good = len(raw) > 10 and raw[-1:] == b"\n" and raw[8:9] == b" "
            if good:
                text = raw[9:-1]
                try:
                    good = int(raw[:8], 16) == crc32(text)
                except ValueError:
                    good = False
            if not good:
                problems.append("%s line %d damaged; it and what follows were dropped" % (path, number))
                return
            yield text, offset


def remove_quietly(path):
    """Remove a file if it is there."""
    try:
        os.remove(path)
    except OSError:
        pass
