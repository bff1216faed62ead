"""`adjutant watch` for The War: its state and each saved action in a player's words."""

from __future__ import annotations


def state_line(body: dict) -> str:
    """The War's state in a line: whose turn, the round, both decks, the end."""
    s = body["state"]
    decks = s["decks"]
    line = f"{body.get('gid')}  The War  round {s['turn']}  {s['player']} to play"
    line += f"  decks P1 {decks['P1']} P2 {decks['P2']}"
    if s.get("end"):
        line += f"  over: {s['end']['winner']} wins"
    return (f"{body['a']:<8}" + line) if body.get("a") else line


EVENTS = {"attack": "{p}'s deck hit: {n}", "discard": "{p} discards {n} of the deck", "draw": "{p} draws {n} more"}


def said(event: dict, before: dict | None) -> str:
    """One The War event as a player would say it: "round 2: P1 hits P2's deck: 3 (P2 has 41)"."""
    s = event["state"]
    kind = event.get("a")
    decks = s["decks"]
    at = f"round {s['turn']}: "
    turn = (s.get("track") or [{}])[-1]
    if kind == "end" and s.get("end"):
        end = s["end"]
        return f"game over: {end['loser']} cannot draw 2; {end['winner']} wins in round {end['turn']}"
    if kind == "end":
        return f"{at}{s['player']}'s turn: draws {turn.get('drew')} (deck {decks[s['player']]})"
    if kind in ("attack", "discard", "draw") and turn.get("events"):
        e = turn["events"][-1]
        weapon = f" ({e['with']})" if e.get("with") else ""
        return f"{at}" + EVENTS[kind].format(p=e["player"], n=e["n"]) + f"{weapon} (deck {decks[e['player']]})"
    if kind == "start":
        return f"round 1: {s['player']} moves first and draws 1"
    if kind == "redraw":
        hands = s["hands"]
        return f"starting hands re-drawn: P1 {hands['P1']}, P2 {hands['P2']} (decks {decks['P1']}, {decks['P2']})"
    if before is None or before.get("gid") != event.get("gid"):
        return f"new game: The War, decks of {s['deck']}, {s['first']} first"
    if kind in ("undo", "redo"):
        return f"{kind}: now {at}{s['player']} to play (decks P1 {decks['P1']}, P2 {decks['P2']})"
    return f"{at}{kind}"
