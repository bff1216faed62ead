"""The games kept on flash: the newest is the one being played.

Games are numbered g0001, g0002, ... in saved/, and a number is never used
twice, so a host's cursor stays right after games are deleted. (Not games/,
where firmware 0.3 kept them: a folder at the flash root, which is on the
import path, may not share a module's name.) The games the host has stored
are listed in saved/pulled. When free space runs low, the oldest pulled
games are removed, never one the host has not yet copied.
"""

import os

from journal import Journal

ROOT = "saved"
LOW_SPACE = 24 * 1024  # keep room for a full game's journal and a snapshot
# A game while it is played: its snapshot, its journal and its log, a littlefs block each (4 KB).
GAME_ROOM = 3 * 4096
WARN_GAMES = 5  # a new game says how many more the flash holds while fewer than this


def _listed():
    try:
        return os.listdir(ROOT)
    except OSError:
        try:
            os.rename("games", ROOT)  # where firmware 0.3 kept them
        except OSError:
            os.mkdir(ROOT)
        return os.listdir(ROOT)


def ids():
    """The kept games' ids, oldest first."""
    return sorted(n[:-4] for n in _listed() if n.endswith(".snp"))


def ids_from(gid):
    """The kept games' ids from `gid` on (every one for None), oldest first: each looked up by its
    number, up to the last used, so a host's page of a long list costs that page, not the list."""
    last = _last_number()
    if not last or not _is_id(gid):  # a flash from before numbers were kept, or a cursor not ours
        return [found for found in ids() if gid is None or found >= gid]
    return _numbered(int(gid[1:]), last)


def _numbered(first, last):
    for number in range(first, last + 1):
        gid = "g%04d" % number
        if kept(gid):
            yield gid


def _is_id(gid):
    return type(gid) is str and gid[:1] == "g" and gid[1:].isdigit()


def kept(gid):
    """Whether the game is on flash: its snapshot looked up, the folder not listed."""
    if not _is_id(gid):
        return False
    try:
        os.stat("%s/%s.snp" % (ROOT, gid))
        return True
    except OSError:
        return False


def free_bytes():
    return _free(os.statvfs("."))


def _free(st):
    # Full to the last block, littlefs may count blocks in use twice (a file being rewritten):
    # more used than there are, and the free count wraps round to a huge number.
    return st[0] * st[3] if st[3] <= st[2] else 0


PULLED = ROOT + "/pulled"  # the ids of games the host has stored, one a line
SEQ = ROOT + "/seq"  # the last game number used: numbers never come back, even when games go
STAMP = ROOT + "/stamp"  # made with this folder: a host tells a wiped flash from the same one
TAKEN_UP = ROOT + "/taken-up"  # an older game played on from History: the one a boot resumes


def take_up(gid):
    """`gid`, an unfinished game kept, is the one played from now (newest() gives it), until a new one."""
    with open(TAKEN_UP, "w") as f:
        f.write(gid)


def pulled_ids():
    try:
        with open(PULLED) as f:
            return [line.strip() for line in f if line.startswith("g")]
    except OSError:
        return []


def is_pulled(gid):
    return gid in pulled_ids()


def mark_pulled(gids):
    """Record that the host holds these games; one append however many there are."""
    have = pulled_ids()
    new = [gid for gid in gids if gid not in have]
    if new:
        with open(PULLED, "a") as f:
            f.write("".join(gid + "\n" for gid in new))


def unmark_pulled(gid):
    have = pulled_ids()
    if gid in have:
        with open(PULLED + ".tmp", "w") as f:
            f.write("".join(g + "\n" for g in have if g != gid))
        os.rename(PULLED + ".tmp", PULLED)


def stamp():
    """8 hex digits made when this games folder was; the link adds it to the device id."""
    try:
        with open(STAMP) as f:
            text = f.read().strip()
        if len(text) == 8:
            return text
    except OSError:
        pass
    from binascii import hexlify

    text = hexlify(os.urandom(4)).decode()
    ids()  # makes the folder if need be
    with open(STAMP, "w") as f:
        f.write(text)
    return text


def _last_number():
    try:
        with open(SEQ) as f:
            return int(f.read())
    except (OSError, ValueError):
        return 0


def _next_number():
    """The last number used, and one more, on flash. The number kept is trusted where the games
    bear it out (its game there, the next not): the folder is listed only where they do not (a
    cut before the number's file, a flash copied from another board), as it costs about 0.7 ms
    a game on a Pico's littlefs (200 kept: 148 ms)."""
    last = _last_number()
    if not (last and kept("g%04d" % last) and not kept("g%04d" % (last + 1))):
        found = ids()
        last = max(int(found[-1][1:]) if found else 0, last)
    # Written over in place: littlefs commits a file's new bytes whole at its close (a cut before
    # leaves the old number), where a new file and a rename in a folder of 200 games cost a Pico
    # 100 ms more. A number unreadable all the same is looked for in the folder, as above.
    with open(SEQ, "w") as f:
        f.write(str(last + 1))
    return last + 1


