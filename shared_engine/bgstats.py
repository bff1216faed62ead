"""A finished game as a BG Stats play: the one mapping `adjutant export --format bgstats` and
the phone page both use (on CPython and on MicroPython alike).

BG Stats takes a play as a link, not a file:
https://app.bgstatsapp.com/createPlay.html?data=<the play's JSON, URL-encoded>. Opened on a
phone, the app adds the play. The field names follow its play-import format (sourceName,
playDate, game, players with name/score/winner/role).
"""

import json

from .games import GREAT_WAR, LAST_FRONT, THE_WAR

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
GAME_NAME = "The Great War (MacGowan & Lombardy)"
SIDES = {"CP": "Central Powers", "EA": "Entente Allies"}
# The War has seats, not sides: a seat's name until the people are named.
SEATS = {"P1": "Player 1", "P2": "Player 2"}
# Per game: its name in BG Stats, its source id, and whether a play has points (The War is won by
# the other player's empty deck: no score). All the booleans present: the Android app errors on a
# missing one.
GAMES = {
    GREAT_WAR: (GAME_NAME, "adjutant-tgw", SIDES, True),
    THE_WAR: ("The War (WW2 collectible card game)", "adjutant-the-war", SEATS, False),
    LAST_FRONT: ("Last Front", "adjutant-last-front", None, False),  # its players are its seats, by name
}
AI = "AI (Solitaire 3.3)"
_SAFE = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~"


def play(
    source_id, play_date, comments, solo, first, scores, winner, players, minutes=None, bgg_id=None, kind=GREAT_WAR
):
    """The createPlay JSON of a finished game of `kind` (a game's id, shared_engine/games.py).

    play_date: "YYYY-MM-DD HH:MM:SS", the local time BG Stats reads it as; comments: the
    play's note; first: the side that defended turn 1 (it draws and plays first, 2.1, 7.2), or
    The War's first player; scores: {"CP": n, "EA": n}, None for a game without points; winner: a
    side or seat, None for a draw; players: {side or seat: name}."""
    name, source, sides, points = GAMES[kind]
    # The Great War 3.5: the higher total of captured and in-hand BP wins.
    game = {"name": name, "sourceGameId": source, "highestWins": True, "noPoints": not points}
    if bgg_id:  # BoardGameGeek's id only when the user gives it: never a guessed one; a number
        game["bggId"] = int(bgg_id)
    out = {
        "sourceName": "Adjutant",
        "sourcePlayId": source_id,
        "playDate": play_date,
        "game": game,
        "solo": bool(solo),
        "comments": comments,
        "players": [
            _player(side, sides, players[side], scores[side] if points else None, winner, first)
            for side in (sides or players)
        ],
    }
    if minutes is not None:
        out["durationMin"] = minutes
    return out


def _player(side, sides, name, score, winner, first):
    one = {"name": name}
    if sides is SIDES:  # a side is a role; The War's seats are not
        one["role"] = SIDES[side]
    if score is not None:
        one["score"] = score  # a number, as BG Stats' schema types it
    one["winner"] = winner == side
    one["startPlayer"] = side == first
    one["sourcePlayerId"] = player_id(name, side)
    return one


def side_names(solo, named=None, kind=GREAT_WAR):
    """A name for each side or seat: the names given, else its own; in solitaire the AI's side is the AI."""
    named = dict(named or {})
    if solo:
        named["EA" if solo == "CP" else "CP"] = AI
    sides = GAMES[kind][2] or {}  # Last Front: its players are named by the game
    return {side: named.get(side, sides[side]) for side in sides}


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


def comments(name, winner, margin, level, when, gid):
    """ "Basic game: EA by 12 BP, Moral. Played 2026-11-22 14:05 (UTC+01:00), 95 min (Adjutant g0003)"."""
    text = "%s: %s" % (name, winner or "Draw")
    if winner:
        text += " by %s BP, %s" % (margin, level)
    return text + ". %s (Adjutant %s)" % (when, gid)


def war_comments(winner, loser, round_, decks, when, gid):
    """ "The War: P2 won in round 12, P1 could not draw 2; decks left P1 1, P2 5. Played ... (Adjutant g0004)"."""
    text = "The War: %s won in round %d, %s could not draw 2" % (winner, round_, loser)
    text += "; decks left P1 %d, P2 %d" % (decks["P1"], decks["P2"])
    return text + ". %s (Adjutant %s)" % (when, gid)


def front_comments(winner, battles, victory, held, when, gid):
    """ "Last Front: Cid won after 4 battles (normal victory), holding british, american, german. ..."."""
    if winner is None:
        text = "Last Front: no winner after %d battles" % battles
    else:
        text = "Last Front: %s won after %d battles (%s victory), holding %s" % (
            winner,
            battles,
            victory,
            ", ".join(held),
        )
    return text + ". %s (Adjutant %s)" % (when, gid)


def _word(c):
    return c.isalnum() if hasattr(c, "isalnum") else (c.isalpha() or c.isdigit() or ord(c) > 127)


def player_id(name, side):
    """Follows the person, not the side: Anna is one player in BG Stats whichever side she takes."""
    if name == SIDES.get(side) or name == SEATS.get(side):  # nobody named: the side or seat itself
        return "adjutant-side-" + side
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
