"""With card data on the flash, the RE roll asks which card was drawn and shows its meaning (7.7)."""

import json

from tests.firmware import rig

CARDS = {
    "version": "t1",
    "cards": [
        {"id": "cp-1", "name": "Hindenburg", "deck": "CP", "bp": 10},
        {"id": "re-mud", "name": "Mud", "deck": "RE", "d6": ["Dry", "Damp", "Wet", "Mud", "Deep mud", "Swamp"]},
        {"id": "re-flu", "name": "Flu", "deck": "RE", "d6": ["A", "B", "C", "D", "E", "F"]},
    ],
}


def _step(ui, button):
    rig.press(button)
    rig.allow(60)
    ui.step()


def _write_cards():
    with open("cards.json", "w") as f:
        json.dump(CARDS, f)


def _booted(with_cards=False):
    """The app on a fresh flash, showing the mat in the RE phase."""
    rig.mount(rig.blank_flash(64), format_first=True)
    if with_cards:
        _write_cards()
    ui = rig.new_ui()[0]
    rig.allow(50)
    ui.step()
    return ui


def test_the_drawn_card_is_picked_then_the_roll_shows_what_it_means():
    ui = _booted(with_cards=True)
    _step(ui, "OK")  # RE phase: OK asks for the card first
    assert ui.top().name == "pick-re"
    assert [row[0] for row in ui.top().items()] == ["Flu", "Mud", "(not listed)"]
    _step(ui, "DOWN")
    _step(ui, "OK")  # Mud
    assert ui.top().name == "re-choices" and ui.top().title == "Mud"  # 7.7: a chance to cancel first
    assert ui.session.game.state.current.re_rolls == []
    _step(ui, "OK")  # "Roll d6"
    assert ui.top().name == "dice"
    turn = ui.session.game.state.current
    assert turn.re_card == "re-mud" and len(turn.re_rolls) == 1
    from tests.firmware.table import Table

    ui.dirty = True  # drawn again, now with the table watching
    table = Table(ui)
    meaning = CARDS["cards"][1]["d6"][turn.re_rolls[0] - 1]
    assert meaning in table.text(), table.text()
    rig.unmount()


def test_without_card_data_the_roll_comes_at_once():
    ui = _booted()
    _step(ui, "OK")
    assert ui.top().name == "dice" and ui.session.game.state.current.re_card is None
    rig.unmount()


def test_card_data_pushed_after_a_roll_without_it_is_used_at_the_next_roll():
    ui = _booted()
    assert ui.session.cards() is None  # known absent: later rolls do not look again
    _write_cards()
    assert ui.session.cards() is None
    ui.session.cards_changed()  # what the link does when a push commits
    assert sorted(ui.session.cards().by_id) == ["cp-1", "re-flu", "re-mud"]
    _step(ui, "OK")
    assert ui.top().name == "pick-re"
    rig.unmount()


LONG = "Both sides discard 1 Neutral card and the Attacker draws 2 now"  # 62: cut to 60 below


def test_rule_7_7_a_d6_text_as_long_as_card_data_takes_is_shown_whole_on_the_d6_screen():
    from shared_engine.great_war.cards import RE_TEXT_MAX
    from tests.firmware.table import Table

    text = LONG[:RE_TEXT_MAX]
    rig.mount(rig.blank_flash(64), format_first=True)
    with open("cards.json", "w") as f:
        json.dump({"version": "t2", "cards": [{"id": "re-long", "name": "Long", "deck": "RE", "d6": [text] * 6}]}, f)
    ui = rig.new_ui()[0]
    rig.allow(50)
    ui.step()
    table = Table(ui)
    table.press("OK")  # which card: the only one
    table.press("OK")  # Long
    table.press("OK")  # Roll d6
    assert table.screen() == "dice", table.text()
    shown = table.text()
    face = ui.session.game.state.current.re_rolls[-1]
    assert "%d: " % face in shown and all(word in shown.split() for word in text.split()), shown
    assert table.layout_faults() == [], table.layout_faults()
    rig.unmount()
