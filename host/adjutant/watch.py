"""`adjutant watch`: the device's game, live, as each action is saved on it."""

from __future__ import annotations

from collections.abc import Callable

from adjutant.link.client import DeviceLink


def describe(body: dict) -> str:
    s = body["state"]
    if s.get("game") == "the-war":
        return _war_line(body)
    if s.get("game") == "last-front":
        return _front_line(body)
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


def say(event: dict, before: dict | None) -> str:
    """One event as a player would say it: "turn 3: d6 = 5 (Mutiny: both discard 1)"."""
    s = event["state"]
    if s.get("game") == "the-war":
        return _war_say(event, before)
    if s.get("game") == "last-front":
        return _front_say(event, before)
    kind = event.get("a")
    turn = (s.get("track") or [{}])[-1]
    at = f"turn {s['turn']}: "
    if kind == "roll" and turn.get("rolls"):
        result = event.get("re_text")
        card = event.get("re_name") or turn.get("re")
        told = f" ({card}: {result})" if card and result else f" ({card})" if card else ""
        return f"{at}d6 = {turn['rolls'][-1]}{told}"
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
    if kind == "capture" and turn.get("winner"):
        captured = s["captured"]
        return f"{turn['winner']} captures {turn['captured']} BP (totals CP {captured['CP']}, EA {captured['EA']})"
    end = s.get("end")
    if kind in ("next", "hand", "no_nat") and end and end.get("final"):  # a solitaire game ends on a "next"
        final = end["final"]
        return f"game over: CP {final['CP']}, EA {final['EA']}: {end.get('winner') or 'a draw'}"
    if kind == "next":
        return f"{at}{PHASES.get(s['phase'], s['phase'])}"
    if kind == "new" or before is None or before.get("gid") != event.get("gid"):
        name, turns = s.get("name") or "", s.get("turns")
        return f"new game: {name}" + ("" if f"{turns} turns" in name else f", {turns} turns")
    if kind in ("undo", "redo"):
        return f"{kind}: now {at}{PHASES.get(s['phase'], s['phase'])}"
    return f"{at}{kind}"


def _passed_through(event: dict) -> bool:
    """The draw or end of the last turn: by the ruling the device goes on to counting hands at once
    (unless the table draws after the last turn too), in the same press."""
    s = event["state"]
    return event.get("a") == "next" and s["phase"] in ("draw", "flip") and s["turn"] >= s.get("turns", 0)


def follow(
    device: DeviceLink, once: bool, echo: Callable[[str], None], idle_s: float = 1.0, limit: int | None = None
) -> int:
    """Print the state, then each new action's; returns how many events were shown."""
    reply = device.request("watch", on=True)
    echo(describe(reply))
    before = reply
    shown = 0
    if once:
        device.request("watch", on=False)
        return shown
    held = None  # a phase the device may pass straight through: said only if the game stays in it
    try:
        while limit is None or shown < limit:
            event = device.wait_event(idle_s)
            if event is None:
                if held is not None:
                    echo(held)
                    held, shown = None, shown + 1
                device.check_same_boot()  # quiet: make sure it is still there, and the same boot
                continue
            if held is not None and event.get("a") != "next":
                echo(held)
                shown += 1
            held = None
            line = say(event, before)
            before = event
            if _passed_through(event):
                held = line
                continue
            echo(line)
            shown += 1
    finally:
        try:
            device.request("watch", on=False)
        except Exception:
            pass
    return shown


def _war_line(body: dict) -> str:
    """The War's state in a line: whose turn, the round, both decks, the end."""
    s = body["state"]
    decks = s["decks"]
    line = f"{body.get('gid')}  The War  round {s['turn']}  {s['player']} to play"
    line += f"  decks P1 {decks['P1']} P2 {decks['P2']}"
    if s.get("end"):
        line += f"  over: {s['end']['winner']} wins"
    return (f"{body['a']:<8}" + line) if body.get("a") else line


WAR_EVENTS = {"attack": "{p}'s deck hit: {n}", "discard": "{p} discards {n} of the deck", "draw": "{p} draws {n} more"}


def _war_say(event: dict, before: dict | None) -> str:
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
        words = WAR_EVENTS
        weapon = f" ({e['with']})" if e.get("with") else ""
        return f"{at}" + words[kind].format(p=e["player"], n=e["n"]) + f"{weapon} (deck {decks[e['player']]})"
    if kind == "start":
        return f"round 1: {s['player']} moves first and draws 1"
    if kind == "redraw":
        hands = s["hands"]
        return f"starting hands re-drawn: P1 {hands['P1']}, P2 {hands['P2']} (decks {decks['P1']}, {decks['P2']})"
    if kind == "the-war" or before is None or before.get("gid") != event.get("gid"):
        return f"new game: The War, decks of {s['deck']}, {s['first']} first"
    if kind in ("undo", "redo"):
        return f"{kind}: now {at}{s['player']} to play (decks P1 {decks['P1']}, P2 {decks['P2']})"
    return f"{at}{kind}"


def _front_line(body: dict) -> str:
    s = body["state"]
    names = s["players"]
    battle = (s.get("battles") or [{}])[-1]
    line = f"{body.get('gid')}  Last Front  battle {battle.get('battle', 0)}  phase {s['phase']:<7}"
    if s["phase"] == "bid":
        line += f" {names[battle['turn']]} to bid over {battle['high']}"
    held = " ".join(f"{n} {len(h)}" for n, h in zip(names, s["held"]))
    line += f"  held {held}"
    if s.get("winner") is not None:
        line += f"  winner {names[s['winner']]}"
    return line


def _front_say(event: dict, before: dict | None) -> str:
    """Last Front's last action and what it set off, as the table says it."""
    s = event["state"]
    names = s["players"]
    kind = event.get("a")
    if kind == "last-front" or before is None or before.get("gid") != event.get("gid"):
        return f"new game: Last Front, {len(names)} players ({', '.join(names)}), {s['victory']} victory"
    battle = (s.get("battles") or [{}])[-1]
    if kind in ("undo", "redo"):
        return f"{kind}: now battle {battle.get('battle', 0)}, phase {s['phase']}"
    if kind == "battle":
        held = f"{names[battle['holder']]}'s " if battle.get("holder") is not None else "the new "
        return f"battle {battle['battle']}: {names[battle['declarer']]} attacks {held}{battle['type']} card"
    said = []
    for what, seat, detail in s.get("news") or []:
        who = names[seat] if seat is not None else "nobody"
        if what == "flip":
            said.append(f"turned up: {detail}")
        elif what == "bid":
            said.append(f"{who} bids {detail}")
        elif what == "withdraw":
            said.append(f"{who} withdraws, draws 1")
        elif what == "won":
            said.append(f"{who} captures the {detail} territory, draws 1 extra")
        elif what == "bonus":
            said.append(f"{detail} bonus: {who}")
        elif what == "victory":
            said.append(f"{who} wins the game ({detail} victory)")
        elif what == "no-battle":
            said.append("nothing left to fight over: no winner")
    if s["phase"] == "bid" and kind in ("bid", "withdraw", "flip"):
        said.append(f"{names[battle['turn']]} draws 1, to bid over {battle['high']}")
    return "; ".join(said) or str(kind)
