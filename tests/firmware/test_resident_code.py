"""Code on the heap: a board loads .mpy into RAM, so only what the screens in use need stays loaded."""

import sys

from bench.scripted_game import events, expected_totals
from tests.firmware import rig
from tests.firmware.table import Table

# runtime.py is the boot: it imports MicroPython's asyncio (sleep_ms), which CPython's is not
MICROPYTHON_ONLY = (
    "test_only_the_chosen_board_definition_stays_after_boot",
    # CPython's lists keep their room by other rules
    "test_a_games_action_list_has_its_room_from_the_start_and_an_undo_keeps_it",
)


def _lazy_screens(ui):
    import lazy
    import screens

    names = []  # the modules the screens' tables load on demand, and their helpers, loaded now,
    # but for the mat's own: it stays while the mat shows
    play = ui.session.play
    helpers = lazy.ON_MAT + play.ON_MAT
    for name in helpers + tuple(screens._attrs.values()) + tuple(screens._game.values()):
        screen_code = name.startswith("screens.") or name.startswith(play.__name__ + ".")
        if screen_code and name in sys.modules and name not in names:
            if name in helpers or not screens._in_use(name, ui.stack[:1]):
                names.append(name)
    return names


def test_a_screen_module_stays_loaded_only_while_a_screen_of_it_is_shown():
    sys.modules.pop("shared_engine.great_war.cards", None)  # other tests may have loaded it
    table = Table.fresh()
    ui = table.ui
    import lazy
    import screens

    screens.unload()
    shown = set()
    for button, ms in events():
        table.press(button, ms)
        for name in _lazy_screens(ui):
            # the kinds of screen (screens.widgets) stay with their screens until the mat
            helper = name in lazy.ON_MAT or name in ui.session.play.ON_MAT
            assert helper or screens._in_use(name, ui.stack), (name, [s.name for s in ui.stack])
            shown.add(name)
        if len(ui.stack) == 1:
            assert not _lazy_screens(ui), _lazy_screens(ui)
    assert ui.session.game.state.result[0] == expected_totals()
    assert ui.top().name == "over"
    # the hands were entered on the battle screen's module, then the end screen replaced it
    assert "play.great_war.battle" in shown and "screens.over" in shown
    assert _lazy_screens(ui) == ["screens.over"], _lazy_screens(ui)
    # without card data on the flash the card parser is never loaded
    assert "shared_engine.great_war.cards" not in sys.modules
    rig.unmount()


def test_rule_8_1_the_reshuffle_screen_loads_only_once_the_battle_screens_code_is_dropped():
    # The capture's OK at the end of turn 5 closes the battle screen and brings the reshuffle:
    # the two screens' code must not be on the heap together.
    table = Table.fresh()
    import screens

    lazy = screens.__getattr__
    beside = []

    def watched(attr):
        if attr == "Reshuffle":
            beside.append(_lazy_screens(table.ui))
        return lazy(attr)

    screens.__getattr__ = watched
    try:
        for button, ms in events():
            table.press(button, ms)
            if table.screen() == "turn5":
                break
    finally:
        screens.__getattr__ = lazy
    assert table.screen() == "turn5" and table.state()["turn"] == 5
    assert beside == [[]], beside
    rig.unmount()


# What boot and an undo's message load once in a while: the settings file, the reader of
# records on flash, the games on flash, the words for what was undone, the code that reads a
# game back and the code that folds its journal into a snapshot. Back on the mat they take no heap.
OCCASIONAL = (
    "settings_file",
    "shared_engine.log",
    "journal.games",
    "shared_engine.great_war.describe",
    "journal.read",
    "journal.fold",
)


def _occasional_loaded():
    return [name for name in OCCASIONAL if name in sys.modules]


def test_what_boot_and_an_undo_load_for_a_moment_is_dropped_back_on_the_mat():
    table = Table.fresh()
    assert table.screen() == "mat" and not _occasional_loaded(), _occasional_loaded()
    table.press("OK")  # the d6 rolled and the RE phase left: something to replay
    table = table.restart()  # boot reads the settings and replays the journal from flash
    assert table.state()["phase"] == "cr1" and table.screen() == "mat"
    assert not _occasional_loaded(), _occasional_loaded()
    table.hold("BACK")
    assert "Undone: d6" in table.text()  # the words were loaded for the message ...
    assert table.state()["phase"] == "re"
    assert not _occasional_loaded(), _occasional_loaded()  # ... and gone again with the step
    table.press("OK")  # the message goes with the next press, which still acts
    assert table.state()["phase"] == "cr1" and "Undone" not in table.text()
    rig.unmount()


def test_the_code_that_folds_the_journal_in_a_pause_is_gone_again_after_it():
    import journal as journal_module
    from ui import PAUSE_MS

    table = Table.fresh()
    journal = table.ui.session.journal
    journal.size = journal_module.FOLD_BYTES - 1  # the next action makes the journal due for folding
    gen = journal.gen
    table.press("OK")  # "OK roll d6"
    assert table.screen() == "dice" and journal.gen == gen  # not folded inside the press
    table.press("BACK")  # back on the mat
    table.run(PAUSE_MS + 100)  # the player pauses: the journal is folded now
    assert journal.gen == gen + 1 and journal.records == 0
    assert table.screen() == "mat" and not _occasional_loaded(), _occasional_loaded()
    assert rig.logged(table.restart().ui.session.game) == rig.logged(table.ui.session.game)
    rig.unmount()


