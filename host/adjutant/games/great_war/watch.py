"""`adjutant watch` for The Great War: its state and each saved action in a player's words."""

from __future__ import annotations

from shared_engine.great_war.phases import begins_with_draw


def state_line(body: dict) -> str:
    """The state in a line: the turn, the phase, the Defender, the captured BP, the end."""
    s = body["state"]
    captured = s["captured"]
    line = (
        f"{body.get('gid')}  turn {s['turn']}/{s['turns']}  phase {s['phase']:<8} "
        f"defender {s['defender']}  captured CP {captured['CP']} EA {captured['EA']}"
    )
    if body.get("a"):
        line = f"{body['a']:<8}" + line
    end = s.get("end")
    if end and end.get("final"):
        final = end["final"]
        line += f"  final CP {final['CP']} EA {final['EA']}: {end.get('winner') or 'draw'}"
    return line


PHASES = {
    "re": "Random Event phase",
    "cr1": "Combat Round 1",
    "cr2": "Combat Round 2",
    "bonus": "Bonus Card phase",
    "battle": "Battle Resolution",
    "draw": "draw",
    "flip": "end of turn",
    "score": "count the hands",
    "over": "game over",
}


def said(event: dict, before: dict | None) -> str:
    """One event as a player would say it: "turn 3: d6 = 5 (Mutiny: both discard 1)"."""
    s = event["state"]
    kind = event.get("a")
    turn = (s.get("track") or [{}])[-1]
    at = f"turn {s['turn']}: "
    if kind == "roll" and turn.get("rolls"):
        result = event.get("re_text")
        card = event.get("re_name") or turn.get("re")
        told = f" ({card}: {result})" if card and result else f" ({card})" if card else ""
        again = f", made again (was {turn['again'][-1]})" if turn.get("again") else ""
        return f"{at}d6 = {turn['rolls'][-1]}{again}{told}"
    if kind == "re":
        return f"{at}Random Event card {event.get('re_name') or turn.get('re')}"
    if kind == "cancel" and turn.get("cancel"):
        cancel = turn["cancel"]
        return f"{at}{cancel['side']} cancels the Random Event with a {cancel['by']} card"
    if kind == "attack":
        return f"{at}the Attacker's Attack card is played"
    if kind == "bp" and turn.get("bp"):
        cp, ea = turn["bp"]["CP"], turn["bp"]["EA"]
        tie = " (ties go to the Defender)" if cp == ea else ""
        return f"battle CP {cp} \u2013 EA {ea}: {turn['winner']} wins{tie}"
    if kind == "win" and turn.get("winner"):
        return f"battle: {turn['winner']} wins (BP not entered)"
    if kind == "capture":  # its press ends the turn: the turn captured is the last with a capture
        done = next((t for t in reversed(s.get("track") or []) if t.get("captured") is not None), None)
        if done and done.get("winner"):
            captured = s["captured"]
            return f"{done['winner']} captures {done['captured']} BP (totals CP {captured['CP']}, EA {captured['EA']})"
    end = s.get("end")
    if kind in ("next", "hand", "no_nat") and end and end.get("final"):  # a solitaire game ends on a "next"
        final = end["final"]
        return f"game over: CP {final['CP']}, EA {final['EA']}: {end.get('winner') or 'a draw'}"
    if kind == "next" and s["phase"] == "re" and begins_with_draw(s["turn"], s["turns"], s.get("solo")):
        return f"{at}the draw (7.19), then the Random Event phase"  # the capture's press ended the turn before
    if kind == "next":
        return f"{at}{PHASES.get(s['phase'], s['phase'])}"
    if before is None or before.get("gid") != event.get("gid"):
        name, turns = s.get("name") or "", s.get("turns")
        return f"new game: {name}" + ("" if f"{turns} turns" in name else f", {turns} turns")
    if kind in ("undo", "redo"):
        return f"{kind}: now {at}{PHASES.get(s['phase'], s['phase'])}"
    return f"{at}{kind}"


def passes_through(event: dict) -> bool:
    """The draw or end of the last turn: by the ruling the device goes on to counting hands at once
    (unless the table draws after the last turn too), in the same press."""
    s = event["state"]
    return event.get("a") == "next" and s["phase"] in ("draw", "flip") and s["turn"] >= s.get("turns", 0)
