"""The War's screens beside the cards: both decks at a glance, the deck changes, the end.

The decks are the game's clock (Winning and losing): the mat shows both, whose turn it is and
the round; OK ends the turn (the next player restores and draws 2), UP hits the other deck.
"""

import gfx
import screens
from screens.base import Screen, count, number
from screens.widgets import ListScreen, Message

from shared_engine.the_war.actions import WEAPONS, other

# The turn's phases, as Turn scheme (order of phases) gives them.
STEPS = (
    "1 Restore: untap all your cards",
    "2 Draw 2 (the first player's first turn: 1)",
    "3 Resources: up to 2 from hand",
    "4 Build: pay by tapping resources",
    "5 Position: move units 1st/2nd line",
    "6 Attack: waves; deck hits: UP",
    "7 Reserves to their lines; Locations",
)
OPENING_HIT = 2  # a deck attack's number opens at the last one's, or at this


def _last_hit(state):
    for turn in reversed(state.track):
        for kind, _, n, _ in reversed(turn.events):
            if kind == "attack":
                return n
    return OPENING_HIT


class WarMat(Screen):
    name = "war-mat"
    keys: tuple = (("DOWN", "turn steps"), ("BACK", "menu"))

    def draw(self, fb):
        state = self.session.game.state
        if state.phase == "hands":
            gfx.bar(fb, 0, "The War: hands")
        else:
            gfx.bar(fb, 0, "The War: round %d" % state.turn if state.turn < 10 else "War: round %d" % state.turn)
        for column, player in enumerate(("P1", "P2")):
            x = column * 66
            mark = "*" if state.phase == "play" and state.player == player else ""
            gfx.text(fb, player + mark, x, 12)
            left = state.decks[player]  # a deck of 100 or more: three digits at two thirds the size fit its half
            gfx.text(fb, str(left), x, 22 if left < 100 else 26, 3 if left < 100 else 2)
        gfx.text(fb, self._news(state), 0, 46)  # never cut: the layout test finds a line too long
        fb.hline(0, 54, 128, 1)
        gfx.text(fb, self._status(state), 0, 56)
        self.keys = WarMat.keys
        if state.phase == "play":  # "^v hit" names no one: who hits whom, for the page's screen reader
            p, o = state.player, other(state.player)
            self.keys = (("UP", "%s hits %s's deck" % (p, o)), ("DOWN", "%s hits %s's deck" % (o, p)), ("BACK", "menu"))

    def _news(self, state):
        if state.phase == "hands":
            return "hands %d / %d" % (state.hands["P1"], state.hands["P2"])
        if state.phase == "over":
            return "%s wins" % state.winner
        turn = state.track[-1]
        if turn.events:
            kind, player, n, _ = turn.events[-1]
            return "%s deck -%d" % (player, n) if kind != "draw" else "%s drew %d" % (player, n)
        return "%s drew %d" % (turn.player, turn.drew)

    def _status(self, state):
        if state.phase == "hands":
            return "OK start ^redraw"
        if state.phase == "over":
            return "OK result"
        return "OK end ^v hit"  # UP: the player whose turn it is hits; DOWN: the other one

    def ahead(self):
        return "DeckChange" if self.session.game.state.phase == "play" else None

    def key(self, button, kind):
        if kind != "SHORT":
            return
        ui = self.ui
        phase = self.session.game.state.phase
        if button == "BACK":
            ui.push(screens.Menu(ui))
        elif button == "UP" and phase == "hands":
            ui.push(Redraw(ui))
        elif button in ("UP", "DOWN") and phase == "play":
            # Attacking opponent's deck: UP, the player whose turn it is hits the other deck; DOWN,
            # a card played in his turn by the other player hits his (the entry's title says who)
            state = self.session.game.state
            ui.push(DeckChange(ui, "attack", state.player if button == "UP" else other(state.player)))
        elif button == "DOWN":
            ui.push(WarSteps(ui))
        elif button == "OK":
            if phase == "hands":
                self.session.act("start")
            elif phase == "play":
                self.session.act("end")
            else:
                ui.show_moment()


