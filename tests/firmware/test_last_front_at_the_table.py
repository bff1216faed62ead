"""Last Front at the device, pressed through the buttons as a table of players does.

The rulebook numbers no rules: tests cite its section headings (Game Play, Calculating Bids,
"Digging in" Rule, Withdrawing from Battle, Winning the Battle, Territory Bonuses, Victory
Conditions).
"""

from tests.firmware import rig
from tests.firmware.table import Table


def _chosen(table):
    screen = table.ui.top()
    return screen.items()[screen.index][0]


def _new_front(table, players=None):
    """Menu, New game, Last Front's rows (after The Great War's and The War's)."""
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")
    while _chosen(table) != "Last Front":
        table.press("DOWN")
    if players is not None:
        table.press("DOWN")  # "LF players"
        table.press("OK")
        assert "Seats: dealer P1" in table.text() and table.layout_faults() == [], table.text()
        table.enter(players)
        table.press("OK")
        table.press("UP")
    table.press("OK")
    assert table.screen() == "front-mat", table.text()


def _turn_up(table, kind):
    table.press("OK")  # "OK turn up"
    assert table.screen() == "turn-up"
    while not _chosen(table).startswith(kind):
        table.press("DOWN")
    table.press("OK")


def _bid(table, value):
    """OK opens the entry at the least that beats the last bid; UP to `value`; OK bids."""
    table.press("OK")
    assert table.screen() == "front-bid" and table.status() == "^v set  OK bid", table.text()
    table.presses("UP", value - table.number())
    table.press("OK")


def test_last_front_game_play_new_game_seats_four_and_the_dealer_turns_up_and_bids_first():
    table = Table.fresh()
    _new_front(table)
    state = table.state()
    assert state["game"] == "last-front" and state["players"] == ["P1", "P2", "P3", "P4"]
    assert state["phase"] == "flip" and table.status() == "OK turn up"
    assert table.ui.settings["game"] == "last-front"
    _turn_up(table, "german")
    assert table.state()["battles"][0]["type"] == "german" and table.status() == "OK+1 ^+2  v out"
    assert "P1: draw 1, bid" in table.text() and "opening" in table.text()
    assert table.layout_faults() == []
    rig.unmount()


def test_last_front_game_play_a_raise_of_one_to_three_takes_at_most_3_presses():
    """Game Play: each bid at least one more than the last; OK opens the entry at one more, UP
    at two more (the mat's "OK+1 ^+2")."""
    table = Table.fresh()
    _new_front(table)
    _turn_up(table, "soviet")
    _bid(table, 6)  # the opening bid
    table.press("OK")  # P2: the entry opens at 7, the least that beats 6
    assert table.number() == 7
    table.press("OK")  # a raise of one: 2 presses
    assert table.state()["battles"][0]["high"] == 7 and table.state()["battles"][0]["turn"] == 2
    table.press("UP")  # P3: the entry opens at 9
    assert table.number() == 9
    table.press("OK")  # a raise of two: 2 presses
    assert table.state()["battles"][0]["high"] == 9 and "9" in table.text() and "by P3" in table.text()
    table.press("UP")
    table.press("UP")
    table.press("OK")  # a raise of three: 3 presses, P4 bids 12
    assert table.state()["battles"][0]["high"] == 12 and table.state()["battles"][0]["high_seat"] == 3
    rig.unmount()


def test_last_front_withdrawing_from_battle_down_withdraws_and_the_mat_says_draw_1():
    table = Table.fresh()
    _new_front(table, players=3)
    _turn_up(table, "british")
    _bid(table, 3)
    table.press("DOWN")  # "v out": P2 withdraws
    assert "P2 out: draw 1" in table.text() and "out P2" in table.text(), table.text()
    table.press("OK")
    table.press("OK")  # P3 bids 4
    table.press("DOWN")  # P1 out: P3 is the last one in, captures the British card, draws 1
    state = table.state()
    assert state["held"] == [[], [], ["british"]] and state["phase"] == "flip"
    assert "P3 won Brit +1" in table.text() and "Brit bonus: P3" in table.text(), table.text()
    assert state["bonus"]["british"] == 2  # Territory Bonuses: the majority of British cards
    rig.unmount()


