"""Paying a card's resource cost from the untapped resources: a calculator, never a gate.

Resource cards (the rules' section): three resources, depot {D}, plant {P} and fuel {F}. A
resource missing from the untapped resource cards may be made from two resources of the other
types: 1 depot from 2 plants, 2 fuels or 1 plant and 1 fuel; 1 plant from 2 depots, 2 fuels or
1 depot and 1 fuel (the translation's "1 plant and 1 fuel" is read as 1 depot and 1 fuel: a
plant is not made from a plant); 1 fuel from 2 depots, 2 plants or 1 depot and 1 plant. A
converted resource is not converted again, and a part of a cost marked red is paid only by
cards that produce that type.

Amounts are (depot, plant, fuel) triples.
"""

TYPES = ("D", "P", "F")


def pay(cost, have, red=(0, 0, 0)):
    """How to pay `cost` from `have`, or None if it cannot be paid.

    The plan is (spent, made): `spent` the resources used of each type, `made` one
    (type made, (type used, type used)) for each resource converted. Each type is used directly
    as far as it goes; a missing one is made from the types with the most left over, so the
    plan keeps as many types open as it can.
    """
    for n in cost + have + red:
        if type(n) is not int or n < 0:
            raise ValueError("amounts are whole numbers of 0 or more")
    spent = [0, 0, 0]
    short = [0, 0, 0]
    for t in range(3):
        if red[t] > cost[t]:
            raise ValueError("a red part of %s is more than the cost of it" % TYPES[t])
        if have[t] < red[t]:
            return None  # a red part is never made from other types
        spent[t] = min(cost[t], have[t])
        short[t] = cost[t] - spent[t]
    left = [have[t] - spent[t] for t in range(3)]
    made = []
    for t in range(3):
        for _ in range(short[t]):
            used = []
            for _ in range(2):
                # a type with resources left that is not the one made; most left first
                best = None
                for u in range(3):
                    if u != t and left[u] > 0 and (best is None or left[u] > left[best]):
                        best = u
                if best is None:
                    return None
                left[best] -= 1
                spent[best] += 1
                used.append(TYPES[best])
            made.append((TYPES[t], tuple(used)))
    return tuple(spent), made


def _more(cost, have, red):
    """What would pay a cost that cannot be paid, in the rules' terms: for each type, the fewest
    more resources of it alone that would (a missing one is made from 2 of the others, so 1 more
    of the type missing may do what 2 of another type do). [(n, [types])], fewest first."""
    found = {}  # type: dict
    for t in range(3):
        low, high = 1, 2 * sum(cost)  # `high` of one type always pays: it makes every missing one
        while low < high:  # pay() only gets easier with more: the fewest that pay, by halves
            n = (low + high) // 2
            more = list(have)
            more[t] += n
            if pay(cost, tuple(more), red) is None:
                low = n + 1
            else:
                high = n
        found.setdefault(low, []).append(TYPES[t])
    return sorted(found.items())


def _either(types):
    return types[0] if len(types) == 1 else ", ".join(types[:-1]) + " or " + types[-1]


def says(cost, have, red=(0, 0, 0)):
    """The plan in a line for the panel: "Pay 5D 1F (2 P from 4D)", or why it cannot be paid."""
    plan = pay(cost, have, red)
    if plan is None:
        for t in range(3):
            if have[t] < red[t]:
                return "No: red %s needs %d %s cards" % (TYPES[t], red[t], TYPES[t])
        return "No: " + ", or ".join("%d more %s" % (n, _either(types)) for n, types in _more(cost, have, red))
    spent, made = plan
    line = "Pay " + " ".join("%d%s" % (n, TYPES[t]) for t, n in enumerate(spent) if n)
    if made:
        counts = {}  # type: dict
        for t, _ in made:
            counts[t] = counts.get(t, 0) + 1
        line += " (" + ", ".join("%d %s made" % (counts[t], t) for t in TYPES if t in counts) + ")"
    return line
