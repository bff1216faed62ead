"""Phase guidance: what the rules ask of the players now, and the turn-5 reshuffle."""

from screens.base import Message


class Guidance(Message):
    name = "guide"

    def __init__(self, app):
        from shared_engine.guidance import RULES, TITLES

        game = app.game
        phase = game.state.phase
        text = "\n".join("%s %s" % (rule, words) for rule, words in game.reminders())
        if game.state.solo is not None:
            from shared_engine.solitaire import PROMPTS

            prompt = PROMPTS.get(phase)
            if prompt:
                text = prompt + ("\n" + text if text else "")
        super().__init__(app, "%s %s" % (RULES[phase], TITLES[phase]), text or "Nothing to do.")


class Reshuffle(Message):
    """8.1 at the end of turn 5, shown once as the Draw phase begins."""

    name = "turn5"

    def __init__(self, app):
        super().__init__(
            app,
            "END OF TURN 5",
            "8.1 Discard all hands. Reshuffle all decks. Deal as in 2.0, then go on to turn 6.",
        )
