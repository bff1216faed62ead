"""The War at the device, pressed through the buttons as two players at the table do.

The rules' sections are cited by their headings (the rules file numbers none): Main Part,
Re-draw rule, Turn scheme, Attacking opponent's deck, Winning and losing.
"""

import sys

from tests.firmware import rig
from tests.firmware.table import Table

GW_CODE = (
    "play.great_war.mat",
    "play.great_war",
    "shared_engine.great_war.core",
    "shared_engine.great_war.rules",
    "shared_engine.great_war.actions",
)


def _new_war(table, deck=None, played=False):
    """Menu, New game, The War's rows (after The Great War's, unless The War was last begun);
    `played`: the game on the table has actions, so a question comes first (it stays in the history)."""
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")  # New game
    assert table.screen() == "new-game"
    while _chosen(table) != "The War":
        table.press("DOWN")
    if deck is not None:
        table.press("DOWN")  # "War deck size"
        table.press("OK")
        table.enter(deck)
        table.press("OK")
        table.press("UP")
    table.press("OK")
    if played:
        assert "Start a new game?" in table.text(), table.text()
        table.press("OK")  # yes: the game before stays in the history
    assert table.screen() == "war-mat", table.text()


def _chosen(table):
    """The label of the list's chosen row (drawn dark on a lit bar)."""
    screen = table.ui.top()
    return screen.items()[screen.index][0]


def test_the_war_main_part_new_game_offers_the_war_and_its_mat_shows_both_decks_of_53():
    table = Table.fresh()
    _new_war(table)
    state = table.state()
    assert state["game"] == "the-war" and state["decks"] == {"P1": 53, "P2": 53} and state["phase"] == "hands"
    assert "53" in table.text() and table.status() == "OK start ^redraw"
    assert table.ui.settings["game"] == "the-war"  # remembered: New game lists The War first now
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")
    assert table.text().split(" ")[2:4] == ["The", "War"], table.text()  # after the title bar
    rig.unmount()


def test_the_war_re_draw_rule_on_the_device_a_hand_with_one_resource_redraws_6():
    table = Table.fresh()
    _new_war(table)
    table.press("UP")  # "OK start ^redraw"
    assert table.screen() == "redraw"
    table.presses("DOWN", 3)  # P1 all/none: 7, P1 one res.: 6, P2 all/none: 7, P2 one res.: 6
    table.press("OK")
    assert table.screen() == "war-mat" and table.state()["decks"] == {"P1": 53, "P2": 54}
    assert table.state()["redraws"] == {"P1": 0, "P2": 1}
    rig.unmount()


def test_the_war_a_whole_short_game_turn_by_turn_ends_when_a_player_cannot_draw_2():
    table = Table.fresh()
    _new_war(table, deck=20)  # 13 cards after each starting hand
    assert table.state()["decks"] == {"P1": 13, "P2": 13}
    table.press("OK")  # the hands kept: P1's first turn draws 1 (Turn scheme 2)
    expected = {"P1": 12, "P2": 13}
    assert table.state()["decks"] == expected and table.status() == "OK end ^v hit"
    # each turn: the player hits the other deck once, then ends the turn; the next draws 2
    hits = [("P1", 3), ("P2", 4), ("P1", 2), ("P2", 5)]
    presses = []
    for player, n in hits:
        assert table.state()["player"] == player
        count = 0
        table.press("UP")  # "^hit": the deck attack's number, opening at the last one's
        count += 1
        assert table.screen() == "deck-change"
        start = table.number()
        step = "UP" if n >= start else "DOWN"
        for _ in range(abs(n - start)):
            table.press(step)
            count += 1
        table.press("OK")
        count += 1
        other = "P2" if player == "P1" else "P1"
        expected[other] -= n
        assert table.state()["decks"] == expected, (player, n, table.state()["decks"])
        table.press("OK")  # "OK end": the turn ends, the next player draws 2
        count += 1
        presses.append(count)
        if table.state()["phase"] == "over":
            break
        expected[other] -= 2
        assert table.state()["decks"] == expected and table.state()["player"] == other
    # P1's deck: 12 - 4 - 2 - 5 = 1 at the end of P2's second turn: P1 cannot draw 2 (Winning and losing)
    state = table.state()
    assert state["phase"] == "over"
    assert state["end"] == {"winner": "P2", "loser": "P1", "turn": 3, "decks": {"P1": 1, "P2": 4}}
    assert table.screen() == "over" and "P2 WINS" in table.text() and "P1 can't draw 2" in table.text()
    assert "round 3" in table.text() and "P1 1  P2 4 left" in table.text()
    assert max(presses) <= 6, presses  # a turn with one deck attack
    table.press("OK")  # the end closed: the mat, which says the winner too
    assert table.screen() == "war-mat" and "P2 wins" in table.text() and "P1 wins" not in table.text(), table.text()
    rig.unmount()


