"""`adjutant watch` as a player at the desk hears a game: every line what happened at the table."""

from __future__ import annotations

import itertools
import pathlib
import threading

import serial
from adjutant.errors import DeviceRestarted
from adjutant.link.client import DeviceLink
from adjutant.sim.process import SimDevice
from adjutant.watch import follow, say

from bench import scripted_game
from shared_engine.great_war.game import Game


def _watched(dev: SimDevice, presses: list) -> list[str]:
    """What `watch` says while `presses` (button, ms) are made on the device."""
    device = DeviceLink(serial.Serial(dev.serial_path, timeout=0.05))
    device.hello()
    seen: list[str] = []

    def watch() -> None:
        try:
            follow(device, False, seen.append, 0.5, 40)
        except (DeviceRestarted, serial.SerialException, OSError):  # the simulator closes at the end
            pass

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    dev.wait(300)
    for button, ms in presses:
        dev.hold(button, ms)
        dev.wait(200)
    dev.wait(2000)
    return seen


def test_watch_says_each_action_as_a_player_would(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=4, realtime=True, timeout=120) as dev:
        dev.wait(300)
        seen = _watched(dev, scripted_game.turn_presses(1))  # turn 1 as the scripted game plays it
        cp, ea, captured = scripted_game.bp(1)
        winner = "CP" if cp >= ea else "EA"  # CP defends turn 1 and wins ties (7.14)
        face = dev.state()["game"]["track"][0]["rolls"][0]
    assert seen[0].startswith("g0001  turn 1/10  phase re")
    said = seen[1:]
    assert said[0] == f"turn 1: d6 = {face}"
    assert said[1] == "turn 1: Combat Round 1"  # the same press: the d6 rolled, and on
    assert f"battle CP {cp} \u2013 EA {ea}: {winner} wins" in said
    assert f"{winner} captures {captured} BP (totals CP {captured if winner == 'CP' else 0}, " in " ".join(said)
    assert "turn 2: the draw (7.19), then the Random Event phase" in said  # the capture's press ended turn 1
    # each thing once: the press that passes the combat rounds on to Battle Resolution saves
    # several actions, each event with the state after them all
    assert said.count("turn 1: Battle Resolution") == 1, said
    assert all(a != b for a, b in itertools.pairwise(said)), said


def test_watch_a_last_turn_says_no_draw_no_end_of_turn_and_the_final_score(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=4, realtime=True, timeout=120) as dev:
        dev.wait(300)
        # Menu, New game, "Scen. turns" 10 -> 1, "Start scenario", the setup list read
        presses = [("BACK", 80), ("DOWN", 80), ("DOWN", 80), ("DOWN", 80), ("OK", 80), ("DOWN", 80), ("OK", 80)]
        presses += [("DOWN", 80)] * 9 + [("OK", 80), ("DOWN", 80), ("DOWN", 80), ("OK", 80)]
        presses += [("OK", 80)]
        presses += [("OK", 80), ("OK", 80)]  # the d6 and on, then on to the battle
        presses += [*scripted_game.number(1, start=scripted_game.FIRST_BP), ("OK", 80)]  # CP 1
        presses += [("DOWN", 80), ("OK", 80), ("UP", 80), ("OK", 80)]  # EA 0 (opened at CP's 1), 1 captured
        presses += [("UP", 80), ("OK", 80), ("DOWN", 80), ("OK", 80)]  # hands: CP 1, EA 0 (3.2)
        said = _watched(dev, presses)
        end = dev.state()["game"]["end"]
    assert "new game: Scenario, 1 turns" in said, said  # its turns said once
    assert not [line for line in said if line in ("turn 1: draw", "turn 1: end of turn")], said
    assert "turn 1: count the hands" in said
    final = end["final"]
    assert said[-1] == f"game over: CP {final['CP']}, EA {final['EA']}: {end['winner'] or 'a draw'}", said


def test_watch_a_solitaire_game_ends_with_its_final_score_line() -> None:
    game = Game.new("Solitaire", 1, "CP")
    game.play_solo("EA")
    game.roll_ai("s3", lambda: 0)
    game.roll_re(lambda: 0)
    for _ in range(4):
        game.next_phase()
    game.battle(3, 5)
    game.capture(14)
    before = {"a": "capture", "gid": "g0001", "state": game.state_dict()}
    for _ in range(3):
        game.next_phase()
    event = {"a": "next", "gid": "g0001", "state": game.state_dict()}
    assert say(event, before) == "game over: CP 0, EA 14: EA"  # Step 15: the captured BP alone


def test_watch_narrates_the_war_turn_by_turn_with_both_decks(tmp_path: pathlib.Path) -> None:
    with SimDevice(tmp_path / "flash.img", seed=4, realtime=True, timeout=120) as dev:
        dev.wait(300)
        # Menu, New game, past The Great War's seven ways to begin, The War (60-card decks)
        for button in ["BACK"] + ["DOWN"] * 3 + ["OK"] + ["DOWN"] * 7 + ["OK"]:
            dev.hold(button, 80)
            dev.wait(150)
        seen = _watched(dev, [("OK", 80), ("UP", 80), ("OK", 80), ("OK", 80)])  # start; hit 2; end
    assert seen[0].endswith("The War  round 0  P1 to play  decks P1 53 P2 53"), seen[0]
    assert seen[1:] == [
        "round 1: P1 moves first and draws 1",
        "round 1: P2's deck hit: 2 (deck 51)",
        "round 1: P2's turn: draws 2 (deck 49)",
    ], seen


def test_watch_narrates_last_front_bid_by_bid_with_its_draws_and_captures(tmp_path: pathlib.Path) -> None:
    """Last Front's draws as the rules require them (Withdrawing from Battle, Winning the
    Battle), said as each action is saved."""
    with SimDevice(tmp_path / "flash.img", seed=4, realtime=True, timeout=120) as dev:
        dev.wait(300)
        # Menu, New game, past The Great War's seven and The War's three rows, Last Front (4 players)
        for button in ["BACK"] + ["DOWN"] * 3 + ["OK"] + ["DOWN"] * 10 + ["OK"]:
            dev.hold(button, 80)
            dev.wait(150)
        turned = [("OK", 80), ("OK", 80)]  # the first territory turned up: American, the list's first
        bids = [("UP", 80), ("OK", 80), ("DOWN", 80), ("DOWN", 80), ("DOWN", 80)]  # P1 bids 2; the rest withdraw
        seen = _watched(dev, turned + bids)
    assert "Last Front  battle 0  phase flip" in seen[0], seen[0]
    assert seen[1:] == [
        "turned up: american; P1 draws 1, to bid over 0",
        "P1 bids 2; P2 draws 1, to bid over 2",
        "P2 withdraws, draws 1; P3 draws 1, to bid over 2",
        "P3 withdraws, draws 1; P4 draws 1, to bid over 2",
        "P4 withdraws, draws 1; P1 captures the american territory, draws 1 extra; american bonus: P1",
    ], seen
