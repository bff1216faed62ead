"""A whole game pressed through the buttons' pins, each turn's outcome checked as it ends."""

from bench import scripted_game
from tests.firmware.table import Table


def test_full_game_by_buttons_every_turn_7_14_7_18_and_the_score_3_2_3_5():
    from tests.firmware import rig

    table = Table.fresh()
    layout = []
    wire = []  # I2C bytes each press cost

    def press(button, ms):  # every screen the game reaches must fit the panel, text clear of text
        before = rig.machine.I2C.wire_bytes
        table.press(button, ms)
        wire.append(rig.machine.I2C.wire_bytes - before)
        layout.extend(table.layout_faults())

    wrong = scripted_game.play(press, table.state)
    assert not wrong, wrong
    assert not layout, layout
    state = table.ui.session.game.state
    assert state.phase == "over", state.phase
    assert state.result[0] == scripted_game.expected_totals(), state.result
    assert table.screen() == "over"
    assert "WINS" in table.text() or "DRAW" in table.text()
    # A plain turn as few presses as paper takes actions (bench/presses.py counts them on real battles):
    # the roll moves on to the combat rounds, the battle opens from the d6, the draw flips the turn.
    assert len(scripted_game.events()) <= 90, len(scripted_game.events())  # 125 before the roll and flip merged
    # The driver sends only the runs of columns that changed. Bytes are not a clock, so a ceiling
    # holds on the whole game: 10% over the 51,575 bytes it costs today (68,262 before the presses
    # merged). Sending whole pages instead would cost over twice as much.
    assert sum(wire) <= 56_700, sum(wire)
    assert max(wire) <= 1200, max(wire)
    # The last press saved the result; the snapshot that tells the host the log's digest without a
    # replay is written in the player's pause after it, not inside the press.
    from journal.fold import log_digest
    from ui import PAUSE_MS

    journal = table.ui.session.journal
    assert journal.settled_digest() is None and journal.records > 0
    table.run(PAUSE_MS + 10)
    assert journal.settled_digest() == log_digest(table.ui.session.game, journal) and journal.records == 0
    assert table.screen() == "over"
    rig_unmount()


def test_the_same_game_by_taps_alone_every_turn_7_14_7_18_and_the_score_3_2_3_5():
    """A player who never holds a button: UP tapped for each point, OK through each phase."""
    from tests.firmware import rig

    table = Table.fresh()
    wire = []

    def press(button, ms):
        before = rig.machine.I2C.wire_bytes
        table.press(button, ms)
        wire.append(rig.machine.I2C.wire_bytes - before)

    wrong = scripted_game.play(press, table.state, tapped=True)
    assert not wrong, wrong
    assert table.ui.session.game.state.result[0] == scripted_game.expected_totals()
    assert len(wire) == len(scripted_game.events(tapped=True))
    # A tap that counts a point redraws only the number's columns: the game costs what the held one
    # does (each count one redraw of the digits). Ceiling: 10% over today's 51,575 bytes.
    assert sum(wire) <= 56_700, sum(wire)
    rig_unmount()


def test_game_resumes_after_restart_at_the_same_step():
    from tests.firmware import rig

    table = Table.fresh()
    table.play(scripted_game.events()[:30])
    before = rig.logged(table.ui.session.game)
    again = table.restart()
    assert rig.logged(again.ui.session.game) == before
    rig_unmount()


def test_undo_by_holding_back_and_redo_from_the_menu():
    table = Table.fresh()
    table.press("OK")  # "OK roll d6": rolled, and on to Combat Round 1 with the d6 shown
    assert table.state()["phase"] == "cr1" and table.screen() == "dice"
    face = table.state()["track"][0]["rolls"][0]
    table.hold("BACK")  # one press, one undo: the roll and the move on together
    assert table.state()["phase"] == "re" and table.state()["track"][0]["rolls"] == []
    assert "Undone: d6 %d" % face in table.text()
    assert table.status() == "OK roll d6 ^more"
    table.press("BACK")  # the message closes and the press opens the menu
    assert table.screen() == "menu"
    table.presses("DOWN", 2)  # "Redo"
    assert "Redo" in table.text()
    table.press("OK")
    assert table.state()["phase"] == "cr1" and table.state()["track"][0]["rolls"] == [face]
    assert "Redone: d6 %d" % face in table.text()
    assert table.restart().state()["phase"] == "cr1"  # and it is on flash
    rig_unmount()


def rig_unmount():
    from tests.firmware import rig

    rig.unmount()
