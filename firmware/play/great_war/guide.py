"""Phase guidance: what the rules ask of the players now, and the turn-5 reshuffle."""

from screens.widgets import Message

from shared_engine.great_war.phases import PHASE_WORDS, draw_due


class Guidance(Message):
    name = "guide"

    def __init__(self, ui):
        from shared_engine.great_war.guidance import RULES

        game = ui.session.game
        phase = game.state.phase
        if draw_due(game.state):
            phase = "draw"  # the last turn's draw first (its capture's press ended it), then 7.7
        text = "\n".join("%s %s" % (rule, words) for rule, words in game.reminders())
        if game.state.solo is not None:
            from shared_engine.great_war.solitaire import prompt

            due = prompt(game.state)  # what the AI's steps ask now
            if due:
                text = due + ("\n" + text if text else "")
        super().__init__(ui, "%s %s" % (RULES[phase], PHASE_WORDS[phase]), text or "Nothing to do.")


TURN_5 = "8.1 Discard all hands; reshuffle decks (keep captured Nat.); deal as in 2.0."


class Reshuffle(Message):
    """8.1 at the end of turn 5, shown once as the Draw phase begins; in solitaire, Step 1 follows."""

    name = "turn5"
    newsworthy = False  # the capture's news that brought it does not hide what to do now

    def __init__(self, ui):
        then = None
        if ui.session.game.state.solo is not None:  # Solitaire 8.0: "redraw cards starting with STEP 1"
            import screens

            then = ("Step 1 again", lambda: ui.push(screens.setup_checklist(ui)))
        # the whole of it and what OK does on one screen: nothing to scroll to at the table
        super().__init__(ui, "END OF TURN 5", TURN_5, then)


class Setup(Message):
    """2.2-2.6, shown as a basic game or scenario begins."""

    name = "setup"

    def __init__(self, ui):
        from shared_engine.great_war.guidance import SETUP

        super().__init__(ui, "Setup 2.0", "\n".join("%s %s." % row for row in SETUP))
