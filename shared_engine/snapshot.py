"""A game's state as JSON-ready values and back: how the device keeps a long game without its
whole log in memory (action_list.py's window).

Any game's state is made of None, bools, ints, strings, lists, tuples, dicts and objects of the
classes its State names in PARTS; JSON has no tuples, no non-string keys and no objects, so those
three are marked: {"t": [...]}, {"d": [[key, value], ...]}, {"o": class name, "f": {attribute:
value}}. On flash a state is several lines, none long (a board's heap may have no big block
free): the state without its lists of objects, whose lengths it gives ("n"), then one line an
object of them (lines(), Reader).
"""


def encode(value):
    kind = type(value)
    if kind is list:
        return [encode(v) for v in value]
    if kind is tuple:
        return {"t": [encode(v) for v in value]}
    if kind is dict:
        return {"d": [[encode(k), encode(v)] for k, v in value.items()]}
    if value is None or kind is int or kind is str or kind is bool:
        return value
    return {"o": kind.__name__, "f": {key: encode(field) for key, field in value.__dict__.items()}}


def decode(value, parts):
    """The value encode() made, its objects made again from `parts`: {class name: class}."""
    kind = type(value)
    if kind is list:
        return [decode(v, parts) for v in value]
    if kind is not dict:
        return value
    if "t" in value:
        return tuple(decode(v, parts) for v in value["t"])
    if "d" in value:
        return {decode(k, parts): decode(v, parts) for k, v in value["d"]}
    cls = parts[value["o"]]
    made = object.__new__(cls)  # no __init__: the fields are set here
    for key, field in value["f"].items():
        setattr(made, key, decode(field, parts))
    return made


def clone(value):
    """A copy of a state that shares nothing that changes."""
    kind = type(value)
    if kind is list:
        return [clone(v) for v in value]
    if kind is dict:
        return {k: clone(v) for k, v in value.items()}
    if value is None or kind is int or kind is str or kind is bool or kind is tuple:
        return value  # a state's tuples hold numbers, strings and tuples: never changed in place
    made = object.__new__(kind)
    for key, field in value.__dict__.items():
        setattr(made, key, clone(field))
    return made


def _objects(value):
    return type(value) is list and value and type(value[0]) not in (int, str, bool, list, tuple, dict)


def lines(state):
    """The state as JSON-ready values, one a line: itself less its lists of objects, then those."""
    split = sorted(key for key, field in state.__dict__.items() if _objects(field))
    fields = {key: encode(field) for key, field in state.__dict__.items() if key not in split}
    yield {"o": type(state).__name__, "f": fields, "n": [[key, len(state.__dict__[key])] for key in split]}
    for key in split:
        for item in state.__dict__[key]:
            yield encode(item)


def line_count(state):
    """How many lines lines() gives for the state."""
    n = 1
    for field in state.__dict__.values():
        if _objects(field):
            n += len(field)
    return n


class Reader:
    """A state made again from the values lines() gave, fed one at a time."""

    def __init__(self, parts):
        self.parts = parts
        self.state = None
        self.wanted = []  # [list, items still to come] for each list of objects, in order

    def feed(self, value):
        """One line's value; True once the state is whole."""
        if self.state is None:
            self.state = decode(value, self.parts)
            for key, n in value["n"]:
                items = []  # type: list
                setattr(self.state, key, items)
                if n:
                    self.wanted.append([items, n])
        else:
            want = self.wanted[0]
            want[0].append(decode(value, self.parts))
            want[1] -= 1
            if not want[1]:
                self.wanted.pop(0)
        return not self.wanted


def parts_of(state_class):
    """{name: class} for a State and the classes it names in PARTS."""
    found = {state_class.__name__: state_class}
    for cls in getattr(state_class, "PARTS", ()):
        found[cls.__name__] = cls
    return found