def test_the_war_an_undo_takes_back_the_turns_end_and_its_draw():
    table = Table.fresh()
    _new_war(table)
    table.press("OK")  # start
    table.press("OK")  # P1 ends: P2 draws 2
    assert table.state()["player"] == "P2" and table.state()["decks"] == {"P1": 52, "P2": 51}
    table.hold("BACK")
    assert table.state()["player"] == "P1" and table.state()["decks"] == {"P1": 52, "P2": 53}
    assert "Undone: end of turn" in table.text(), table.text()
    rig.unmount()


def test_the_war_the_great_wars_code_is_not_on_the_heap_while_the_war_is_played():
    table = Table.fresh()
    _new_war(table)  # from The Great War's basic game, as a fresh device boots
    table.press("OK")
    table.press("UP")
    table.press("OK")
    table.press("OK")
    assert table.screen() == "war-mat"
    table.run(1500)  # a pause on the mat: what the screens loaded goes
    loaded = [name for name in GW_CODE if name in sys.modules]
    assert loaded == [], loaded
    for name in GW_CODE:  # and a device that boots into The War never loads it
        sys.modules.pop(name, None)
    again = table.restart()
    again.press("UP")
    again.press("OK")
    again.run(1500)
    loaded = [name for name in GW_CODE if name in sys.modules]
    assert loaded == [], loaded
    rig.unmount()


def test_the_war_back_on_the_mat_the_mats_code_is_loaded_once():
    """The mat's own module stays while the mat shows. Dropped on the mat, it was read again by the
    pause's read-ahead of the deck attack's entry, which lives beside the mat (play/the_war/mat.py):
    a second copy of its code on the heap beside the one the mat's screen holds, and its load
    (57 ms on a Pico) at every pause on the mat."""
    table = Table.fresh()
    _new_war(table)
    table.press("OK")  # start: P1's first turn
    for _ in range(2):  # a pause on the mat, a deck attack, back on the mat
        table.run(1500)
        mat = table.ui.stack[0]
        assert table.screen() == "war-mat" and sys.modules["play.the_war.mat"].WarMat is type(mat)
        table.press("UP")
        table.press("UP")
        table.press("OK")
    assert table.state()["decks"]["P2"] == 53 - 3 - 4  # attacks of 3, then 4 (the entry opens at the last)
    table.run(1500)
    assert sys.modules["play.the_war.mat"].WarMat is type(table.ui.stack[0])
    rig.unmount()


def test_the_war_a_restart_resumes_the_war_where_it_stood():
    table = Table.fresh()
    _new_war(table)
    table.press("OK")
    table.press("UP")
    table.press("OK")  # P1 hits P2's deck for 2
    again = table.restart()
    assert again.screen() == "war-mat" and again.state()["decks"] == {"P1": 52, "P2": 51}
    assert again.status() == "OK end ^v hit"
    rig.unmount()


def test_the_war_attacking_opponents_deck_a_held_ok_says_what_hit_it():
    """Attacking opponent's deck: a unit's attack power, a bomber's bombing power, heavy
    artillery's deck-hit power or a special card; held OK on the entry names it for the log."""
    table = Table.fresh()
    _new_war(table)
    table.press("OK")  # start
    table.press("UP")  # the hit, opening at 2
    table.press("UP")  # 3
    assert table.status() == "^v set  OK enter" and "hold OK: weapon" in table.text(), table.text()
    assert table.layout_faults() == [] and "deck 53" in table.text()
    table.hold("OK")
    assert table.screen() == "weapon" and "unit attack" in table.text(), table.text()
    table.press("DOWN")  # bomber
    table.press("OK")
    assert table.screen() == "war-mat" and table.state()["decks"] == {"P1": 52, "P2": 50}
    assert table.ui.session.game.actions[-1] == ("attack", "P1", 3, "bomber")
    table.press("UP")  # another hit: a plain OK enters it with nothing named
    table.press("OK")
    assert table.ui.session.game.actions[-1] == ("attack", "P1", 3, None)
    assert table.state()["decks"] == {"P1": 52, "P2": 47}
    rig.unmount()


