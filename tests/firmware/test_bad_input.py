"""Bad input: several buttons at once, a full flash, a corrupt journal, a broken screen."""

import json
import os

from tests.firmware import rig

# A full flash is littlefs running out of blocks: only the real one does that.
MICROPYTHON_ONLY = ("test_full_flash_refuses_the_action_says_so_and_keeps_the_game",)


def _booted(blocks=64):
    rig.mount(rig.blank_flash(blocks), format_first=True)
    return rig.new_ui()[0]


def test_chord_of_buttons_is_ignored_and_explained():
    ui = _booted()
    rig.press("OK", 5)  # settle the clock
    pins = rig.machine.Pin.pins
    pins[rig.PINS["OK"]].set_level(0)
    pins[rig.PINS["UP"]].set_level(0)
    rig.allow(900)
    ui.step()
    pins[rig.PINS["OK"]].set_level(1)
    pins[rig.PINS["UP"]].set_level(1)
    rig.allow(100)
    ui.step()
    assert ui.session.game.actions == [], ui.session.game.actions  # neither OK nor UP acted
    assert "One button" in ui.toast
    rig.press("OK")  # the message goes, and the press acts: "OK roll d6"
    rig.allow(50)
    ui.step()
    assert ui.toast is None
    assert ui.top().name == "dice" and len(ui.session.game.state.current.re_rolls) == 1
    rig.unmount()


def test_full_flash_refuses_the_action_says_so_and_keeps_the_game():
    ui = _booted(blocks=12)  # 48 KB of flash: a game's room after the folders' own blocks
    assert ui.session.act("next")  # something to undo and redo
    with open("filler", "w") as f:  # fill it, as years of games would
        try:
            while True:
                f.write("x" * 1024)
        except OSError:
            pass
    small = 0
    try:  # and the games folder's own metadata, with tiny files
        while True:
            with open("saved/f%d" % small, "w") as f:
                f.write("y" * 40)
            small += 1
    except OSError:
        pass
    refused = None
    for i in range(300):  # littlefs may still fit a few small commits
        before = (rig.logged(ui.session.game), len(ui.session.game.undone))
        if not ui.session.act("undo" if i % 2 == 0 else "redo"):
            refused = i
            break
    assert refused is not None, "a full flash never refused an action"
    assert "flash full" in ui.toast.lower()
    assert (rig.logged(ui.session.game), len(ui.session.game.undone)) == before  # nothing half-done
    on_flash = rig.new_ui()[0].session.game
    assert (rig.logged(on_flash), len(on_flash.undone)) == before  # and the flash agrees
    os.remove("filler")
    for i in range(small):
        os.remove("saved/f%d" % i)
    assert ui.session.act("undo" if refused % 2 == 0 else "redo")
    rig.unmount()


def test_an_action_the_flash_refused_cannot_be_redone():
    ui = _booted()
    journal = ui.session.journal

    def refuse(action):
        raise OSError(28)

    journal.append = refuse  # the flash fills just now
    assert not ui.session.act("next")
    assert "Not saved" in ui.toast
    assert ui.session.game.actions == [] and ui.session.game.undone == []  # nothing to redo: it never happened
    del journal.append
    ui.handle("OK", "SHORT", 0)  # the warning read and closed
    ui.redo()
    assert "Nothing to redo" in ui.toast
    rig.unmount()


def test_corrupt_journal_on_boot_is_reported_and_the_game_kept():
    ui = _booted()
    ui.session.act("roll", 6, 4, "re")  # and on to Combat Round 1, as the roll's press does
    path = "saved/%s.j0" % ui.session.journal.gid
    with open(path, "a") as f:
        f.write("garbage that is not a record\n")
    again = rig.new_ui()[0]
    assert again.session.game.state.phase == "cr1"
    assert "Recovered" in again.toast
    rig.unmount()


