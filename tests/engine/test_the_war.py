"""The War (WW2 CCG): the decks, the turn's draws, deck attacks and the end, by the rules' sections.

The rules file numbers no rules: each test names the section it reads ("Main Part", "Re-draw
rule", "Turn scheme 2. Card drawing", "Attacking opponent's deck", "Winning and losing",
"Resource cards"). Runs on CPython and on MicroPython.
"""

from shared_engine.games import core, of_header, records
from shared_engine.the_war.actions import from_record, make, to_record
from shared_engine.the_war.payment import pay, says
from tests.engine.helpers import raises


def new(deck=60, first="P1"):
    return core(make("the-war", deck, first))


def act(game, kind, *values):
    game.apply(make(kind, *values))


def test_the_war_main_part_each_deck_of_60_gives_a_starting_hand_of_7():
    game = new()
    assert game.state.decks == {"P1": 53, "P2": 53}
    assert game.state.phase == "hands" and game.state.turn == 0
    small = new(40, "P2")  # "players may increase or decrease their decks' size ... equal"
    assert small.state.decks == {"P1": 33, "P2": 33} and small.state.first == "P2"
    raises(make, "the-war", 19, "P1", contains="'deck' must be a whole number 20-200")


def test_the_war_re_draw_rule_all_or_no_resources_redraws_7_one_resource_redraws_6():
    game = new()
    act(game, "redraw", "P1", 7)  # all resources: back, reshuffled, 7 again
    assert game.state.decks["P1"] == 53 and game.state.redraws["P1"] == 1
    act(game, "redraw", "P2", 6)  # one resource: one card less
    assert game.state.decks["P2"] == 54 and game.state.hands["P2"] == 6
    act(game, "redraw", "P2", 5)  # that hand with one resource again: one less again
    assert game.state.decks["P2"] == 55
    before = game.state_dict()
    raises(game.apply, make("redraw", "P1", 4), contains="re-draws 7 (all or no resources) or 6 (one resource)")
    assert game.state_dict() == before
    act(game, "start")
    raises(game.apply, make("redraw", "P1", 7), contains="Re-draw rule")


def test_the_war_turn_scheme_2_the_first_player_draws_1_then_each_turn_2():
    game = new(first="P2")
    act(game, "start")  # P2 moves first and draws one card
    assert game.state.player == "P2" and game.state.turn == 1 and game.state.decks == {"P1": 53, "P2": 52}
    act(game, "end")  # P1's first turn: two cards (only the starting player's first turn is 1)
    assert game.state.player == "P1" and game.state.turn == 1 and game.state.decks == {"P1": 51, "P2": 52}
    act(game, "end")  # round 2: P2 draws two
    assert game.state.player == "P2" and game.state.turn == 2 and game.state.decks == {"P1": 51, "P2": 50}
    turns = [(t["turn"], t["player"], t["drew"]) for t in game.state_dict()["track"]]
    assert turns == [(1, "P2", 1), (1, "P1", 2), (2, "P2", 2)]


def test_the_war_attacking_opponents_deck_takes_the_power_in_cards_from_its_top_to_losses():
    game = new()
    act(game, "start")
    act(game, "attack", "P1", 3, "unit")  # a unit that broke through, attack power 3
    act(game, "attack", "P1", 5, "bomber")  # a bomber's bombing power
    assert game.state.decks == {"P1": 52, "P2": 45}
    events = game.state_dict()["track"][0]["events"]
    assert events == [
        {"a": "attack", "player": "P2", "n": 3, "with": "unit"},
        {"a": "attack", "player": "P2", "n": 5, "with": "bomber"},
    ]
    act(game, "discard", "P1", 4)  # a BFC eliminated: 4 of his own deck's top to losses
    act(game, "draw", "P1", 1)  # a card's extra draw
    assert game.state.decks == {"P1": 47, "P2": 45}
    raises(make, "attack", "P1", 0, "unit", contains="'n' must be a whole number 1-99")
    raises(make, "attack", "P1", 2, "tank", contains="'with' must be one of unit, bomber, artillery, special")


def test_the_war_an_attack_bigger_than_the_deck_empties_it_and_the_empty_deck_takes_no_more():
    game = new(20)  # 13 after the hand
    act(game, "start")
    act(game, "attack", "P1", 20, "artillery")
    assert game.state.decks["P2"] == 0
    assert game.state_dict()["track"][0]["events"][0]["n"] == 13  # what was there
    raises(game.apply, make("attack", "P1", 1, "unit"), contains="P2's deck has no cards left")