def test_last_front_winning_the_battle_the_winner_declares_another_players_territory():
    table = Table.fresh()
    _new_front(table, players=2)
    _turn_up(table, "soviet")
    _bid(table, 2)
    table.press("DOWN")  # P2 out: P1 captures the Soviet card
    _turn_up(table, "american")
    assert table.status() == "OK declare" and "P1 declares" in table.text()
    table.press("OK")
    assert table.screen() == "declare" and _chosen(table) == "new american"
    table.press("OK")
    _bid(table, 2)
    table.press("OK")
    table.press("OK")  # P2 bids 3
    table.press("DOWN")  # P1 out: P2 captures the American card
    table.press("OK")  # P2 declares: the next card must be turned up first
    assert table.screen() == "turn-up"
    table.press("BACK")
    _turn_up(table, "german")
    table.press("OK")
    table.press("DOWN")  # "P1 soviet": P2 attacks P1's captured card
    assert _chosen(table) == "P1 soviet"
    table.press("OK")
    assert "of P1" in table.text() and table.state()["battles"][-1]["holder"] == 0, table.text()
    rig.unmount()


def quick_victory(table):
    """Two players, quick victory: P1 captures Soviet, Soviet, German, each P2 out at a bid of 2."""
    table.ui.set("lf_victory", "quick")
    _new_front(table, players=2)
    _p1_captures(table, ("soviet", "soviet", "german"))


def _p1_captures(table, kinds):
    """Two players: each card turned up in turn, P1 bids 2 and P2 withdraws, P1 capturing it."""
    for kind in kinds:
        _turn_up(table, kind)
        if table.state()["phase"] == "declare":
            table.press("OK")
            table.press("OK")  # the card turned up
        _bid(table, 2)
        table.press("DOWN")  # P2 out: P1 captures it


def test_last_front_victory_conditions_quick_any_3_announced_at_the_capture():
    table = Table.fresh()
    quick_victory(table)
    assert table.state()["phase"] == "over" and table.state()["winner"] == 0
    assert table.screen() == "over" and "P1" in table.text() and "quick" in table.text()
    table.press("OK")
    assert table.screen() == "front-mat" and table.status() == "OK result"
    rig.unmount()


def test_last_front_digging_in_rule_the_bid_asks_its_piles_of_10():
    table = Table.fresh()
    table.ui.set("lf_dig", True)
    _new_front(table, players=2)
    _turn_up(table, "soviet")
    table.press("OK")
    table.hold("UP", 3000)  # a hold counts on: 1 up to past 20
    table.enter(23)
    table.press("OK")  # the bid set: now its piles
    assert "dug in" in table.text() and table.number() == 0, table.text()
    table.presses("UP", 2)
    table.press("OK")
    assert table.state()["battles"][0]["bids"] == [{"seat": 0, "value": 23, "dug": 2}]
    assert table.layout_faults() == []
    rig.unmount()


def _raise_from_the_mat(table, by):
    """A raise of `by` as a player makes it: OK opens the bid at +1, UP at +2, then UP and OK.
    The presses it took."""
    before = len(table.state()["battles"][-1]["bids"])
    presses = 0
    if by == 1:
        table.press("OK")
        presses += 1
    else:
        table.press("UP")
        presses += 1
        table.presses("UP", by - 2)
        presses += by - 2
    assert table.screen() == "front-bid", table.text()
    while len(table.state()["battles"][-1]["bids"]) == before:
        table.press("OK")
        presses += 1
        assert presses < 10, table.text()
    return presses


