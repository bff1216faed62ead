"""Last Front's screens beside the cards: the battle at a glance, turning up a territory,
declaring the next battle, the territories held, the end.

The mat shows the territory fought over, whose turn it is and the draw it begins with (Turn
Order 1), the bid to beat and who made it, who is still in, and what the last action set off
("Cid out: draw 1", "Ben won Sov +1", a Territory Bonus changing hands). In a battle OK
opens the bid at one more than the bid to beat, UP at two more, DOWN withdraws the player whose
turn it is; between battles UP shows the territories held and the bonuses.
"""

import gfx
import screens
from screens.base import Screen
from screens.widgets import ListScreen, Message

from play.last_front import SHORT, win_words  # the types in 4 letters: a name and a type share a line
from shared_engine.last_front.actions import TYPES


def tags(names):
    """Each player's name in at most 3 letters, no two alike, so that a news line fits the panel
    ("Bea out: draw 1"): its first 3, or its first letters and its seat where two begin alike
    (Bart, Barb: Ba1, Ba2; at seat 10 on, B10)."""
    short = [name[:3] for name in names]
    out = []
    for seat, (tag, name) in enumerate(zip(short, names)):
        number = str(seat + 1)
        out.append(tag if short.count(tag) == 1 else name[: 3 - len(number)] + number)
    return out


def news(state):
    """What the last action set off, in 16-character lines: a withdrawal and its draw, a bid, a
    card turned up; a capture and its draw; each Territory Bonus that changed hands."""
    names = tags(state.players)
    said = []
    for what, seat, detail in state.news:
        if what == "withdraw":
            said.append("%s out: draw 1" % names[seat])
        elif what == "won":
            said.append("%s won %s +1" % (names[seat], SHORT[detail]))
        elif what == "bonus":
            said.append("%s bonus: %s" % (SHORT[detail], names[seat] if seat is not None else "none"))
        elif what == "bid":
            said.append("%s bid %d" % (names[seat], detail))
        elif what == "flip":
            said.append("up: " + detail)
    return said


class FrontMat(Screen):
    name = "front-mat"
    keys: tuple = (("UP", "territories"), ("BACK", "menu"))

    def draw(self, fb):
        state = self.session.game.state
        names = tags(state.players)
        phase = state.phase
        said = news(state)
        self.keys = FrontMat.keys
        if phase == "bid":
            b = state.battle
            self.keys = (("UP", "bid 2 over"), ("DOWN", names[b.turn] + " withdraws"), ("BACK", "menu"))
            of = "" if b.holder is None else " of " + names[b.holder]  # another player's captured card
            gfx.bar(fb, 0, "B%d %s%s" % (b.number, SHORT[b.type] if of else b.type, of))
            gfx.text(fb, "%s: draw 1, bid" % names[b.turn], 0, 12)
            high = str(b.high) if b.high else "-"
            gfx.text(fb, high, 0, 22, 2)
            at = gfx.width(high, 2) + 4  # beside the bid, 999 too
            gfx.text(fb, "to beat" if b.high else "opening", at, 22)
            if b.high_seat is not None:
                gfx.text(fb, "by " + names[b.high_seat], at, 30)
            gfx.text(fb, _in_or_out(b, names), 0, 38)
            said = said[-1:]
            status = "OK+1 ^+2  v out"
        elif phase == "over":
            gfx.bar(fb, 0, "Last Front: over")
            gfx.centered(fb, (state.players[state.winner] if state.winner is not None else "No one") + " wins", 12, 1)
            said = said[-3:]
            status = "OK result"
        else:  # between battles: every line of what the last one set off (a draw, a capture, a bonus)
            if phase == "flip":
                gfx.bar(fb, 0, "Deck %d left" % state.deck_left())
                gfx.text(fb, "Turn up a card", 0, 12)
                status = "OK turn up"
            else:
                gfx.bar(fb, 0, ("Open: " + SHORT[state.open]) if state.open else "No card is up")
                who = names[state.battle.winner] if state.battles else names[0]
                gfx.text(fb, who + " declares", 0, 12)
                status = "OK declare"
            said = said[-3:] or win_words(state)  # nothing set off yet: how this table's game is won
        for n, line in enumerate(said):  # the last at the bottom: a draw, a capture, its bonus
            gfx.text(fb, line, 0, 46 - 10 * (len(said) - 1 - n))
        fb.hline(0, 54, 128, 1)
        gfx.text(fb, status, 0, 56)

    def ahead(self):
        return "FrontBid" if self.session.game.state.phase == "bid" else None

    def key(self, button, kind):
        if kind != "SHORT":
            return
        ui = self.ui
        state = self.session.game.state
        phase = state.phase
        if button == "BACK":
            ui.push(screens.Menu(ui))
        elif phase == "bid":
            if button == "OK":  # the bid entry, opening at one more than the bid to beat
                ui.push(screens.FrontBid(ui))
            elif button == "UP":  # or at two more
                ui.push(screens.FrontBid(ui, 2))
            elif button == "DOWN":
                self.session.act("withdraw", state.battle.turn)
        elif button == "UP":
            ui.push(Holdings(ui))
        elif button == "OK":
            if phase == "flip":
                ui.push(TurnUp(ui))
            elif phase == "declare":
                ui.push(Declare(ui))
            else:
                ui.show_moment()


def _in_or_out(battle, names):
    """Who is still in, or who is out where that is shorter: up to six seats, one way or the other
    always fits; a larger table, where neither fits the line, gets how many are in."""
    out = [names[s] for s in range(len(names)) if s not in battle.still_in]
    if not out:
        return "all %d in" % len(names)
    still = [names[s] for s in battle.still_in]
    said = ("in " + " ".join(still)) if len(still) <= len(out) else ("out " + " ".join(out))
    return said if len(said) <= 16 else "%d in, %d out" % (len(still), len(out))


class TurnUp(ListScreen):
    """Winning the Battle: the Territory deck's top card turned up, by its type."""

    name = "turn-up"
    title = "Turned up"

    def items(self):
        deck = self.session.game.state.deck
        return [(t, "%d left" % deck[t], self._flip(t) if deck[t] else None) for t in self.session.game.state.types]

    def _flip(self, kind):
        def flip():
            if self.session.act("flip", kind):
                self.ui.pop()

        return flip


class Declare(ListScreen):
    """Winning the Battle: the winner attacks the card turned up, or one another player holds."""

    name = "declare"
    title = "Next battle"

    def items(self):
        state = self.session.game.state
        rows = []
        if state.open:
            rows.append(("new " + state.open, "", self._battle(None, None)))  # the card turned up
        for seat, held in enumerate(state.held):
            if seat == state.battle.winner:
                continue
            for kind in TYPES:
                if kind in held:
                    rows.append(("%s %s" % (tags(state.players)[seat], kind), "", self._battle(seat, kind)))
        return rows

    def _battle(self, holder, kind):
        def battle():
            if self.session.act("battle", holder, kind):
                self.ui.pop()

        return battle


class Holdings(Message):
    """Each player's captured territories, and who holds each Territory Bonus."""

    name = "holdings"

    def __init__(self, ui):
        state = ui.session.game.state
        lines = []
        for seat, name in enumerate(state.players):
            held = state.held[seat]
            lines.append("%s: %s" % (name, " ".join(SHORT[k] for k in held) or "-"))
        for kind in state.types:
            seat = state.bonus[kind]
            lines.append("%s bonus: %s" % (SHORT[kind], state.players[seat] if seat is not None else "none"))
        lines.append("deck %d left" % state.deck_left())
        super().__init__(ui, "Territories", "\n".join(lines + win_words(state)))
