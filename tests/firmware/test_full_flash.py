"""A flash filling up with a season of games, at New game: said while a few games' room is left,
refused in one line when none is, and nothing on the table lost either way.

Pressed through the pins as a player presses; what is checked is what the panel shows, what the
flash keeps, and that the room the panel promised is there.
"""

from tests.firmware import rig
from tests.firmware.table import Table
from tests.firmware.test_battle_entry import choose

# littlefs running out of blocks: only the real one does that
MICROPYTHON_ONLY = (
    "test_with_room_for_few_more_games_new_game_says_how_many_and_that_many_can_be_played",
    "test_a_full_flash_refuses_new_game_in_one_line_and_the_game_on_the_table_plays_on",
)


def _games():
    from journal import games

    return games


def _new_game(table):
    """Menu, New game, and its first row: the game last played, begun as it was (OK to leave the
    game on the table for it, as the panel asks)."""
    table.press("BACK")
    choose(table, "New game")
    table.press("OK")
    assert "Start a new game?" in table.text(), table.text()
    table.press("OK")


def _played(table):
    """An action on the game just begun, as a table makes one: a game with none is not kept."""
    session = table.ui.session
    session.press()
    for move in (("next",), ("start",), ("flip", session.game.state.to_dict().get("types", [None])[0])):
        if session.act(*move):
            break
    assert session.done_press() and session.game.count(), table.text()


def test_with_room_for_few_more_games_new_game_says_how_many_and_that_many_can_be_played():
    table = Table.fresh()
    games = _games()
    _played(table)
    with open("filler", "wb") as f:  # the flash fills up with games the host has not pulled
        while games.free_bytes() >= (games.WARN_GAMES - 1) * games.GAME_ROOM:
            f.write(bytes(4096))
            f.flush()
    kept = games.ids()
    _new_game(table)
    text = table.text()
    assert "Room for" in text and "pull some" in text, text
    promised = int(text.split("Room for ")[1].split()[0])
    assert 1 <= promised < games.WARN_GAMES, text
    table.press("OK")  # the warning closes on the new game's first screen (The Great War's: Setup)
    assert "Room for" not in table.text() and len(games.ids()) == len(kept) + 1, (table.text(), games.ids())
    _played(table)
    for n in range(promised):  # the room it promised is there: that many more games begin and play
        assert table.ui.session.begin(table.ui.session.game.header), (n, promised, table.ui.toast)
        _played(table)
    rig.unmount()


def test_a_full_flash_refuses_new_game_in_one_line_and_the_game_on_the_table_plays_on():
    table = Table.fresh()
    games = _games()
    _played(table)
    session = table.ui.session
    header = session.game.header
    with open("filler", "wb") as f:
        while games.free_bytes() >= games.GAME_ROOM:
            f.write(bytes(1024))
            f.flush()
    before = session.gid, rig.logged(session.game), games.ids()
    _new_game(table)
    assert "Flash full: pull games to free room" in table.text(), table.text()
    assert (session.gid, rig.logged(session.game), games.ids()) == before  # nothing written, nothing gone
    table.press("OK")  # closed: back on New game's list, and BACK twice to the game on the table
    assert table.text().startswith("New game"), table.text()
    table.press("BACK")
    table.press("BACK")
    assert table.ui.top().name.endswith("mat") and session.gid == before[0], table.text()
    on_flash = table.restart().ui.session
    assert (on_flash.gid, rig.logged(on_flash.game)) == before[:2]  # and the flash agrees
    import os

    os.remove("filler")  # room again (the host pulled, games went): New game begins
    assert session.begin(header) and session.gid != before[0]
    rig.unmount()