def test_the_war_attacking_opponents_deck_a_hit_in_the_other_players_turn_takes_at_most_5_presses():
    """A card played in the other player's turn hits the deck of the player whose turn it is: DOWN
    on the mat opens P2's hit during P1's turn, logged as P2's attack; hits of 1-5 cards, each
    from the mat, as a person presses them (one press a step from where the entry opens)."""
    table = Table.fresh()
    _new_war(table)
    table.press("OK")  # start: P1's turn
    expected = {"P1": 52, "P2": 53}
    counts = []
    for n in (2, 4, 1, 3, 5):
        assert table.status() == "OK end ^v hit", table.status()
        presses = 1
        table.press("DOWN")
        assert table.screen() == "deck-change" and "P2 hits P1" in table.text(), table.text()
        start = table.number()
        table.presses("UP" if n > start else "DOWN", abs(n - start))
        presses += abs(n - start) + 1
        table.press("OK")
        expected["P1"] -= n
        assert table.state()["decks"] == expected and table.state()["player"] == "P1", table.state()["decks"]
        assert table.ui.session.game.actions[-1] == ("attack", "P2", n, None)
        counts.append(presses)
    assert max(counts) <= 5, counts
    rig.unmount()


def test_the_war_attacking_opponents_deck_a_hit_opens_at_no_more_than_the_cards_the_deck_has_left():
    table = Table.fresh()
    _new_war(table, deck=20)  # 13 a deck after the hands
    table.press("OK")  # start: P1's turn, its first draw made: 12 left
    hit = table.state()["decks"]["P1"] - 3
    table.press("DOWN")  # P2 hits P1's deck: all but 3 of it
    table.presses("UP", hit - table.number())
    table.press("OK")
    assert table.state()["decks"]["P1"] == 3, (table.state()["decks"], table.text())
    table.press("DOWN")  # again: the last hit was 9, the deck has 3 left
    assert table.number() == 3 and "deck 3" in table.text(), table.text()
    table.press("UP")  # no further than the deck goes
    assert table.number() == 3
    table.press("OK")
    assert table.ui.session.game.actions[-1] == ("attack", "P2", 3, None) and table.state()["decks"]["P1"] == 0
    rig.unmount()


def test_the_war_deleting_the_war_being_played_goes_back_to_the_great_war_game_on_its_own_mat():
    table = Table.fresh()
    table.press("OK")  # The Great War's first press: the Random Event d6 rolled (a game worth keeping)
    rolled = table.state()["track"][0]["rolls"]
    while table.screen() != "mat":  # from the d6 shown
        table.press("BACK")
    status = table.status()
    _new_war(table, played=True)
    table.press("OK")  # start
    table.press("BACK")  # Menu
    while _chosen(table) != "History":
        table.press("DOWN")
    table.press("OK")
    # which game each row is, and where it stands: this one on the mat, the one before unfinished
    assert table.screen() == "history" and _chosen(table) == "0002 War: on the mat", table.text()
    assert [row[0] for row in table.ui.top().items()] == ["0002 War: on the mat", "0001 TGW: unfinished"]
    assert table.layout_faults() == [], table.layout_faults()
    table.press("OK")  # the game: "hold OK: delete"
    assert table.text().startswith("Game 0002 The War on the mat"), table.text()  # no count of turns it lacks
    table.hold("OK")
    assert "Delete game 0002 (being played)?" in table.text(), table.text()
    table.press("OK")  # yes
    # the game played before is on: straight to its own mat, as it stood, and none of The War's code stays
    assert table.screen() == "mat" and "Error" not in table.text(), table.text()
    assert table.state()["track"][0]["rolls"] == rolled and table.status() == status, table.status()
    assert "play.the_war" not in sys.modules and "play.the_war.mat" not in sys.modules
    rig.unmount()


def test_the_war_main_part_the_agreed_deck_size_is_offered_again_for_the_next_game_and_after_a_restart():
    table = Table.fresh()
    _new_war(table, deck=40)
    assert table.state()["decks"] == {"P1": 33, "P2": 33}  # 40 each, less the starting hands of 7
    table.run(2000)
    again = table.restart()
    again.press("BACK")
    again.presses("DOWN", 3)
    again.press("OK")  # New game: The War first, at the size agreed last
    assert again.ui.top().items()[0][:2] == ("The War", "40c"), again.ui.top().items()[0]
    rig.unmount()