def newest():
    """The journal of the game played last: one taken up from History, else the newest; or None.

    The newest is the game of the last number used, as it is unless that game was deleted or never made: a
    board keeps its games until its flash runs low, and listing the folder costs about 0.5 ms a
    game on a Pico's littlefs, sorting the names 0.2 (120 games kept: 87 ms of every boot)."""
    try:
        with open(TAKEN_UP) as f:
            gid = f.read().strip()
        os.stat("%s/%s.snp" % (ROOT, gid))
        return Journal(ROOT, gid)
    except OSError:
        pass  # none taken up, or it has been deleted since
    number = _last_number()
    if number:
        gid = "g%04d" % number
        try:
            os.stat("%s/%s.snp" % (ROOT, gid))
            return Journal(ROOT, gid)
        except OSError:
            pass
    found = ids()
    return Journal(ROOT, found[-1]) if found else None


def make_room(keep=None):
    """Remove the oldest pulled games while space is low; returns the free bytes then, and a block's.

    Free space is asked of littlefs once (statvfs walks the whole flash: with 200 games kept, a
    second each on a Pico); a removed game gives back its files' blocks."""
    st = os.statvfs(".")
    free, block = _free(st), st[0]
    if free >= LOW_SPACE:
        return free, block  # as it mostly is: which games the host holds is not read (a file opened)
    for gid in sorted(pulled_ids()):  # the oldest first, the folder not listed
        if free >= LOW_SPACE:
            break
        if gid != keep:
            free += _bytes_of(gid, block)
            remove(gid)
    return free, block


def _bytes_of(gid, block):
    """What removing a game gives back: a littlefs file's blocks, but for a small one, kept in its
    folder's own blocks (inline: at most an eighth of a block), whose bytes only."""
    n = 0
    for end in (".snp", ".log", ".j0"):
        try:
            size = os.stat("%s/%s%s" % (ROOT, gid, end))[6]
        except OSError:
            continue
        n += size if size <= block // 8 else -(-size // block) * block
    return n


def full(e):
    """Whether an OSError is littlefs out of room (ENOSPC), not a failing flash."""
    return bool(e.args) and e.args[0] == 28


def says(e):
    """What a flash error is, in a few words for the panel."""
    return "flash full" if full(e) else "flash failing (%s)" % e


def room_says(left):
    """The warning a new game gives while few games' room is left."""
    return "Room for %d more games: pull some" % left if left else "This game fills the flash: pull some"


def not_begun(e):
    """Why New game could not store the game, in one line."""
    return "Flash full: pull games to free room" if full(e) else "Not begun: " + says(e)


def room_for(free, block):
    """How many more games the flash holds, the pulled ones' room counted (making room removes
    them), or None while that is WARN_GAMES or more (then nothing is looked up)."""
    if free >= (WARN_GAMES + 1) * GAME_ROOM:
        return None
    free += sum(_bytes_of(gid, block) for gid in set(pulled_ids()))
    left = max(0, free) // GAME_ROOM
    return left if left < WARN_GAMES else None


def create(game):
    """Store a new game; OSError (ENOSPC) if the flash cannot hold it, its files then removed.
    The journal's `room`: how many more games fit after it, where that is few, else None."""
    free, block = make_room()  # a small file may still fit in a folder's own blocks: tried, not foretold
    try:
        os.remove(TAKEN_UP)  # the new game is the one played
    except OSError:
        pass
    journal = Journal(ROOT, "g%04d" % _next_number())
    try:
        journal.create(game)
    except OSError:
        journal.remove()
        raise
    journal.room = room_for(free - GAME_ROOM, block)
    return journal


def summaries():
    """(gid, name, turns, result or None, pulled, which game) for each kept game, newest first;
    the game by its registry name ("The War"), or "?" for one this firmware does not know."""
    from journal.read import read_meta  # for the history list: the boot that finds the newest game needs none
    from shared_engine.games import NAME, entry, of_header

    out = []
    pulled = pulled_ids()
    for gid in reversed(ids()):
        meta, header = read_meta(ROOT, gid)
        name = header.get("name", "?") if header else "(damaged)"
        turns = header.get("turns", 0) if header else 0
        game = of_header(header.get("a")) if header else None
        which = entry(game)[NAME] if game else "?"
        out.append((gid, name, turns, meta.get("end") if meta else None, gid in pulled, which))
    return out


def remove(gid):
    Journal(ROOT, gid).remove()
    unmark_pulled(gid)
