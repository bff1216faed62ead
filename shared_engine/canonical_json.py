"""Canonical JSON: the same bytes on CPython and MicroPython.

MicroPython's dicts do not keep insertion order and its `json.dumps` has no
`sort_keys`, so state is written here: keys sorted, no spaces, ASCII only
(other characters as \\uXXXX escapes), and only the types the engine uses.
"""

from .errors import GameError

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _string(s, out):
    for ch in s:
        if ch in _ESCAPES or not " " <= ch <= "~":
            break
    else:  # plain ASCII, the usual case: one piece, not a list entry per character
        out.append('"%s"' % s)
        return
    out.append('"')
    for ch in s:
        code = ord(ch)
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif 0x20 <= code < 0x7F:
            out.append(ch)
        elif code > 0xFFFF:
            code -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 | (code >> 10), 0xDC00 | (code & 0x3FF)))
        else:
            out.append("\\u%04x" % code)
    out.append('"')


def _value(v, out):
    if v is None:
        out.append("null")
    elif v is True:
        out.append("true")
    elif v is False:
        out.append("false")
    elif type(v) is int:
        out.append(str(v))
    elif type(v) is str:
        _string(v, out)
    elif type(v) is dict:
        out.append("{")
        first = True
        for k in sorted(v):
            if type(k) is not str:
                raise GameError("canonical JSON keys must be strings, got %r" % (k,))
            if not first:
                out.append(",")
            first = False
            _string(k, out)
            out.append(":")
            _value(v[k], out)
        out.append("}")
    elif type(v) is list or type(v) is tuple:
        out.append("[")
        for i, item in enumerate(v):
            if i:
                out.append(",")
            _value(item, out)
        out.append("]")
    else:
        # Floats print differently on the two runtimes, so the engine has none.
        raise GameError("canonical JSON cannot hold %s" % type(v).__name__)


def write(value, out):
    """The canonical JSON of `value`, handed to out.append piece by piece (a list, or a frame
    being written: a board late in a session may not have a block for the whole text)."""
    _value(value, out)


def dumps(value):
    out: list[str] = []
    _value(value, out)
    return "".join(out)


class _Length:
    def __init__(self):
        self.n = 0

    def append(self, piece):
        self.n += len(piece)  # ASCII only: a character is a byte


def length(value):
    """len(dumps(value)), without making the text."""
    counted = _Length()
    _value(value, counted)
    return counted.n