def test_a_games_own_setting_of_a_value_it_does_not_take_is_named_once_and_its_default_used():
    import json

    table = Table.fresh()
    table.run(2000)
    with open("settings.json", "w") as f:
        json.dump({"war_deck": 7, "contrast": 255}, f)  # 7: no deck of The War is that small
    again = table.restart()
    assert again.ui.settings["contrast"] == 255  # the device's own: kept
    again.press("BACK")
    again.presses("DOWN", 3)
    again.press("OK")  # New game reads The War's settings for its rows
    assert "bad setting war_deck; default used" in again.text(), again.text()
    again.press("OK")
    assert again.screen() == "new-game" and again.ui.settings["war_deck"] == 60
    assert ("The War", "60c") in [row[:2] for row in again.ui.top().items()]
    again.presses("BACK", 3)  # to the menu, to the mat, and the menu again
    again.presses("DOWN", 3)
    again.press("OK")  # said once: the bad value is gone
    assert "bad setting" not in again.text() and again.screen() == "new-game", again.text()
    rig.unmount()


def test_the_war_attacking_opponents_deck_a_hit_stops_at_the_cards_the_deck_has_and_says_why():
    table = Table.fresh()
    _new_war(table, deck=20)
    table.press("OK")  # the hands kept: P1's turn, P2's deck 13
    table.press("UP")  # "^ hit": P1 hits P2's deck
    assert table.screen() == "deck-change" and table.number() < 13
    table.hold("UP", 4000)
    assert table.number() == 13 and "P2 deck: 13 left" in table.text(), table.text()
    table.press("DOWN")
    table.press("UP")
    table.press("UP")  # at 13 again: it stays, and says why
    assert table.number() == 13 and "P2 deck: 13 left" in table.text(), table.text()
    table.press("OK")
    assert table.state()["decks"]["P2"] == 0
    rig.unmount()


def test_the_war_deck_size_stops_at_200_and_at_20():
    table = Table.fresh()
    table.press("BACK")
    table.presses("DOWN", 3)
    table.press("OK")
    while _chosen(table) != "War deck size":
        table.press("DOWN")
    table.press("OK")
    assert "Cards per deck" in table.text() and table.layout_faults() == [], table.text()
    table.enter(199)
    table.presses("UP", 3)
    assert table.number() == 200, table.frame
    table.enter(21)
    table.presses("DOWN", 3)
    assert table.number() == 20, table.frame
    rig.unmount()


def _pay_calculator(table):
    table.press("BACK")
    while _chosen(table) != "Pay calculator":
        table.press("DOWN")
    table.press("OK")
    assert table.screen() == "pay", table.text()


def _set(table, target, at):
    """UP/DOWN on the marked field to `target`, then OK on to the next: the presses it took."""
    row, t = divmod(at, 3)
    now = table.ui.top().values[row][t]
    table.presses("UP" if target > now else "DOWN", abs(target - now))
    return abs(target - now)


def _enter(table, cost, have):
    """The cost, then the untapped resources, field by field as OK visits them: the presses."""
    presses = 0
    fields = list(cost) + list(have)
    last = max([i for i, (want, at) in enumerate(zip(fields, range(6))) if want != _value(table, at)] or [-1])
    for at in range(last + 1):
        presses += _set(table, fields[at], at)
        if at < last:
            table.press("OK")
            presses += 1
    return presses


def _value(table, at):
    row, t = divmod(at, 3)
    return table.ui.top().values[row][t]


def test_the_war_resource_cards_the_payment_calculator_opens_at_its_last_numbers():
    """Resource cards: the rules' own example, 1D 2P 1F paid with 5 depots and 1 fuel, after
    one use in the turn (a 2D 1P card from the same resources) takes at most 8 presses."""
    table = Table.fresh()
    _new_war(table)
    table.press("OK")  # P1's turn
    _pay_calculator(table)
    first = _enter(table, (2, 1, 0), (5, 0, 1))
    assert "Pay 4D (1 P made)" in table.text(), table.text()
    table.presses("BACK", 2)  # to the menu, and the mat: the card is played
    assert table.screen() == "war-mat"
    _pay_calculator(table)
    assert "Pay 4D (1 P made)" in table.text(), table.text()  # as it was left
    presses = _enter(table, (1, 2, 1), (5, 0, 1))
    assert "Pay 5D 1F" in table.text(), table.text()
    assert presses <= 8 < first, (presses, first)
    assert table.layout_faults() == []
    rig.unmount()


def test_the_war_the_payment_calculators_ok_reaches_each_of_its_nine_numbers_in_turn():
    table = Table.fresh()
    _new_war(table)
    table.press("OK")
    _pay_calculator(table)
    for at in range(9):  # the cost, the untapped resources, the red part: D, P, F each
        before = [row[:] for row in table.ui.top().values]
        table.press("UP")
        row, t = divmod(at, 3)
        assert table.ui.top().values[row][t] == before[row][t] + 1, (at, table.ui.top().values)
        table.press("OK")
    table.press("UP")  # round again to the first
    assert table.ui.top().values[0][0] == 2, table.ui.top().values
    rig.unmount()


