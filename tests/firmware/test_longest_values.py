"""Every screen a game reaches, drawn with the longest values it can show: nothing runs off the
panel, and no value is cut (the panel takes 16 characters a line; a screen writes its words to
fit or wraps them, never cuts them). Last Front at its most: 12 seats of 10-letter names, bids of
999, a 10-letter winner; The War at its longest: a deck of 200 played to its last round."""

from tests.firmware import rig
from tests.firmware.table import Table

# the longest names a Last Front header takes (NAME_MAX), alike in their first letters
NAMES = ["Alexandra%d" % n for n in range(10)] + ["Alexandrin", "Alexandrus"]
SKIPPED = ("Undo", "Redo", "New game", "End game now", "History")  # rows that change the game on the table


def _faults(table, where, seen):
    seen.append(table.text())
    return ["%s (%s): %s" % (where, table.screen(), f) for f in table.layout_faults()]


def _every_menu_screen(table):
    """From the mat: the menu, and each of its rows that only shows something, scrolled to its end."""
    faults = []
    seen = []
    table.press("BACK")
    rows = [row[0] for row in table.ui.top().items()]
    for i, label in enumerate(rows):
        if label.startswith(SKIPPED) or i == 0:  # row 0 goes back to the mat
            continue
        while table.ui.top().index != i:
            table.press("DOWN")
        table.press("OK")
        faults += _faults(table, label, seen)
        for _ in range(12):  # a message, down to its last line
            table.press("DOWN")
            faults += _faults(table, label, seen)
        while table.screen() != "menu":
            table.press("BACK")
    table.press("BACK")
    return faults, " ".join(seen)


def test_last_front_twelve_ten_letter_names_and_bids_of_999_are_shown_whole_on_every_screen():
    table = Table.fresh()
    table.ui.set("lf_seats", 12)
    table.ui.set("lf_dig", True)
    table.ui.set("names", NAMES)
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")  # New game: Last Front's "LF players"
    while table.ui.top().items()[table.ui.top().index][0] != "LF players":
        table.press("DOWN")
    table.press("OK")
    table.enter(12)
    table.press("OK")
    table.press("UP")
    table.press("OK")
    assert table.state()["players"] == NAMES
    seen = []
    faults = _faults(table, "mat", seen)
    table.press("OK")  # turn up
    table.press("OK")  # american
    faults += _faults(table, "mat", seen)
    table.press("OK")  # the bid entry, at 1: held up to 999
    table.enter(999)
    faults += _faults(table, "bid", seen)
    assert "999" in table.text()
    table.press("OK")
    while table.screen() != "front-mat":  # Digging in: the piles of 10 asked, up to 99 of them
        faults += _faults(table, "dig in", seen)
        table.press("OK")
    faults += _faults(table, "mat", seen)
    assert "999" in table.text() and table.state()["battles"][0]["high"] == 999, table.text()
    for _ in range(11):  # every other seat withdraws: the first captures
        table.press("DOWN")
        faults += _faults(table, "mat", seen)
    menu_faults, menu_seen = _every_menu_screen(table)
    faults += menu_faults
    assert faults == [], faults
    said = " ".join(seen) + " " + menu_seen
    assert "Alexandra0: Amer" in said, said  # Territories: each name whole beside its holding
    # the end: the longest name wins, whole, on the end screen
    for kind in ("american", "american"):
        table.press("OK")  # turn up, or declare
        if table.screen() == "turn-up":
            while table.ui.top().items()[table.ui.top().index][0] != kind:
                table.press("DOWN")
            table.press("OK")
        if table.screen() == "declare":
            table.press("OK")  # the card turned up
        table.press("OK")
        table.press("OK")  # Alexandra0 bids 1
        for _ in range(11):
            table.press("DOWN")
    assert table.state()["phase"] == "over" and table.screen() == "over", table.text()
    assert "ALEXANDRA0 WINS" in table.text() and table.layout_faults() == [], table.frame
    rig.unmount()


def test_the_war_a_deck_of_200_to_its_last_round_every_title_shows_its_round_whole():
    table = Table.fresh()
    table.ui.set("war_deck", 200)
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")
    while table.ui.top().items()[table.ui.top().index][0] != "The War":
        table.press("DOWN")
    table.press("OK")
    assert table.state()["decks"] == {"P1": 193, "P2": 193}
    table.press("OK")  # the hands kept
    faults = []
    seen = []
    rounds = 0
    while table.state()["phase"] != "over":
        rounds = table.state()["turn"]
        assert ("round %d" % rounds) in table.text(), table.text()
        faults += _faults(table, "round %d" % rounds, seen)
        table.press("OK")  # "OK end": the next player draws 2
    assert rounds >= 95, rounds
    assert table.screen() == "over" and ("round %d" % rounds) in table.text(), table.text()
    faults += _faults(table, "the end", seen)
    table.press("OK")
    menu_faults, _ = _every_menu_screen(table)
    assert faults + menu_faults == [], (faults + menu_faults)[:5]
    rig.unmount()
