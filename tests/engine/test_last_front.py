"""Last Front: battles for territories won by outbidding, bonuses by majority, victory by a set
of territories, by the rulebook's sections (it numbers none: "Game Play", "Calculating Bids",
"Digging in", "Withdrawing from Battle", "Winning the Battle", "Territory Bonuses", "Victory
Conditions"). Runs on CPython and on MicroPython.
"""

from shared_engine.errors import GameError
from shared_engine.last_front import calc
from shared_engine.last_front.actions import from_record, make, to_record
from shared_engine.last_front.core import LastFrontCore
from shared_engine.last_front.rules import victory
from tests.engine.helpers import raises

FOUR = ["Ann", "Ben", "Cid", "Dan"]


def new(players=FOUR, won="normal", dig=False):
    return LastFrontCore(make("last-front", players, won, dig))


def act(game, kind, *values):
    game.apply(make(kind, *values))


def battle(game):
    return game.state_dict()["battles"][-1]


def test_last_front_game_play_the_dealer_turns_up_the_first_territory_and_bids_first():
    game = new()
    assert game.state.phase == "flip" and game.state.deck_left() == 12
    raises(game.apply, make("bid", 0, 3, None), contains="a territory is to be turned up first")
    act(game, "flip", "soviet")  # the first battle is always for the card turned up
    b = battle(game)
    assert (b["type"], b["holder"], b["declarer"], b["turn"], b["in"]) == ("soviet", None, 0, 0, [0, 1, 2, 3])
    assert game.state.deck == {"american": 3, "british": 3, "soviet": 2, "german": 3}
    # "The player declaring the battle MUST make an opening bid"
    raises(game.apply, make("withdraw", 0), contains="MUST make an opening bid")
    raises(game.apply, make("bid", 1, 3, None), contains="it is Ann's turn")
    act(game, "bid", 0, 3, None)
    assert battle(game)["turn"] == 1 and battle(game)["high"] == 3  # clockwise from the dealer


def test_last_front_game_play_each_next_bid_is_at_least_one_more_than_the_last():
    game = new()
    act(game, "flip", "german")
    act(game, "bid", 0, 5, None)
    before = game.state_dict()
    raises(game.apply, make("bid", 1, 5, None), contains="at least 6, one more than the bid to beat")
    assert game.state_dict() == before
    act(game, "bid", 1, 6, None)
    act(game, "bid", 2, 9, None)
    assert battle(game)["high"] == 9 and battle(game)["high_seat"] == 2 and battle(game)["turn"] == 3


def test_last_front_withdrawing_from_battle_draws_1_and_is_out_until_the_battle_ends():
    game = new()
    act(game, "flip", "british")
    act(game, "bid", 0, 4, None)
    act(game, "withdraw", 1)  # Ben: draws one more card, out of this battle
    assert game.state.news == [("withdraw", 1, 1)]
    b = battle(game)
    assert b["in"] == [0, 2, 3] and b["withdrawn"] == [1] and b["turn"] == 2
    act(game, "bid", 2, 5, None)
    act(game, "bid", 3, 6, None)
    assert battle(game)["turn"] == 0  # Ben is passed over: he cannot take part again
    act(game, "bid", 0, 7, None)
    assert battle(game)["turn"] == 2


def test_last_front_winning_the_battle_the_last_one_in_captures_and_draws_1_extra():
    game = new(["Ann", "Ben", "Cid"])
    act(game, "flip", "american")
    act(game, "bid", 0, 4, None)
    act(game, "withdraw", 1)
    act(game, "bid", 2, 6, None)
    act(game, "withdraw", 0)  # the second-to-last: it still counts as a withdrawal, draws 1
    assert game.state.news[:2] == [("withdraw", 0, 1), ("won", 2, "american")]
    assert game.state.held == [[], [], ["american"]] and game.state.open is None
    assert battle(game)["winner"] == 2
    # a captured top card: a new one is always turned up before the next battle is declared
    assert game.state.phase == "flip"
    act(game, "flip", "soviet")
    assert game.state.phase == "declare" and game.state.open == "soviet"


