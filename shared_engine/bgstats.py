"""A finished game as a BG Stats play: the one mapping `adjutant export --format bgstats` and
the phone page both use (on CPython and on MicroPython alike).

BG Stats takes a play as a link, not a file:
https://app.bgstatsapp.com/createPlay.html?data=<the play's JSON, URL-encoded>. Opened on a
phone, the app adds the play. The field names follow its play-import format (sourceName,
playDate, game, players with name/score/winner/role).

What is each game's own (its name there, its seats, its comment, who won) is its engine's
bgstats module (shared_engine/<game>/bgstats.py: GAME and play()); this is what every game's
play is made of.
"""

import json

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
_SAFE = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~"


def play(
    game, source_id, play_date, comments, solo, first, scores, winner, players, minutes=None, bgg_id=None, order=None
):
    """The createPlay JSON of a finished game.

    game: the game's entry, (its name in BG Stats, its source id, its seats by code with the name
    of each until the people are named (None: its players are people by name already), whether a
    play has points, whether a seat is a role); play_date: "YYYY-MM-DD HH:MM:SS", the local time
    BG Stats reads it as; comments: the play's note; first: the seat that plays first; scores:
    {seat: n}, None for a game without points; winner: a seat, None for a draw; players: {seat: name};
    order: the seats in the order the play lists them (a dict's order is not MicroPython's promise)."""
    name, source, seats, points, roles = game
    game_fields = {"name": name, "sourceGameId": source, "highestWins": True, "noPoints": not points}
    if bgg_id:  # BoardGameGeek's id only when the user gives it: never a guessed one; a number
        game_fields["bggId"] = int(bgg_id)
    out = {
        "sourceName": "Adjutant",
        "sourcePlayId": source_id,
        "playDate": play_date,
        "game": game_fields,
        "solo": bool(solo),
        "comments": comments,
        "players": [],
    }
    for seat in order or seats or players:
        one = {"name": players[seat]}
        if roles:  # a seat that is a role in the game (The Great War's sides)
            one["role"] = seats[seat]
        if points:
            one["score"] = scores[seat]  # a number, as BG Stats' schema types it
        # All the booleans present: the Android app errors on a missing one.
        one["winner"] = winner == seat
        one["startPlayer"] = seat == first
        one["sourcePlayerId"] = player_id(players[seat], seat, seats)
        out["players"].append(one)
    if minutes is not None:
        out["durationMin"] = minutes
    return out


def seat_names(seats, named=None):
    """A name for each seat: the names given, else the seat's own."""
    named = named or {}
    return {seat: named.get(seat, own) for seat, own in (seats or {}).items()}


def minutes(start, end):
    """Whole minutes from start to end (epoch seconds), half a minute up, at least 1."""
    return max(1, (end - start + 30) // 60)


def played(stamp, minutes=None, estimated=False):
    """ "Played 2026-11-22 14:05 (UTC+01:00), 95 min": stamp is the start in local time with its offset."""
    text = "Played " + stamp
    if minutes is not None:
        text += ", %d min" % minutes
    if estimated:
        text += "; times estimated from the device's uptime"
    return text


def note(text, when, gid):
    """A play's comments: what the game came to, when it was played, and which game it was."""
    return text + ". %s (Adjutant %s)" % (when, gid)


def _word(c):
    return c.isalnum() if hasattr(c, "isalnum") else (c.isalpha() or c.isdigit() or ord(c) > 127)


def player_id(name, seat, seats=None):
    """Follows the person, not the seat: Anna is one player in BG Stats whichever side she takes."""
    if seats and name == seats.get(seat):  # nobody named: the seat itself
        return "adjutant-side-" + seat
    return "adjutant-" + "-".join("".join(c if _word(c) else " " for c in name.lower()).split())


def quote(text):
    """Percent-encoding of the UTF-8 bytes, all but the unreserved characters (as urllib's quote(safe=""))."""
    out = []
    for b in text.encode():
        out.append(chr(b) if b in _SAFE else "%%%02X" % b)
    return "".join(out)


def link(one):
    """The createPlay link that adds this play to BG Stats."""
    try:
        text = json.dumps(one, separators=(",", ":"), ensure_ascii=False)
    except TypeError:  # MicroPython's json has no ensure_ascii: it writes UTF-8 as it is anyway
        text = json.dumps(one, separators=(",", ":"))
    return CREATE_PLAY + quote(text)
