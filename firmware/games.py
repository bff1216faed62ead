"""The games kept on flash: the newest is the one being played.

Games are numbered g0001, g0002, ... in saved/. (Not games/: on a board the
flash root is on the import path, and a folder named like this module would
be imported in its place.) A game the host has pulled
gets an empty gNNNN.pulled marker. When free space runs low, the oldest
pulled games are removed, never one the host has not yet copied.
"""

import os

from journal import Journal, read_meta

ROOT = "saved"
LOW_SPACE = 24 * 1024  # keep room for a full game's journal and a snapshot


def ids():
    """The kept games' ids, oldest first."""
    try:
        names = os.listdir(ROOT)
    except OSError:
        try:
            os.rename("games", ROOT)  # where firmware 0.3 kept them
        except OSError:
            os.mkdir(ROOT)
        names = os.listdir(ROOT)
    return sorted(n[:-4] for n in names if n.endswith(".snp"))


def free_bytes():
    st = os.statvfs(".")
    return st[0] * st[3]


def is_pulled(gid):
    try:
        os.stat("%s/%s.pulled" % (ROOT, gid))
        return True
    except OSError:
        return False


def mark_pulled(gid):
    with open("%s/%s.pulled" % (ROOT, gid), "w"):
        pass


def unmark_pulled(gid):
    try:
        os.remove("%s/%s.pulled" % (ROOT, gid))
    except OSError:
        pass


def newest():
    found = ids()
    return Journal(ROOT, found[-1]) if found else None


def make_room(keep=None):
    """Remove the oldest pulled games while space is low; returns how many."""
    removed = 0
    for gid in ids():
        if free_bytes() >= LOW_SPACE:
            break
        if gid != keep and is_pulled(gid):
            Journal(ROOT, gid).remove()
            removed += 1
    return removed


def create(game):
    """Store a new game; OSError if the flash cannot hold it."""
    found = ids()
    make_room()
    number = int(found[-1][1:]) + 1 if found else 1
    journal = Journal(ROOT, "g%04d" % number)
    try:
        journal.create(game)
    except OSError:
        journal.remove()
        raise
    return journal


def summaries():
    """(gid, name, turns, result or None, pulled) for each kept game, newest first."""
    out = []
    for gid in reversed(ids()):
        meta, header = read_meta(ROOT, gid)
        name = header.get("name", "?") if header else "(damaged)"
        turns = header.get("turns", 0) if header else 0
        out.append((gid, name, turns, meta.get("end") if meta else None, is_pulled(gid)))
    return out


def remove(gid):
    Journal(ROOT, gid).remove()
