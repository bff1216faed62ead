"""The games kept on flash: numbers never come back, the pulled list, the stamp of the folder."""

import os

from tests.firmware import rig

# CPython's port keeps "the flash" in a folder on this machine's disk, whose free space a test cannot fill
MICROPYTHON_ONLY = (
    "test_low_on_flash_a_new_game_removes_the_oldest_games_the_host_holds_and_never_one_it_does_not",
    # tears block writes inside littlefs: the real one only
    "test_a_power_cut_at_any_write_of_a_new_game_never_gives_it_the_number_of_a_game_gone",
)


def _fresh():
    rig.mount(rig.blank_flash(64), format_first=True)
    from journal import games

    from shared_engine.great_war.game import Game

    return games, Game


def test_game_numbers_are_never_reused_after_games_are_deleted():
    games, Game = _fresh()
    first = games.create(Game.new()).gid
    second = games.create(Game.new()).gid
    assert (first, second) == ("g0001", "g0002")
    games.remove(first)
    games.remove(second)
    assert games.ids() == []
    # a host's cursor is at g0002: a new game must come after it, or it would never be pulled
    assert games.create(Game.new()).gid == "g0003"
    rig.unmount()


def test_a_power_cut_at_any_write_of_a_new_game_never_gives_it_the_number_of_a_game_gone():
    # The number is written over in place: littlefs keeps the old bytes until the new are whole.
    # Were it lost, the games on the flash would say only that none is left above 0.
    from clock import PowerCut

    games, Game = _fresh()
    cut = 1
    while True:
        flash = rig.blank_flash(64)
        rig.mount(flash, format_first=True)
        for _ in range(2):
            games.create(Game.new())
        games.remove("g0001")
        games.remove("g0002")  # pulled and gone: a host's cursor is past them
        flash.fail_after = flash.writes + cut
        try:
            games.create(Game.new())
        except PowerCut:
            rig.unmount()
            rig.mount(flash.power_on())
            gid = games.create(Game.new()).gid
            assert gid > "g0002", (cut, gid)
            rig.unmount()
            cut += 1
            continue
        break
    rig.unmount()
    assert cut > 3, cut  # a new game's writes, each cut once


def test_the_pulled_list_marks_in_one_write_and_forgets_removed_games():
    games, Game = _fresh()
    gids = [games.create(Game.new()).gid for _ in range(3)]
    games.mark_pulled(gids[:2])
    games.mark_pulled(gids[:2])  # again: no duplicates
    assert games.pulled_ids() == gids[:2]
    games.unmark_pulled(gids[0])
    assert games.pulled_ids() == [gids[1]]
    games.remove(gids[1])
    assert games.pulled_ids() == []
    assert [row[4] for row in games.summaries()] == [False, False]
    rig.unmount()


def test_the_folder_stamp_is_made_once_and_kept():
    games, _ = _fresh()
    stamp = games.stamp()
    assert len(stamp) == 8 and games.stamp() == stamp
    os.remove(games.STAMP)  # a wiped folder gets a new one: the host sees a new archive
    assert games.stamp() != stamp
    rig.unmount()


def test_a_game_ended_a_moment_ago_gets_its_digest_before_a_new_game_begins():
    # 3.4 then 3.2: the game ends, and the player starts another before the pause that would
    # fold its journal into a snapshot: the new game folds it first, so the host lists it
    # from its snapshot's digest without replaying it.
    rig.mount(rig.blank_flash(64), format_first=True)
    from journal import Journal
    from journal.fold import log_digest

    ui = rig.new_ui()[0]
    session = ui.session
    assert session.act("no_nat", "EA") and session.act("hand", 5, 3)
    ended, gid = session.game, session.gid
    assert Journal("saved", gid).settled_digest() is None  # the press only appended
    from shared_engine.great_war.actions import make

    assert session.begin(make("new", "Basic game", 10, "CP")) and session.gid != gid
    assert Journal("saved", gid).settled_digest() == log_digest(ended)
    rig.unmount()


