"""`adjutant watch` for Last Front: its state and each saved action as the table says it."""

from __future__ import annotations


def state_line(body: dict) -> str:
    """Last Front's state in a line: the battle, whose bid, what each player holds, the winner."""
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


def said(event: dict, before: dict | None) -> str:
    """Last Front's last action and what it set off, as the table says it."""
    s = event["state"]
    names = s["players"]
    kind = event.get("a")
    if before is None or before.get("gid") != event.get("gid"):
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