def test_last_front_winning_the_battle_the_winner_declares_a_new_territory_or_another_players():
    game = new(["Ann", "Ben", "Cid"])
    act(game, "flip", "american")
    act(game, "bid", 0, 4, None)
    act(game, "withdraw", 1)
    act(game, "withdraw", 2)  # Ann captures the American card
    act(game, "flip", "german")
    raises(game.apply, make("battle", 0, "american"), contains="held by another player")
    raises(game.apply, make("battle", 1, "american"), contains="Ben holds no american territory")
    act(game, "battle", None, None)  # the German card turned up: Ann declares, Ann bids first
    b = battle(game)
    assert (b["type"], b["declarer"], b["in"]) == ("german", 0, [0, 1, 2])
    act(game, "bid", 0, 3, None)
    act(game, "bid", 1, 4, None)
    act(game, "withdraw", 2)
    act(game, "withdraw", 0)  # Ben captures the German card
    act(game, "flip", "soviet")
    act(game, "battle", 0, "american")  # Ben attacks Ann's American card; the Soviet one waits
    b = battle(game)
    assert (b["type"], b["holder"], b["declarer"], b["in"]) == ("american", 0, 1, [1, 2, 0])
    act(game, "bid", 1, 2, None)
    act(game, "withdraw", 2)
    act(game, "withdraw", 0)
    assert game.state.held == [[], ["german", "american"], []] and game.state.open == "soviet"
    assert game.state.phase == "declare"  # nothing captured off the deck: no new card turned up


def test_last_front_territory_bonuses_go_to_the_majority_and_a_tie_leaves_them_in_the_center():
    game = new(["Ann", "Ben"])
    act(game, "flip", "soviet")
    act(game, "bid", 0, 2, None)
    act(game, "withdraw", 1)  # Ann: 1 Soviet, the bonus is hers
    assert game.state.bonus["soviet"] == 0 and ("bonus", 0, "soviet") in game.state.news
    act(game, "flip", "soviet")
    act(game, "battle", None, None)
    act(game, "bid", 0, 2, None)
    act(game, "bid", 1, 3, None)
    act(game, "withdraw", 0)  # Ben captures it: 1 Soviet each, a tie: nobody holds the bonus
    assert game.state.bonus["soviet"] is None and ("bonus", None, "soviet") in game.state.news
    assert game.state.bonus["american"] is None  # no cards of a type: nobody


def test_last_front_victory_conditions_normal_2_of_a_type_or_3_types_quick_any_3():
    assert victory("normal", ["soviet", "soviet"]) and victory("normal", ["soviet", "german", "british"])
    assert not victory("normal", ["soviet", "german"])
    assert victory("quick", ["soviet", "german", "german"]) and victory("quick", ["soviet", "german", "british"])
    assert not victory("quick", ["soviet", "soviet"])  # quicker games: 3 of ANY type, so 2 is short
    game = new(["Ann", "Ben"])
    for kind in ("soviet", "soviet"):
        act(game, "flip", kind)
        if game.state.phase == "declare":
            act(game, "battle", None, None)
        act(game, "bid", 0, 2, None)
        act(game, "withdraw", 1)
    # the moment a capture meets the condition, the game is won: Territory Bonus cards aside
    assert game.state.phase == "over" and game.state.winner == 0
    assert game.state.news[-1] == ("victory", 0, "normal") and game.summary() == "Ann won, battle 2"
    raises(game.apply, make("flip", "german"), contains="the game is over")


def test_last_front_calculating_bids_multiply_or_divide_first_then_add():
    # the rulebook's example: Troops 2 and 1 with "2x Troop value" and "+1 per Troop": 5 + 3 = 8
    assert calc.card(2, 2, 1, 1) == 5 and calc.card(1, 2, 1, 1) == 3
    assert calc.bid([(2, 2, 1, 1), (1, 2, 1, 1)]) == 8
    assert calc.card(3, 1, 2, 0) == 1  # halved first, rounded down, then added to
    assert calc.bid([(3,), (2,)], piles=2) == 25  # a Special card at face value is a card of it


def test_last_front_digging_in_piles_are_worth_exactly_10_points_over_10_are_lost():
    assert calc.dig_in(12) == (10, 2) and calc.dig_in(10) == (10, 0) and calc.dig_in(9) == (0, 0)
    game = new(dig=True)
    act(game, "flip", "german")
    act(game, "bid", 0, 23, 2)  # two piles of 10 and 3 points spread out
    assert battle(game)["bids"] == [{"seat": 0, "value": 23, "dug": 2}]
    raises(game.apply, make("bid", 1, 24, 3), contains="3 piles dug in are 30 points")
    plain = new()
    act(plain, "flip", "german")
    raises(plain.apply, make("bid", 0, 23, 2), contains="optional rule this game does not play")


