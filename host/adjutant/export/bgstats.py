"""BG Stats plays: one createPlay link per finished game, the two sides as the two players.

BG Stats takes a play as a link, not a file:
https://app.bgstatsapp.com/createPlay.html?data=<the play's JSON, URL-encoded>.
Opened on the phone (tap it, or scan its QR code), the app adds the play.

The field names follow BG Stats' play-import format (sourceName, playDate,
game, players with name/score/winner/role). Player names are the sides'
names; rename them in BG Stats after import, or pass --player CP=Name. In a
solitaire game the AI's side is named "AI (Solitaire 3.3)" and the play is marked solo.
"""

from __future__ import annotations

import json
import urllib.parse

from adjutant.export.players import SIDES
from adjutant.export.when import played
from adjutant.store import StoredGame

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="

GAME_NAME = "The Great War (MacGowan & Lombardy)"


def play(g: StoredGame, players: dict[str, str], bgg_id: int | None = None) -> dict:
    """The createPlay JSON of a finished game; `players` names each side (see players.of)."""
    first = _first_defender(g)
    when = played(g)
    out = {
        "sourceName": "Adjutant",
        "sourcePlayId": f"{g.dev}/{g.gid}",
        # BG Stats reads "YYYY-MM-DD HH:MM:SS" as the phone's local time: the host's local time
        # here, and the offset in the comments.
        "playDate": when.start.strftime("%Y-%m-%d %H:%M:%S"),
        # BoardGameGeek's id only when the user gives it (--bgg-id): never a guessed one; a number,
        # as the app's schema types it. Its booleans must all be present: the Android app errors
        # on a missing one.
        "game": {
            "name": GAME_NAME,
            "sourceGameId": "adjutant-tgw",
            "highestWins": True,  # 3.5: the higher total of captured and in-hand BP wins
            "noPoints": False,
        }
        | ({"bggId": int(bgg_id)} if bgg_id else {}),
        "solo": bool(g.solo),
        "comments": f"{g.name}: {g.winner or 'Draw'}"
        + (f" by {g.margin} BP, {g.level}" if g.winner else "")
        + f". {when.describe()} (Adjutant {g.gid})",
        "players": [
            {
                "name": players[side],
                "role": SIDES[side],
                "score": g.cp if side == "CP" else g.ea,  # a number, as BG Stats' schema types it
                "winner": g.winner == side,
                # The Defender of turn 1 draws and plays first (2.1, 7.2).
                "startPlayer": side == first,
                "sourcePlayerId": player_id(players[side], side),
            }
            for side in ("CP", "EA")
        ],
    }
    if when.minutes is not None:
        out["durationMin"] = when.minutes
    return out


def player_id(name: str, side: str) -> str:
    """Follows the person, not the side: Anna is one player in BG Stats whichever side she takes."""
    if name == SIDES[side]:  # nobody named: the side itself
        return f"adjutant-side-{side}"
    return "adjutant-" + "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split())


def _first_defender(g: StoredGame) -> str:
    return str(g.header.get("first", "CP"))


def to_bgstats(plays: list[dict]) -> str:
    """The plays as JSON: one object, or a list of them."""
    return json.dumps(plays if len(plays) != 1 else plays[0], indent=2) + "\n"


def link(one: dict) -> str:
    """The createPlay link that adds this play to BG Stats."""
    data = json.dumps(one, separators=(",", ":"), ensure_ascii=False)
    return CREATE_PLAY + urllib.parse.quote(data, safe="")