def test_a_failing_screen_returns_to_the_mat_with_a_message():
    ui = _booted()

    class Broken:
        name = "broken"
        repeat = ()

        def key(self, button, kind):
            raise ValueError("boom")

        def draw(self, fb):
            pass

    ui.push(Broken())
    ui.handle("OK", "SHORT", 0)
    assert ui.top().name == "mat"
    assert "boom" in ui.toast
    rig.unmount()


def test_when_the_mat_cannot_be_drawn_either_the_device_lives_on_and_says_why():
    # No heap even for the mat's drawing: the panel shows the message on a clear screen, the
    # loop goes on (it once raised out of main.py, leaving the board in its REPL until the watchdog).
    ui = _booted()
    mat = ui.top()
    real_draw = type(mat).draw
    failing = [2]

    def draw(fb):
        if failing[0]:
            failing[0] -= 1
            raise MemoryError("memory allocation failed, allocating 640 bytes")
        real_draw(mat, fb)

    mat.draw = draw
    ui.dirty = True
    ui.render()  # the mat fails, and fails again when drawn after the fault
    assert ui.top() is mat and "allocating 640 bytes" in ui.toast and ui.toast_ms is None  # a warning: it stays
    ui.handle("OK", "SHORT", 0)  # read and closed
    ui.render()
    assert ui.toast is None and not failing[0]
    rig.unmount()


def _asleep():
    """A booted device left alone past its 30 s sleep setting."""
    ui = _booted()
    ui.set("sleep", 30)
    ui.step()
    rig.allow(31_000)
    ui.step()
    return ui


def test_asleep_a_frame_left_to_draw_does_not_keep_the_device_awake():
    ui = _asleep()
    assert not ui.display.on
    ui.dirty = True  # changed as it fell asleep: drawn when a press wakes it, not before
    assert ui.due(rig.CLOCK.now & 0x3FFFFFFF) != 0  # 0 would wake the loop at once, again and again
    rig.unmount()


def test_sleep_after_idle_and_any_button_wakes_without_acting():
    ui = _asleep()
    assert not ui.display.on
    rig.press("OK")
    rig.allow(50)
    ui.step()
    assert ui.display.on
    assert ui.top().name == "mat" and ui.session.game.actions == []  # woke only
    rig.press("OK")
    rig.allow(50)
    ui.step()
    assert ui.top().name == "dice"
    rig.unmount()


def test_no_room_for_a_new_snapshot_the_journal_still_takes_the_action_and_folds_it_later():
    import journal as journal_module
    from ui import PAUSE_MS

    ui = _booted()
    journal = ui.session.journal
    journal.size = journal_module.FOLD_BYTES - 1  # the next action makes the journal due for folding

    def refuse(game, *more):
        raise OSError(28)

    journal.fold = refuse  # no room for the new snapshot just now
    rig.press("OK")  # "OK roll d6"
    rig.allow(50)
    ui.step()
    rig.allow(PAUSE_MS + 100)  # the player pauses: the fold is tried, and fails
    ui.step()
    assert ui.top().name == "dice" and ui.toast is None  # nothing to tell the player: nothing was lost
    assert [a[0] for a in ui.session.game.actions] == ["roll", "next"]
    on_flash = journal_module.Journal(journal.root, journal.gid).load()  # as the next boot reads it
    assert rig.logged(on_flash) == rig.logged(ui.session.game)  # the roll is in the journal
    now = rig.CLOCK.now & 0x3FFFFFFF
    assert ui.due(now) is None or ui.due(now) > PAUSE_MS  # not tried again at every wake-up
    del journal.fold
    gen = journal.gen
    rig.press("OK")  # on the d6, to the battle: room again; this press's pause folds the journal
    rig.allow(50)
    ui.step()
    assert journal.gen == gen and ui.top().name == "battle"  # not inside the press
    rig.allow(PAUSE_MS + 100)
    ui.step()
    assert journal.gen == gen + 1 and journal.records == 0
    on_flash = rig.new_ui()[0].session.game
    assert rig.logged(on_flash) == rig.logged(ui.session.game)
    rig.unmount()