def test_last_front_digging_in_dug_in_piles_remain_in_the_bid_and_are_asked_only_as_a_bid_reaches_10():
    table = Table.fresh()
    table.ui.set("lf_dig", True)
    _new_front(table, players=2)
    _turn_up(table, "soviet")
    # under 10 there is no pile to dig in: a raise of 1-3 takes 2-3 presses, as without the rule
    presses = [_raise_from_the_mat(table, by) for by in (1, 2, 3, 3)]  # 1, 3, 6, 9
    assert presses == [2, 2, 3, 3], presses
    assert [b["value"] for b in table.state()["battles"][0]["bids"]] == [1, 3, 6, 9]
    table.press("OK")  # P1 raises to 10: now a pile fits, and is asked
    table.press("OK")
    assert table.screen() == "front-bid" and "dug in" in table.text() and table.number() == 0, table.text()
    assert table.layout_faults() == [], table.layout_faults()
    table.press("UP")
    table.press("OK")
    assert table.state()["battles"][0]["bids"][-1] == {"seat": 0, "value": 10, "dug": 1}
    assert _raise_from_the_mat(table, 2) == 3  # P2 12: a pile fits, the first of P2's, asked; none dug in
    assert _raise_from_the_mat(table, 3) == 3  # P1 15: P1's pile stays in the bid, unasked
    assert table.state()["battles"][0]["bids"][-1] == {"seat": 0, "value": 15, "dug": 1}
    assert _raise_from_the_mat(table, 2) == 3  # P2 17, none dug in
    table.presses("UP", 2)  # P1 20: a second pile fits; the first cannot be taken out
    table.press("OK")
    assert table.number() == 1, table.text()
    table.press("DOWN")
    assert table.number() == 1, table.text()
    table.press("UP")
    table.press("OK")
    assert table.state()["battles"][0]["bids"][-1] == {"seat": 0, "value": 20, "dug": 2}
    rig.unmount()


def test_last_front_an_undo_takes_back_a_withdrawal_and_its_capture():
    table = Table.fresh()
    _new_front(table, players=2)
    _turn_up(table, "british")
    _bid(table, 2)
    table.press("DOWN")
    assert table.state()["held"] == [["british"], []]
    table.hold("BACK")
    assert table.state()["held"] == [[], []] and table.state()["phase"] == "bid"
    assert "Undone: withdrew" in table.text(), table.text()
    # the news of the undo in one line, over none of the battle it brought back: the bid to beat
    # and who made it
    shown = table.shown()
    assert "2" in shown and "to beat" in shown and "by P1" in shown and "Undone: withdrew" in shown, shown
    rig.unmount()


def test_last_front_a_restart_resumes_the_battle_where_it_stood():
    table = Table.fresh()
    _new_front(table, players=3)
    _turn_up(table, "german")
    _bid(table, 4)
    again = table.restart()
    assert again.screen() == "front-mat" and again.state()["battles"][0]["turn"] == 1
    assert again.status() == "OK+1 ^+2  v out" and "4" in again.text()
    rig.unmount()


def test_last_front_game_play_a_bid_held_down_stops_at_the_least_that_beats_the_last():
    table = Table.fresh()
    _new_front(table, players=3)
    _turn_up(table, "soviet")
    _bid(table, 7)
    table.press("OK")  # P2's bid opens at 8, one more than the bid to beat
    assert table.number() == 8
    table.hold("DOWN", 2000)
    assert table.number() == 8 and "least 8" in table.text(), table.text()
    table.press("OK")
    assert table.state()["battles"][0]["bids"][-1]["value"] == 8
    rig.unmount()


def test_last_front_withdrawing_from_battle_the_second_to_last_players_draw_is_said_with_the_capture_and_bonus():
    """ "The second-to-last player also draws one card, as it still counts as a withdrawal": the
    mat says it beside the capture and the bonus it brings, and they stay until the next action."""
    table = Table.fresh()
    _new_front(table, players=3)
    _turn_up(table, "soviet")
    for value in (5, 6):
        _bid(table, value)
    table.press("DOWN")  # P3 out
    assert "P3 out: draw 1" in table.text(), table.text()
    _bid(table, 8)
    table.press("DOWN")  # P2 out, the second to last: P1 captures the card
    said = table.text()
    for line in ("P2 out: draw 1", "P1 won Sov +1", "Sov bonus: P1"):
        assert line in said, (line, said)
    assert table.layout_faults() == [], table.layout_faults()
    table.run(10_000)  # still there for the one who looks later
    assert "P2 out: draw 1" in table.text() and "Sov bonus: P1" in table.text()
    rig.unmount()


