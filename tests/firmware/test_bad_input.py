"""Bad input: several buttons at once, a full flash, a corrupt journal, a broken screen."""

import os

from tests.firmware import rig

# A full flash is littlefs running out of blocks: only the real one does that.
MICROPYTHON_ONLY = ("test_full_flash_refuses_the_action_says_so_and_keeps_the_game",)


def _app(blocks=64):
    rig.mount(rig.RamFlash(blocks), format_first=True)
    return rig.new_app()[0]


def test_chord_of_buttons_is_ignored_and_explained():
    app = _app()
    rig.press("OK", 5)  # settle the clock
    pins = rig.machine.Pin.pins
    pins[rig.PINS["OK"]].set_level(0)
    pins[rig.PINS["UP"]].set_level(0)
    rig.allow(900)
    app.step()
    pins[rig.PINS["OK"]].set_level(1)
    pins[rig.PINS["UP"]].set_level(1)
    rig.allow(100)
    app.step()
    assert app.game.actions == [], app.game.actions  # neither OK nor UP acted
    assert "One button" in app.toast
    rig.press("OK")  # the message goes, and the press acts: "OK roll d6"
    rig.allow(50)
    app.step()
    assert app.toast is None
    assert app.top().name == "dice" and len(app.game.state.current.re_rolls) == 1
    rig.unmount()


def test_full_flash_refuses_the_action_says_so_and_keeps_the_game():
    app = _app(blocks=8)  # 32 KB of flash
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
    app.act("next")
    refused = None
    for i in range(300):  # littlefs may still fit a few small commits
        before = (app.game.log_text(), len(app.game.undone))
        if not app.act("undo" if i % 2 == 0 else "redo"):
            refused = i
            break
    assert refused is not None, "a full flash never refused an action"
    assert "flash full" in app.toast.lower()
    assert (app.game.log_text(), len(app.game.undone)) == before  # nothing half-done
    on_flash = rig.new_app()[0].game
    assert (on_flash.log_text(), len(on_flash.undone)) == before  # and the flash agrees
    os.remove("filler")
    for i in range(small):
        os.remove("saved/f%d" % i)
    assert app.act("undo" if refused % 2 == 0 else "redo")
    rig.unmount()


def test_corrupt_journal_on_boot_is_reported_and_the_game_kept():
    app = _app()
    app.act("roll", 6, 4, "re")
    app.act("next")
    path = "saved/%s.j0" % app.journal.gid
    with open(path, "a") as f:
        f.write("garbage that is not a record\n")
    again = rig.new_app()[0]
    assert again.game.state.phase == "cr1"
    assert "Recovered" in again.toast
    rig.unmount()


def test_a_failing_screen_returns_to_the_mat_with_a_message():
    app = _app()

    class Broken:
        name = "broken"
        repeat = ()

        def key(self, button, kind):
            raise ValueError("boom")

        def draw(self, fb):
            pass

    app.push(Broken())
    app.handle("OK", "SHORT", 0)
    assert app.top().name == "mat"
    assert "boom" in app.toast
    rig.unmount()


def test_sleep_after_idle_and_any_button_wakes_without_acting():
    app = _app()
    app.set("sleep", 30)
    app.step()
    rig.allow(31_000)
    app.step()
    assert app.asleep and not app.display.on
    rig.press("OK")
    rig.allow(50)
    app.step()
    assert not app.asleep and app.display.on
    assert app.top().name == "mat" and app.game.actions == []  # woke only
    rig.press("OK")
    rig.allow(50)
    app.step()
    assert app.top().name == "dice"
    rig.unmount()
