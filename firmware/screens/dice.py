"""The Random Event roll (7.7): the Defender's d6, with pips, and what it means."""

import gfx

from screens.base import ListScreen, Screen


class PickEvent(ListScreen):
    """Which Random Event card was drawn: with card data, the roll then shows its meaning."""

    name = "pick-re"
    title = "RE card drawn?"

    def __init__(self, app, cards):
        super().__init__(app)
        chosen = sorted((c.name, c.id) for c in cards.by_id.values() if c.deck == "RE")
        self.rows = [(name, "", self._choose(card_id)) for name, card_id in chosen]
        self.rows.append(("(not listed)", "", self._choose(None)))

    def _choose(self, card_id):
        def choose():
            app = self.app
            app.pop()
            if card_id is None or app.act("re", card_id):
                app.push(DiceScreen(app))

        return choose

    def items(self):
        return self.rows


def roll_screen(app):
    """The d6 screen, after asking which card was drawn if card data lists RE cards."""
    cards = app.cards()
    has_events = cards is not None and any(c.deck == "RE" for c in cards.by_id.values())
    if has_events and app.game.state.current.re_card is None and not app.game.state.current.re_rolls:
        return PickEvent(app, cards)
    return DiceScreen(app)


class DiceScreen(Screen):
    name = "dice"
    title = "Random Event d6"

    def __init__(self, app):
        super().__init__(app)
        app.roll_re()

    def draw(self, fb):
        super().draw(fb)
        game = self.app.game
        rolls = game.state.current.re_rolls
        if not rolls:
            gfx.text(fb, "Not rolled", 0, 20)
            gfx.text(fb, "BACK", 0, 56)
            return
        face = rolls[-1]
        gfx.die(fb, face, 0, 12, 40)
        meaning = game.re_result(face)
        if meaning:
            gfx.text(fb, str(face), 48, 12, 2)
            for row, line in enumerate(gfx.wrap(meaning, 10)[:3]):
                gfx.text(fb, line, 48, 29 + row * 9)
        else:
            gfx.text(fb, str(face), 56, 14, 3)
            gfx.text(fb, "see card", 48, 42)
        if len(rolls) > 1:
            gfx.text(fb, "#%d" % len(rolls), 104, 12)
        gfx.text(fb, "OK next ^ again", 0, 56)

    def key(self, button, kind):
        if kind != "SHORT":
            return
        app = self.app
        if button == "OK":
            app.pop()
            app.act("next")
        elif button == "UP":
            app.roll_re()
        elif button == "BACK":
            app.pop()