def test_the_device_makes_and_resumes_a_game_core_not_the_engines_play_by_method_game():
    table = Table.fresh()  # a new game made
    assert type(table.ui.session.game).__name__ == "GameCore"
    table.press("OK")  # "OK roll d6": an action taken, and on to Combat Round 1
    table = table.restart()  # and a game resumed from flash
    assert table.state()["phase"] == "cr1" and table.screen() == "mat"
    assert type(table.ui.session.game).__name__ == "GameCore"
    rig.unmount()


def test_a_games_action_list_has_its_room_from_the_start_and_an_undo_keeps_it():
    import gc

    from shared_engine.action_list import ACTIONS_ROOM
    from shared_engine.great_war.actions import make
    from shared_engine.great_war.core import GameCore

    game = GameCore(make("new", "Basic game", 10, "CP"))
    game.apply(make("roll", 6, 3, "re"))
    game.apply(make("next"))
    game.undo()  # a player's slip early in the game
    assert [a[0] for a in game.actions] == ["roll"] and len(game.undone) == 1
    more = [game.actions[0]] * (ACTIONS_ROOM - 1)  # made before measuring: only the list's room is counted
    gc.collect()
    before = gc.mem_alloc()
    for action in more:
        game.actions.append(action)
    gc.collect()
    assert gc.mem_alloc() == before, gc.mem_alloc() - before  # no block of a doubled list sought mid-game


def test_a_game_without_card_data_loads_no_card_id_checks():
    sys.modules.pop("shared_engine.great_war.card_ids", None)  # other tests have read card files
    table = Table.fresh()
    table.play(events()[:20])  # into turn 3: rolls, battles and captures
    assert table.state()["turn"] == 3, table.state()["turn"]
    assert "shared_engine.great_war.card_ids" not in sys.modules  # no card data, no card ids to check
    rig.unmount()


def test_only_the_chosen_board_definition_stays_after_boot():
    rig.mount(rig.blank_flash(), format_first=True)
    import runtime

    machine = sys.modules["machine"]
    machine.Pin.pins = {}
    machine.I2C.devices = {0x3C: rig.OledChip("ssd1306")}
    board, _, pins = runtime.build("pico")
    assert board["name"] == "pico" and runtime.BUTTON_NAMES == rig.BUTTONS and len(pins) == 4
    assert "boards" not in sys.modules
    import boards  # the pins come in the table's order of names

    assert boards.BUTTONS == runtime.BUTTON_NAMES
    del sys.modules["boards"]
    assert sorted(board["buttons"]) == sorted(rig.BUTTONS)
    rig.unmount()


def test_with_no_heap_even_to_look_a_screens_code_stays_and_the_device_plays_on():
    """Dropping a screen's code is what frees the heap; when the heap is so full that even
    looking at the screen stack fails, the code stays until the screens change again, and the
    key that opened the next screen has still done its work."""
    import screens

    table = Table.fresh()
    table.press("BACK")  # the menu
    menu = table.ui.top()
    while menu.items()[menu.index][0] != "About":  # ... down to About
        table.press("DOWN")
    assert table.screen() == "menu" and "screens.menu" in sys.modules
    looked = screens._in_use
    asked = []

    def no_heap(name, stack):
        asked.append(name)
        raise MemoryError("memory allocation failed, allocating 256 bytes")

    screens._in_use = no_heap
    try:
        table.press("OK")  # About opens over the menu: the screens change, and unload() must look
    finally:
        screens._in_use = looked
    assert "screens.menu" in asked  # it had to ask whether the menu is still shown ...
    assert "screens.menu" in sys.modules  # ... and kept it, as it could not tell
    assert table.screen() == "about" and "Error" not in table.text()
    table.press("BACK")
    table.press("BACK")
    assert table.screen() == "mat" and "screens.menu" not in sys.modules  # dropped on the mat after all
    rig.unmount()


def test_the_code_the_next_press_most_likely_needs_is_read_in_the_pause_before_it():
    # Reading a screen's code from flash took about 20 ms of the roll's press and
    # 35 ms of the press that opens the battle's entry on a Pico; in the pause before it, none.
    import screens
    from ui import PAUSE_MS

    table = Table.fresh()
    screens.unload()
    assert "play.great_war.dice" not in sys.modules
    table.run(PAUSE_MS + 100)  # the player looks at "OK roll d6"
    assert "play.great_war.dice" in sys.modules
    table.press("OK")  # the roll, and the d6 shown through the combat rounds
    assert table.screen() == "dice" and "play.great_war.battle" not in sys.modules
    table.run(PAUSE_MS + 100)  # the cards are played
    assert "play.great_war.battle" in sys.modules
    table.press("UP")  # the battle's entry, at once
    assert table.screen() == "battle"
    rig.unmount()