def test_the_war_winning_and_losing_who_cannot_draw_2_at_his_turns_start_loses():
    game = new(20)
    act(game, "start")  # P1 12, P2 13
    act(game, "attack", "P1", 11, None)  # P2 keeps 2 (what hit it unsaid)
    act(game, "end")  # P2 draws his last two and still plays his turn
    assert game.state.phase == "play" and game.state.player == "P2" and game.state.decks["P2"] == 0
    act(game, "attack", "P2", 11, "special")  # P1 keeps 1
    act(game, "end")  # P1 cannot draw 2 (he has one card): he loses
    s = game.state_dict()
    assert s["phase"] == "over" and s["end"] == {"winner": "P2", "loser": "P1", "turn": 2, "decks": {"P1": 1, "P2": 0}}
    raises(game.apply, make("end"), contains="the game is over (Winning and losing)")
    act(game, "undo")  # the table changes its mind: P1's turn is not over
    assert game.state.phase == "play" and game.state.player == "P2"
    act(game, "redo")
    assert game.state.phase == "over"


def test_the_war_the_log_names_its_game_and_old_logs_are_the_great_wars():
    header = make("the-war", 60, "P1")
    assert to_record(header) == {"v": 1, "a": "the-war", "deck": 60, "first": "P1"}
    assert from_record({"v": 1, "a": "the-war", "deck": 60, "first": "P1"}) == header
    assert of_header("the-war") == "the-war" and of_header("new") == "the-great-war"
    assert records("the-war").make("end") == ("end",)
    assert records("new").make("next") == ("next",)  # a Great War log, as every older log is
    raises(from_record, {"v": 1, "a": "bp", "CP": 1, "EA": 2}, contains="unknown action 'bp'")
    raises(core, make("start"), contains="unknown game 'start'")  # a log no registered game opens


def test_the_war_resource_cards_the_rules_example_1_supply_2_plants_1_fuel():
    # "to build an armored car we need 1 supply, 2 plants and 1 fuel ... by spending 5 depots
    # and 1 fuel or 3 depots and 2 plants" ("supply" is the depot)
    assert pay((1, 2, 1), (5, 0, 1)) == ((5, 0, 1), [("P", ("D", "D")), ("P", ("D", "D"))])
    assert pay((1, 2, 1), (3, 2, 0)) == ((3, 2, 0), [("F", ("D", "D"))])
    assert says((1, 2, 1), (5, 0, 1)) == "Pay 5D 1F (2 P made)"


def test_the_war_resource_cards_two_of_the_other_types_make_one_and_no_resource_converts_twice():
    assert pay((0, 1, 0), (1, 0, 1)) == ((1, 0, 1), [("P", ("D", "F"))])  # 1 plant from 1 depot and 1 fuel
    assert pay((1, 0, 0), (0, 1, 1)) == ((0, 1, 1), [("D", ("P", "F"))])
    assert pay((0, 0, 1), (1, 1, 0)) == ((1, 1, 0), [("F", ("D", "P"))])
    assert pay((0, 0, 1), (1, 0, 0)) is None  # one depot does not make a fuel
    # no chains: 4 depots make 2 plants, and those 2 plants are not made into a fuel on top
    assert pay((0, 2, 1), (4, 0, 0)) is None
    assert pay((0, 2, 1), (6, 0, 0)) == ((6, 0, 0), [("P", ("D", "D")), ("P", ("D", "D")), ("F", ("D", "D"))])


def test_the_war_resource_cards_a_red_part_is_paid_only_by_its_own_cards():
    assert pay((0, 0, 1), (2, 0, 0), red=(0, 0, 1)) is None  # a red fuel: two depots will not do
    assert says((0, 0, 1), (2, 0, 0), red=(0, 0, 1)) == "No: red F needs 1 F cards"
    assert pay((0, 0, 1), (2, 0, 1), red=(0, 0, 1)) == ((0, 0, 1), [])


def test_the_war_resource_cards_a_cost_that_cannot_be_paid_says_what_more_would_pay_it():
    # 3 depots against 4: 1 more depot pays it, or 2 more of a type that makes the fourth depot
    assert says((4, 0, 0), (3, 0, 0)) == "No: 1 more D, or 2 more P or F"
    assert pay((4, 0, 0), (4, 0, 0)) is not None and pay((4, 0, 0), (3, 2, 0)) is not None
    assert pay((4, 0, 0), (3, 1, 0)) is None  # 1 plant makes no depot
    # 3 depots against 2 plants and a fuel: 2 plants more (the fuel made of 2 depots), or 2 fuels
    # (one pays the fuel, with the depots it makes the plants), or 3 depots (6 make all three)
    assert says((0, 2, 1), (3, 0, 0)) == "No: 2 more P or F, or 3 more D"
    assert pay((0, 2, 1), (3, 2, 0)) is not None and pay((0, 2, 1), (3, 1, 0)) is None
    assert pay((0, 2, 1), (3, 0, 2)) is not None and pay((0, 2, 1), (3, 0, 1)) is None
    assert pay((0, 2, 1), (6, 0, 0)) is not None and pay((0, 2, 1), (5, 0, 0)) is None
    # one of each against two of each: each missing one is made of 2 of the others
    assert says((2, 2, 2), (1, 1, 1)) == "No: 5 more D, P or F"
    assert pay((2, 2, 2), (6, 1, 1)) is not None and pay((2, 2, 2), (5, 1, 1)) is None
