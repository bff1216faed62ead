"""The end of every game on one screen: the same layout and words for each game, who won, how,
when, and what OK does next; OK goes back to the mat, where the ended game can be read or undone."""

from bench import scripted_game
from tests.firmware import rig
from tests.firmware.table import Table
from tests.firmware.test_last_front_at_the_table import quick_victory
from tests.firmware.test_the_war_at_the_table import _new_war


def _great_war_over(table):
    wrong = scripted_game.play(table.press, table.state)
    assert not wrong, wrong


def _the_war_over(table):
    _new_war(table, deck=20)
    table.press("OK")  # the hands kept
    for n in (3, 4, 2, 5):  # each turn a hit on the other deck, then the turn's end
        table.press("UP")
        table.enter(n)
        table.press("OK")
        table.press("OK")


ENDS = {  # the game, how its end is reached, who the screen says won, and how
    "great-war": (_great_war_over, "DRAW", "CP %(CP)d  EA %(EA)d" % scripted_game.expected_totals()),
    "the-war": (_the_war_over, "P2 WINS", "P1 can't draw 2"),
    "last-front": (quick_victory, "P1 WINS", "quick victory"),
}


def _over_screen(game):
    reach, who, how = ENDS[game]
    table = Table.fresh()
    reach(table)
    assert table.state()["phase"] == "over", (game, table.state()["phase"])
    assert table.screen() == "over", (game, table.screen())
    words = table.text()
    assert who in words and how in words and table.status() == "OK: close", (game, words)
    assert table.layout_faults() == [], (game, table.layout_faults())
    rows = [(y, scale) for _, _, y, scale in table.frame if scale > 0]
    table.press("OK")
    assert len(table.ui.stack) == 1, (game, [s.name for s in table.ui.stack])
    rig.unmount()
    return rows


def test_every_game_ends_on_one_screen_in_the_same_layout_and_ok_closes_it_to_the_mat():
    layouts = {game: _over_screen(game) for game in ENDS}
    first = layouts["great-war"]
    for game, rows in layouts.items():
        # the title bar, the winner twice the size, up to two lines of how, when, "OK: close"
        assert [scale for _, scale in rows].count(2) == 1, (game, rows)
        assert rows[-1] == first[-1] and set(rows) <= set(first) | {(30, 1), (39, 1)}, (game, rows, first)
