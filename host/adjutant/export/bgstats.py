"""BG Stats "createPlay" JSON: one play per finished game, the two sides as the two players.

The field names follow BG Stats' play-import format (sourceName, playDate,
game, players with name/score/winner/role). Player names are the sides'
names; rename them in BG Stats after import, or pass --player CP=Name. In a
solitaire game the AI's side is named "AI (Solitaire 3.3)" and the play is marked solo.
"""

from __future__ import annotations

import json

from adjutant.store import StoredGame

GAME_NAME = "The Great War (MacGowan & Lombardy)"
SIDES = {"CP": "Central Powers", "EA": "Entente Allies"}


def play(g: StoredGame, players: dict[str, str]) -> dict:
    if g.solo:
        ai = "EA" if g.solo == "CP" else "CP"
        players = dict(players)
        players.setdefault(ai, "AI (Solitaire 3.3)")
    return {
        "sourceName": "Adjutant",
        "sourcePlayId": f"{g.dev}/{g.gid}",
        "playDate": g.pulled_at.replace("T", " ")[:19],
        "game": {"name": GAME_NAME, "sourceGameId": "adjutant-tgw"},
        "solo": bool(g.solo),
        "comments": f"{g.name}: {g.winner or 'Draw'}"
        + (f" by {g.margin} BP, {g.level}" if g.winner else "")
        + f" (Adjutant {g.gid})",
        "players": [
            {
                "name": players.get(side, SIDES[side]),
                "role": SIDES[side],
                "score": str(g.cp if side == "CP" else g.ea),
                "winner": g.winner == side,
                "sourcePlayerId": side,
            }
            for side in ("CP", "EA")
        ],
    }


def to_bgstats(games: list[StoredGame], players: dict[str, str] | None = None) -> str:
    plays = [play(g, players or {}) for g in games if g.over]
    return json.dumps(plays if len(plays) != 1 else plays[0], indent=2) + "\n"
