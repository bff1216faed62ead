"""Last Front's helpers at the device: the bid calculator (Calculating Bids), the players' names
spelt on the device (Game Play: seats clockwise from the dealer), and what the mat says when a
battle is won (Winning the Battle, Territory Bonuses)."""

from tests.firmware import rig
from tests.firmware.table import Table
from tests.firmware.test_last_front_at_the_table import _bid, _chosen, _new_front, _turn_up


def _menu_row(table, label):
    table.press("BACK")
    while _chosen(table) != label:
        table.press("DOWN")
    table.press("OK")


def test_last_front_calculating_bids_the_rulebooks_example_on_the_calculator():
    """Two Troop cards of 2 and 1 with "2x Troop value" and "+1 per Troop": 5 + 3 = 8."""
    table = Table.fresh()
    _new_front(table)
    _turn_up(table, "soviet")
    _menu_row(table, "Bid calculator")
    assert table.screen() == "bid-calc" and table.status() == "^v set  OK next"
    assert "Support: A value" in table.text()  # P1 attacks the card turned up: a Support card's A
    table.press("UP")  # value 2
    table.press("OK")
    table.press("UP")  # x2
    table.press("OK")
    table.press("OK")  # /1
    table.press("UP")  # +1
    assert "= 5" in table.text(), table.text()
    table.press("OK")  # the first card in: 5
    table.press("OK")  # value 1
    table.press("UP")  # x2
    table.press("OK")
    table.press("OK")
    table.press("UP")  # +1
    table.press("OK")  # the second card in: 3
    assert "2 cards: 8" in table.text(), table.text()
    table.press("BACK")  # the last card taken back to be changed
    assert "1 card: 5" in table.text()
    table.press("BACK")
    table.press("BACK")  # no card left: back to the menu
    assert table.screen() == "menu"
    assert table.state()["battles"][0]["bids"] == []  # a calculator: nothing entered in the game
    rig.unmount()


def test_last_front_game_play_names_spelt_on_the_device_seat_the_players_from_the_dealer():
    table = Table.fresh()
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")  # New game
    while _chosen(table) != "LF names":
        table.press("DOWN")
    table.press("OK")
    assert table.screen() == "seats" and _chosen(table) == "1 (add)"
    table.press("OK")  # spell seat 1: "A" to begin
    assert table.status() == "hold OK: keep"
    table.press("OK")  # "Aa"
    table.presses("UP", 13)  # a -> n
    table.press("OK")
    table.presses("UP", 13)  # "Ann"
    table.hold("OK")
    assert table.ui.settings["names"] == ["Ann"] and table.screen() == "seats"
    table.press("BACK")  # one name typed: still 4 players, the others by their seats
    assert ("LF players", "4") in [row[:2] for row in table.ui.top().items()], table.ui.top().items()
    table.press("OK")
    table.press("DOWN")
    table.press("OK")  # seat 2
    table.press("UP")  # "B"
    table.press("OK")
    table.presses("UP", 4)  # "Be"
    table.press("OK")
    table.presses("UP", 13)  # "Ben"
    table.hold("OK")
    assert table.ui.settings["names"] == ["Ann", "Ben"]
    table.press("BACK")
    assert ("LF players", "4") in [row[:2] for row in table.ui.top().items()]
    while _chosen(table) != "Last Front":
        table.press("UP")
    table.press("OK")
    assert table.state()["players"] == ["Ann", "Ben", "P3", "P4"]
    rig.unmount()


def test_last_front_winning_the_battle_the_mat_says_the_capture_and_the_bonus_it_brings():
    table = Table.fresh()
    _new_front(table, players=2)
    _turn_up(table, "soviet")
    _bid(table, 3)
    table.press("DOWN")  # P2 out: P1 captures the Soviet card, and with it the Soviet bonus
    assert "P1 won Sov +1" in table.text() and "Sov bonus: P1" in table.text(), table.text()
    assert table.layout_faults() == []
    table.press("UP")  # the territories held
    assert "P1: Sov" in table.text() and "Amer bonus: none" in table.text(), table.text()
    rig.unmount()


def test_last_front_calculating_bids_a_support_card_counts_d_defending_ones_own_territory():
    """Battle Deck, Support Unit cards: the D value defending a territory one captured, else A."""
    table = Table.fresh()
    _new_front(table, players=2)
    _turn_up(table, "soviet")
    _bid(table, 2)
    table.press("DOWN")  # P2 out: P1 holds the Soviet card
    _turn_up(table, "german")
    table.press("OK")
    table.press("OK")  # P1 declares the German card
    _bid(table, 2)
    table.press("OK")
    table.press("OK")  # P2 bids 3
    table.press("DOWN")  # P1 out: P2 holds the German card
    _turn_up(table, "american")
    table.press("OK")
    table.press("DOWN")
    assert _chosen(table) == "P1 soviet"
    table.press("OK")  # P2 attacks P1's Soviet card
    _menu_row(table, "Bid calculator")
    assert "Support: A value" in table.text(), table.text()  # P2 attacks
    table.press("BACK")  # no card entered: the calculator closes
    table.press("BACK")  # the menu closes: back on the mat
    _bid(table, 2)  # P2 bids 2: P1, who holds the card, defends it
    _menu_row(table, "Bid calculator")
    assert "Support: D value" in table.text(), table.text()
    rig.unmount()