def test_a_games_end_is_dated_when_it_ended_not_when_its_snapshot_is_written():
    import time

    rig.mount(rig.blank_flash(64), format_first=True)
    from journal.read import read_meta

    ui = rig.new_ui()[0]
    session = ui.session
    assert session.act("no_nat", "EA") and session.act("hand", 5, 3)  # 3.4, then 3.2: over
    ended = time.time()
    rig.allow(5000)  # the player looks at the result; the device folds the journal meanwhile
    ui.step()
    meta, _ = read_meta("saved", session.gid)
    assert "sent" in meta and meta["done"][0] == ended, (meta, ended)
    rig.unmount()


def test_low_on_flash_a_new_game_removes_the_oldest_games_the_host_holds_and_never_one_it_does_not():
    games, Game = _fresh()
    gids = [games.create(Game.new()).gid for _ in range(3)]
    games.mark_pulled([gids[0], gids[2]])  # the host has copied the first and the third
    assert games.free_bytes() >= games.LOW_SPACE
    games.create(Game.new()).remove()  # plenty of room: nothing goes
    assert games.ids() == gids
    with open("filler", "wb") as f:  # the flash fills up with something else
        while games.free_bytes() >= games.LOW_SPACE:
            f.write(bytes(4096))
            f.flush()
    fourth = games.create(Game.new()).gid
    assert games.ids() == [gids[1], fourth]  # the copied ones went; the one the host lacks stays
    assert games.pulled_ids() == []
    rig.unmount()


def test_a_board_boots_into_its_newest_game_when_that_was_deleted_or_the_folder_is_older_firmwares():
    # A board finds its newest game by the last number used (journal/games.newest), not by
    # listing a folder of every game it kept: the game it finds must be the newest kept all the same.
    games, Game = _fresh()
    for _ in range(3):
        games.create(Game.new())
    ui, _ = rig.new_ui()
    assert ui.session.gid == "g0003"
    games.remove("g0003")  # deleted from the history (it was played): its number stays the last used
    ui, _ = rig.new_ui()
    assert ui.session.gid == "g0002"
    os.remove(games.SEQ)  # a folder from firmware that kept no number
    ui, _ = rig.new_ui()
    assert ui.session.gid == "g0002"
    assert sorted(os.listdir(games.ROOT)) == ["g0001.snp", "g0002.snp"]  # and no new game was made
    rig.unmount()


def _new_basic_game(table, played=True):
    """Menu, New game, its first row: the basic game (the game on the table kept in the history)."""
    for _ in range(4):
        if table.screen() == "mat":
            break
        table.press("BACK")
    table.press("BACK")
    assert table.screen() == "menu", table.text()
    table.presses("DOWN", 3)
    table.press("OK")
    table.press("OK")
    if played:
        assert "Start a new game?" in table.text(), table.text()
        table.press("OK")
    assert "Setup 2.0" in table.text(), table.text()  # the checklist before the first turn
    table.press("BACK")
    assert table.screen() == "mat", table.text()


def test_a_new_games_number_is_above_every_game_on_the_flash_when_the_last_number_kept_is_stale_or_lost():
    # A cut between a game's files and the number's own file, or a flash copied from another
    # board: the number kept says less than the games there. A new game must not take the number
    # (and so the files) of a game the host may not have pulled.
    from tests.firmware.table import Table

    table = Table.fresh()
    for _ in range(3):  # three games played (the d6 rolled), each followed by a new basic game
        table.press("OK")
        _new_basic_game(table)
    games = sorted(name for name in os.listdir("saved") if name.endswith(".snp"))
    assert games == ["g0001.snp", "g0002.snp", "g0003.snp", "g0004.snp"], games
    for stale in ("2", None):
        if stale is None:
            os.remove("saved/seq")  # lost
        else:
            with open("saved/seq", "w") as f:
                f.write(stale)
        table.press("OK")
        _new_basic_game(table)
        gid = table.ui.session.gid
        assert gid == ("g0005" if stale else "g0006"), (stale, gid)
    assert table.ui.session.game.actions == []  # the new game, fresh: the earlier ones kept whole
    assert sorted(name for name in os.listdir("saved") if name.endswith(".snp"))[:4] == games
    rig.unmount()
