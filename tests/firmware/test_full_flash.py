"""A flash filling up with a season of games, at New game: said while a few games' room is left,
refused in one line when littlefs takes no more, and nothing on the table lost either way.

Pressed through the pins as a player presses; what is checked is what the panel shows, what the
flash keeps, and that the room the panel promised is there.
"""

from tests.firmware import rig
from tests.firmware.table import Table
from tests.firmware.test_battle_entry import choose

# littlefs running out of blocks: only the real one does that
MICROPYTHON_ONLY = (
    "test_with_room_for_few_more_games_new_game_says_how_many_and_that_many_can_be_played",
    "test_a_full_flash_at_new_game_says_so_in_one_line_and_the_game_before_stays_whole",
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


def test_new_games_ok_is_answered_on_the_panel_before_the_game_is_made():
    # Making a game takes 300-550 ms of a Pico (more as the flash fills): the press that starts it
    # shows at once that it was taken, and the new game's own mat follows.
    table = Table.fresh()
    _played(table)
    shown = []
    session = table.ui.session
    begin = session.begin

    def made(header):
        shown.append(table.text())  # the panel as the game is being made
        return begin(header)

    session.begin = made
    _new_game(table)
    assert len(shown) == 1 and "Starting game..." in shown[0], shown
    assert table.screen() == "setup" and "Starting game" not in table.text(), table.text()  # 2.2-2.6 first
    rig.unmount()


def _played(table):
    """An action on the game just begun, as a table makes one: a game with none is not kept."""
    assert _play(table.ui.session), table.text()


def _play(session):
    session.press()
    for move in (("next",), ("start",), ("flip", session.game.state.to_dict().get("types", [None])[0])):
        if session.act(*move):
            break
    return session.done_press() and session.game.count() > 0


def _fill():
    """The flash full to its last byte, as years of games leave it: a big file while littlefs
    takes one, then small ones in the games' folder (a folder's own blocks hold small files)."""
    with open("filler", "w") as f:
        try:
            while True:
                f.write("x" * 1024)
        except OSError:
            pass
    n = 0
    try:
        while True:
            with open("saved/f%d" % n, "w") as f:
                f.write("y" * 40)
            n += 1
    except OSError:
        pass


def _empty():
    import os

    os.remove("filler")
    for name in os.listdir("saved"):
        if name.startswith("f"):
            os.remove("saved/" + name)


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


def test_a_full_flash_at_new_game_says_so_in_one_line_and_the_game_before_stays_whole():
    """littlefs takes a small file into a folder's own blocks while it can, so a full flash
    either refuses the new game ("Flash full: pull games to free room") or begins it in the last
    room it has, saying so; its first press is then saved or refused whole ("flash full")."""
    table = Table.fresh()
    games = _games()
    _played(table)
    session = table.ui.session
    old, old_log = session.gid, rig.logged(session.game)
    _fill()
    _new_game(table)
    text = table.text()
    refused = "Flash full: pull games to free room" in text
    assert refused or "This game fills the flash: pull some" in text, text
    table.press("OK")  # the message closes
    if refused:  # on New game's list; BACK twice to the game on the table, as it was
        assert table.text().startswith("New game") and session.gid == old, table.text()
        table.press("BACK")
        table.press("BACK")
    else:  # the new game: its first press saved whole, or refused whole
        count = session.game.count()
        saved = _play(session)
        assert saved or ("flash full" in table.ui.toast and session.game.count() == count), table.ui.toast
    assert old in games.ids()
    restarted = table.restart().ui.session  # and the flash agrees: the game before is whole
    from journal import Journal

    assert rig.logged(Journal(games.ROOT, old).load()) == old_log
    assert restarted.gid in games.ids()
    _empty()  # room again (the host pulled, games went): New game begins, with nothing to say
    assert restarted.begin(restarted.game.header) and restarted.gid not in (old,)
    rig.unmount()
