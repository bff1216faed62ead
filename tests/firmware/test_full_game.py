"""A whole game through the buttons, as the device's app handles them."""

from tests.firmware import rig
from tests.firmware.full_game import events, expected_totals


def _fresh():
    flash = rig.RamFlash()
    rig.mount(flash, format_first=True)
    app, chip = rig.new_app()
    return flash, app, chip


def test_full_game_by_buttons_scores_3_2_and_3_5():
    _, app, _ = _fresh()
    for button, kind in events():
        app.handle(button, kind, 0)
    state = app.game.state
    assert state.phase == "over", state.phase
    totals = state.result[0]
    assert totals == expected_totals(), totals
    assert app.top().name == "over"
    rig.unmount()


def test_game_resumes_after_restart_at_the_same_step():
    _, app, _ = _fresh()
    half = events()[:60]
    for button, kind in half:
        app.handle(button, kind, 0)
    before = app.game.log_text()
    again, _ = rig.new_app()
    assert again.game.log_text() == before
    rig.unmount()


def test_undo_by_holding_back_and_redo_from_the_menu():
    _, app, _ = _fresh()
    app.handle("OK", "SHORT", 0)  # roll
    app.handle("OK", "SHORT", 0)  # -> cr1
    assert app.game.state.phase == "cr1"
    app.handle("BACK", "LONG", 0)
    assert app.game.state.phase == "re"
    app.handle("BACK", "SHORT", 0)  # menu
    assert app.top().name == "menu"
    app.handle("DOWN", "SHORT", 0)
    app.handle("DOWN", "SHORT", 0)  # "Redo"
    app.handle("OK", "SHORT", 0)
    assert app.game.state.phase == "cr1"
    assert rig.new_app()[0].game.state.phase == "cr1"  # and it is on flash
    rig.unmount()