class WarSteps(Message):
    """Turn scheme: the turn's seven phases, in order."""

    name = "war-steps"

    def __init__(self, ui):
        state = ui.session.game.state
        title = "Starting hands" if state.phase == "hands" else "%s's turn" % state.player
        if state.phase == "hands":
            text = "Each draws 7. All or no resources: re-draw 7; one resource: re-draw 6 (show it)."
        else:
            text = "\n".join(STEPS)
        super().__init__(ui, title, text)


class Redraw(ListScreen):
    """Re-draw rule: a starting hand shown, put back, and a new one drawn."""

    name = "redraw"
    title = "Re-draw rule"

    def items(self):
        hands = self.session.game.state.hands
        rows = []
        for player in ("P1", "P2"):
            rows.append((player + " all/none: 7", "", self._redraw(player, 7)))
            fewer = hands[player] - 1
            if fewer > 0:
                rows.append((player + " one res.: %d" % fewer, "", self._redraw(player, fewer)))
        return rows

    def _redraw(self, player, size):
        def redraw():
            if self.session.act("redraw", player, size):
                self.ui.pop()

        return redraw


class DeckChange(Screen):
    """A number of cards off a deck: an attack on the other player's deck (Attacking opponent's
    deck; `by` another than the player whose turn it is, for a card played in the other's
    turn), the player's own cards to losses, or a card's extra draw."""

    name = "deck-change"
    repeat = ("UP", "DOWN")
    NUMBER_Y = 22

    def __init__(self, ui, kind, by=None):
        super().__init__(ui)
        self.kind = kind
        state = self.session.game.state
        self.player = by or state.player
        target = other(self.player) if kind == "attack" else self.player
        self.target, self.left = target, state.decks[target]
        # a deck gives no more cards than it has (Attacking opponent's deck): the entry stops there
        self.value = max(1, min(_last_hit(state) if kind == "attack" else 1, self.left))
        self.prompt = {
            "attack": "%s hits %s deck" % (self.player, target),
            "discard": "%s own deck to loss" % self.player,
            "draw": "%s draws extra" % self.player,
        }[kind]

    def draw(self, fb):
        gfx.bar(fb, 0, self.prompt)
        number(fb, self.value, self.NUMBER_Y, 3)
        gfx.text(fb, "deck %d" % self.left, 0, 12)
        if self.kind == "attack":  # an attack may say what hit: the log and the exports name it
            gfx.text(fb, "hold OK: weapon", 0, 47)
        gfx.text(fb, "^v set  OK enter", 0, 56)

    def key(self, button, kind):
        if button == "OK" and kind == "LONG" and self.kind == "attack":
            self.ui.push(screens.WeaponChoice(self.ui, self))
            return
        if kind not in ("SHORT", "REPEAT"):
            return
        if button in ("UP", "DOWN"):
            said = "%s deck: %d left" % (self.target, self.left) if button == "UP" else None
            self.value = count(self.ui, button, self.value, self.NUMBER_Y, 3, 1, max(1, self.left), said)
        elif button == "OK" and kind == "SHORT":
            self.enter(None)
        elif button == "BACK" and kind == "SHORT":
            self.ui.pop()

    def enter(self, weapon):
        values = (self.player, self.value, weapon) if self.kind == "attack" else (self.player, self.value)
        if self.session.act(self.kind, *values):
            self.ui.pop()


class WeaponChoice(ListScreen):
    """What hit the deck (Attacking opponent's deck): a unit's attack power, a bomber's bombing
    power, heavy artillery's deck-hit power, or a special card."""

    name = "weapon"
    title = "What hit it"
    LABELS = {"unit": "unit attack", "bomber": "bomber", "artillery": "heavy artillery", "special": "special card"}

    def __init__(self, ui, entry):
        super().__init__(ui)
        self.entry = entry

    def items(self):
        return [(self.LABELS[w], "", self._with(w)) for w in WEAPONS]

    def _with(self, weapon):
        def enter():
            self.ui.pop()  # this list; the entry goes once its attack is saved
            self.entry.enter(weapon)

        return enter