def test_last_front_six_long_names_are_told_apart_on_every_line_and_nothing_is_cut():
    names = ["Bartholome", "Barbarella", "Benedictus", "Beatrixxxx", "Cassandraa", "Cassiopeia"]
    table = Table.fresh()
    table.ui.set("names", names)
    _new_front(table, players=6)
    assert table.state()["players"] == names
    _turn_up(table, "american")
    seen = [table.text()]
    _bid(table, 1)  # the first bids; every other seat withdraws in turn
    for _ in range(5):
        seen.append(table.text())
        assert table.layout_faults() == [], table.layout_faults()
        table.press("DOWN")
    seen.append(table.text())
    assert table.layout_faults() == [], table.layout_faults()
    said = " ".join(seen)
    for tag in ("Ba1", "Ba2", "Ben", "Bea", "Ca5", "Ca6"):
        assert tag + ": draw 1, bid" in said or tag + " out: draw 1" in said, (tag, said)
    assert "all 6 in" in said and "out Ba2 Ben" in said and "Ba1 won Amer +1" in said, said
    rig.unmount()


def test_last_front_victory_conditions_with_3_types_in_play_the_mat_still_offers_3_different_types():
    table = Table.fresh()
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")
    while _chosen(table) != "LF types":
        table.press("DOWN")
    table.press("OK")  # 4 -> 3
    assert table.ui.settings["lf_types"] == 3
    while _chosen(table) != "Last Front":
        table.press("UP")
    table.press("OK")
    assert table.screen() == "front-mat" and len(table.state()["types"]) == 3
    text = table.text()
    # three types in play can still be held one of each: the normal condition whole
    assert "Win: 2 of a type" in text and "or 3 types" in text and "Out: Ger" in text, text
    rig.unmount()


def test_last_front_victory_conditions_removing_territory_types_new_game_offers_2_and_the_mat_says_how_to_win():
    """Victory Conditions: "You can play even faster games by removing territory types." New
    game's "LF types" goes 4, 3, 2 and is kept; the mat names the types taken out and the
    condition as it stands with them out; the deck offers only the types in play."""
    table = Table.fresh()
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")
    while _chosen(table) != "LF types":
        table.press("DOWN")
    assert table.ui.top().items()[table.ui.top().index][1] == "4"
    table.presses("OK", 2)  # 4 -> 3 -> 2
    assert table.ui.top().items()[table.ui.top().index][1] == "2" and table.ui.settings["lf_types"] == 2
    while _chosen(table) != "LF players":
        table.press("UP")
    table.press("OK")
    table.enter(2)
    table.press("OK")
    table.press("UP")  # "Last Front"
    table.press("OK")
    assert table.screen() == "front-mat" and table.state()["types"] == ["american", "british"]
    text = table.text()
    assert "Win: 2 of a type" in text and "Out: Sov Ger" in text and "3 types" not in text, text
    assert table.layout_faults() == []
    table.press("OK")  # "OK turn up": only the types in play
    assert [row[0] for row in table.ui.top().items()] == ["american", "british"]
    table.press("BACK")
    _p1_captures(table, ("american", "british", "american"))
    assert table.state()["phase"] == "over" and table.state()["winner"] == 0
    assert "normal victory" in table.text()
    rig.unmount()


def test_last_front_victory_conditions_all_four_types_the_mat_says_both_ways_to_win():
    table = Table.fresh()
    _new_front(table)
    text = table.text()
    assert "Win: 2 of a type" in text and "or 3 types" in text and "Out:" not in text, text
    rig.unmount()