def test_last_front_digging_in_dug_in_cards_remain_in_the_bid():
    """ "'Dug in' cards are turned sideways and remain in the bid": a later bid of the same player
    keeps at least the piles dug in before; another player's piles are their own."""
    game = new(players=["Ann", "Ben"], dig=True)
    act(game, "flip", "german")
    act(game, "bid", 0, 21, 2)
    act(game, "bid", 1, 22, None)  # Ben dug nothing in
    raises(game.apply, make("bid", 0, 25, None), contains="2 piles are dug in already")
    raises(game.apply, make("bid", 0, 25, 1), contains="2 piles are dug in already")
    act(game, "bid", 0, 25, 2)
    act(game, "bid", 1, 31, 3)  # three new piles of his own
    act(game, "bid", 0, 32, 3)
    assert [b["dug"] for b in battle(game)["bids"]] == [2, None, 2, 3, 3]


def test_last_front_the_log_names_its_game_and_its_seats_from_the_dealer():
    header = make("last-front", FOUR, "quick", True)
    assert to_record(header) == {"v": 1, "a": "last-front", "players": FOUR, "victory": "quick", "dig": True}
    assert from_record(to_record(make("bid", 2, 14, None))) == ("bid", 2, 14, None)
    raises(make, "last-front", ["Ann"], "normal", False, contains="must list 2-12 players")
    raises(make, "last-front", ["Ann", "Ann"], "normal", False, contains="two players share a name")
    raises(make, "flip", "french", contains="must be one of american, british, soviet, german")
    game = new(["Ann", "Ben"])
    raises(game.apply, make("withdraw", 5), contains="turned up first")
    try:
        make("bid", 0, 0, None)
    except GameError as e:
        assert "1-999" in str(e)
    else:
        raise AssertionError("a bid of 0 was taken")


def test_last_front_undo_takes_back_a_capture_and_its_bonus():
    game = new(["Ann", "Ben"])
    act(game, "flip", "british")
    act(game, "bid", 0, 3, None)
    act(game, "withdraw", 1)
    assert game.state.held[0] == ["british"] and game.state.bonus["british"] == 0
    game.undo()
    assert game.state.held == [[], []] and game.state.bonus["british"] is None and game.state.phase == "bid"
    game.redo()
    assert game.state.held[0] == ["british"]


def test_last_front_victory_conditions_removing_territory_types_the_deck_and_bonuses_hold_only_those_in_play():
    # "You can play even faster games by removing territory types."
    game = LastFrontCore(make("last-front", ["Ann", "Ben"], "normal", False, ["american", "british"]))
    assert game.state.deck == {"american": 3, "british": 3} and game.state.deck_left() == 6
    assert sorted(game.state.bonus) == ["american", "british"]
    raises(game.apply, make("flip", "soviet"), contains="soviet is not in play")
    for kind in ("american", "british"):  # 3 different types can no longer be held: 2 of one still wins
        act(game, "flip", kind)
        if game.state.phase == "declare":
            act(game, "battle", None, None)
        act(game, "bid", 0, 2, None)
        act(game, "withdraw", 1)
    assert game.state.phase == "flip" and game.state.bonus == {"american": 0, "british": 0}
    act(game, "flip", "american")
    act(game, "battle", None, None)
    act(game, "bid", 0, 2, None)
    act(game, "withdraw", 1)
    assert game.state.phase == "over" and game.state.winner == 0 and game.state.news[-1] == ("victory", 0, "normal")


def test_last_front_victory_conditions_types_in_play_are_2_or_3_and_all_four_is_the_rulebooks_game():
    raises(make, "last-front", FOUR, "normal", False, ["american"], contains="must list 2-3 territory types")
    raises(make, "last-front", FOUR, "normal", False, ["american", "american"], contains="names a type twice")
    raises(make, "last-front", FOUR, "normal", False, ["american", "french"], contains="must be one of")
    three = make("last-front", FOUR, "quick", False, ["american", "british", "soviet"])
    assert to_record(three)["types"] == ["american", "british", "soviet"]
    assert from_record(to_record(three)) == three
    # all four: the header as every earlier version wrote it, which every earlier version reads
    assert make("last-front", FOUR, "quick", False) == ("last-front", tuple(FOUR), "quick", False)
    assert "types" not in to_record(make("last-front", FOUR, "quick", False))
