"""Race at the table, pressed through the device's pins (copied into a checkout that registers
Race as tests/firmware/test_race_at_the_table.py): New game lists it, the mat counts the race,
undo and redo take a point back and bring it again, the end shows, a restart resumes, and a
power cut at every flash write of the whole race loses nothing confirmed."""

# isort: off
from tests.firmware import rig
from tests.firmware.table import Table

# isort: on

MICROPYTHON_ONLY = ("test_race_a_power_cut_at_every_flash_write_resumes_at_the_same_point",)


def _chosen(table):
    screen = table.ui.top()
    return screen.items()[screen.index][0]


def _new_race(table):
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")  # New game: every registered game's rows
    assert table.screen() == "new-game"
    for _ in range(40):
        if _chosen(table) == "Race to 5":
            break
        table.press("DOWN")
    assert _chosen(table) == "Race to 5", "New game does not list Race"
    table.press("OK")
    assert table.screen() == "race-mat", table.text()


def test_race_is_played_undone_redone_won_and_resumed_through_the_buttons():
    table = Table.fresh()
    _new_race(table)
    assert "Race to 5" in table.text() and "^P1 +1  vP2 +1" in table.text()
    table.presses("UP", 3)
    table.presses("DOWN", 2)
    assert table.ui.session.game.state.scores == {"P1": 3, "P2": 2}
    table.hold("BACK")  # undo: the last point goes
    assert "Undone: P2 +1" in table.text(), table.text()
    assert table.ui.session.game.state.scores == {"P1": 3, "P2": 1}
    table.run(2000)
    again = table.restart()  # a power cycle: the race resumes on its own mat, as it stood
    assert again.screen() == "race-mat" and again.ui.session.game.state.scores == {"P1": 3, "P2": 1}
    again.press("BACK")
    again.press("DOWN")
    again.press("DOWN")  # Redo
    again.press("OK")
    assert again.ui.session.game.state.scores == {"P1": 3, "P2": 2}, again.text()
    again.presses("UP", 2)  # P1 reaches 5: the race is won
    assert again.screen() == "over" and "P1 WINS" in again.text(), again.text()
    again.press("OK")
    assert again.screen() == "race-mat" and "P1 won" in again.text()
    rig.unmount()


# From a fresh device: New game, down the list to Race, then the race itself, won 5-2 by P1
def _script(_short):
    table = Table.fresh()
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")
    downs = 0
    while _chosen(table) != "Race to 5" and downs < 40:
        table.press("DOWN")
        downs += 1
    assert _chosen(table) == "Race to 5", "New game does not list Race"
    rig.unmount()
    return (
        [_short("BACK")] + [_short("DOWN")] * 3 + [_short("OK")] + [_short("DOWN")] * downs + [_short("OK")]
        + [_short("UP"), _short("DOWN"), _short("UP"), _short("UP"), _short("DOWN"), _short("UP"), _short("UP")]
    )  # fmt: skip


def test_race_a_power_cut_at_every_flash_write_resumes_at_the_same_point():
    from tests.firmware.test_power_cut import _cut_at_every_write, _reference, _short

    script = _script(_short)
    boot_writes, logs, confirmed, writes, game = _reference(script)
    assert game["game"] == "race" and game["phase"] == "over" and game["scores"] == {"P1": 5, "P2": 2}, game
    checked, _ = _cut_at_every_write(script, boot_writes, logs, confirmed, writes)
    assert checked >= 7, checked
    print("Race, power cut: %d writes checked" % checked)