def test_the_war_turn_scheme_the_mats_title_says_the_round_whole_from_round_10_on():
    """The round on the mat's title, read whole at any round a game of 200-card decks reaches
    (round 21 read "round 2" when the title was cut at 16 characters)."""
    table = Table.fresh()
    _new_war(table, deck=200)
    table.press("OK")  # the hands kept
    for _ in range(2 * 95):  # each turn ends and the next player draws 2
        table.ui.session.act("end")
    table.run(100)
    table.ui.dirty = True
    table.run(100)
    turn = table.state()["turn"]
    assert turn >= 95 and ("round %d" % turn) in table.text(), (turn, table.text())
    assert table.layout_faults() == [], table.layout_faults()
    rig.unmount()


def test_the_war_reads_no_card_data_the_great_wars_on_flash_is_not_loaded_for_it():
    import json

    table = Table.fresh()
    with open("cards.json", "w") as f:  # The Great War's card data, as a push leaves it
        json.dump({"version": "t1", "cards": [{"id": "cp-1", "name": "Hindenburg", "deck": "CP", "bp": 10}]}, f)
    table.ui.session.cards_changed()
    _new_war(table)
    assert table.ui.session.cards() is None and table.ui.session.game.cards is None
    assert "card_data" not in sys.modules and "shared_engine.great_war.cards" not in sys.modules
    table.press("BACK")  # the menu: The War's rows offer no card data
    rows = [row[0] for row in table.ui.top().items()]
    assert "Card data" not in rows, rows
    rig.unmount()


def test_an_unfinished_game_in_history_is_played_on_where_it_stood_and_a_boot_comes_back_to_it():
    table = Table.fresh()
    table.press("OK")  # The Great War's Random Event d6 rolled
    rolled = table.state()["track"][0]["rolls"]
    while table.screen() != "mat":
        table.press("BACK")
    status = table.status()
    _new_war(table, played=True)
    table.press("OK")  # start: The War is played
    table.press("BACK")  # Menu, History
    while _chosen(table) != "History":
        table.press("DOWN")
    table.press("OK")
    table.press("DOWN")
    assert _chosen(table) == "0001 TGW: unfinished", table.text()
    table.press("OK")
    assert table.read_all().endswith("OK: play on"), table.text()  # what OK does, said last
    table.press("OK")
    # The Great War on its own mat, as it stood; The War kept, unfinished now
    assert table.screen() == "mat" and table.ui.session.gid == "g0001", table.text()
    assert table.state()["track"][0]["rolls"] == rolled and table.status() == status, table.status()
    table.press("OK")  # and it plays on: OK on the d6's mat goes to the battle
    assert table.state()["phase"] == "battle", table.state()["phase"]
    table = table.restart()  # a boot comes back to the game played last, not the newest
    assert table.ui.session.gid == "g0001" and table.state()["phase"] == "battle", table.text()
    _new_war(table, played=True)  # a new game is the one played from then on
    table = table.restart()
    assert table.ui.session.gid == "g0003" and table.screen() == "war-mat", table.text()
    rig.unmount()


def test_deleting_the_game_taken_up_from_history_goes_back_to_the_newest_game_not_a_new_one():
    table = Table.fresh()
    table.press("OK")  # The Great War's d6: g0001 has an action
    while table.screen() != "mat":
        table.press("BACK")
    _new_war(table, played=True)
    table.press("OK")  # g0002, The War, played
    war = table.state()
    table.press("BACK")  # Menu, History, the Great War game: played on
    while _chosen(table) != "History":
        table.press("DOWN")
    table.press("OK")
    table.press("DOWN")
    table.press("OK")
    table.press("OK")  # "OK: play on"
    assert table.ui.session.gid == "g0001"
    table.press("BACK")  # and deleted from History while it is the one played
    while _chosen(table) != "History":
        table.press("DOWN")
    table.press("OK")
    table.press("DOWN")
    assert _chosen(table).startswith("0001"), table.text()
    table.press("OK")
    table.hold("OK")  # "hold OK: delete"
    assert table.screen() == "confirm", table.text()
    table.press("OK")
    # The War, the newest game kept, is on the table as it stood; no empty game was begun
    assert table.ui.session.gid == "g0002" and table.state() == war, table.ui.session.gid
    table = table.restart()
    assert table.ui.session.gid == "g0002" and table.state() == war
    rig.unmount()