def test_settings_json_with_sleep_true_or_a_time_the_screen_cannot_show_is_refused_and_named():
    import settings_file as config

    _booted()
    for bad in ('{"sleep": true}', '{"sleep": false}', '{"sleep": 45}', '{"sleep": 3601}', '{"contrast": 256}'):
        with open("settings.json", "w") as f:
            f.write(bad)
        ui, _ = rig.new_ui()
        settings, problem = config.load()
        key = bad.split('"')[1]
        assert problem == "bad setting %s; default used" % key, (bad, problem)
        assert settings[key] == config.DEFAULTS[key] and ui.settings[key] == config.DEFAULTS[key], bad
    with open("settings.json", "w") as f:
        f.write('{"sleep": 3600, "contrast": 255}')  # the highest the Settings screen offers: kept
    settings, problem = config.load()
    assert problem is None and (settings["sleep"], settings["contrast"]) == (3600, 255)
    rig.unmount()


def test_a_press_whose_actions_the_flash_refuses_takes_them_all_back_and_shows_nothing_of_them():
    # The roll's press makes two actions (the roll, the move on to Combat Round 1): they go on
    # flash in one commit when the press is done, so a refusal takes both back, before any screen
    # shows the d6.
    ui = _booted()
    journal = ui.session.journal
    appended = []

    def refuse():
        raise OSError(28)

    journal.append = appended.append  # taken, as littlefs takes writes before their commit
    journal.commit = refuse  # and the commit refused: the flash is full
    ui.handle("OK", "SHORT", 0)  # "OK roll d6"
    assert [a[0] for a in appended] == ["roll", "next"]
    assert ui.session.game.actions == [] and ui.session.game.state.phase == "re"
    assert ui.top().name == "mat" and "Not saved" in ui.toast
    del journal.append
    del journal.commit
    ui.handle("OK", "SHORT", 0)  # the warning read and closed
    ui.handle("OK", "SHORT", 0)  # the roll again, with room on the flash
    assert [a[0] for a in ui.session.game.actions] == ["roll", "next"]
    on_flash = rig.new_ui()[0].session.game  # as the next boot reads it
    assert [a[0] for a in on_flash.actions] == ["roll", "next"]
    rig.unmount()


def test_a_press_the_flash_refuses_is_taken_back_newest_action_first_to_exactly_the_state_before_it():
    # OK rolls the d6 and goes on to Combat Round 1: one press, two actions (7.7). Undone, both
    # wait to be redone; the next OK's press rolls again, and the flash refuses its commit.
    ui = _booted()
    ui.handle("OK", "SHORT", 0)
    assert ui.session.game.state.phase == "cr1"
    ui.handle("BACK", "LONG", 0)  # undo: the press's two actions taken back together
    assert ui.session.game.state.phase == "re" and len(ui.session.game.undone) == 2
    before = (rig.logged(ui.session.game), list(ui.session.game.undone), json.dumps(ui.session.game.state_dict()))
    journal = ui.session.journal

    def refuse():
        raise OSError(28)

    journal.commit = refuse  # the flash fills at this press's commit
    ui.handle("OK", "SHORT", 0)
    assert "Not saved" in ui.toast, ui.toast
    after = (rig.logged(ui.session.game), list(ui.session.game.undone), json.dumps(ui.session.game.state_dict()))
    assert after == before, (before, after)  # the redo stack too: what the undo took back still waits
    del journal.commit
    ui.handle("OK", "SHORT", 0)  # the warning read and closed
    ui.redo()
    assert ui.session.game.state.phase == "cr1" and ui.session.game.actions == before[1][::-1]
    rig.unmount()


def test_the_screens_and_the_link_hear_of_a_press_only_once_it_is_on_flash():
    ui = _booted()
    heard = []
    journal = ui.session.journal
    commit = journal.commit

    def committed():
        heard.append("on flash")
        commit()

    journal.commit = committed
    ui.session.subscribe(lambda kind: heard.append(kind), first=True)
    ui.handle("OK", "SHORT", 0)  # the d6 rolled and on to Combat Round 1: one commit, then both told
    assert heard == ["on flash", "roll", "next"], heard
    del journal.commit
    rig.unmount()
