"""The journal on littlefs: checksums, torn tails, leftovers, snapshot generations."""

import os

# isort: off
from tests.firmware import rig  # the simulated machine and paths, before any firmware module loads
from journal import Journal
from shared_engine.game import Game

# isort: on


def _game():
    g = Game.new()
    g.roll_re(lambda: 3)
    g.next_phase()
    g.attack_played()
    return g


def _stored(game):
    rig.mount(rig.RamFlash(), format_first=True)
    os.mkdir("games")
    j = Journal("games", "g0001")
    j.create(Game(game.header))
    for action in game.actions:
        j.append(action)
    return j


def test_journal_round_trip():
    game = _game()
    _stored(game)
    loaded = Journal("games", "g0001").load()
    assert loaded.log_text() == game.log_text()
    rig.unmount()


def test_torn_tail_is_dropped_and_reported_never_the_game():
    game = _game()
    j = _stored(game)
    with open(j._journal_path(), "a") as f:
        f.write('1234abcd {"a":"ne')  # a write cut short
    again = Journal("games", "g0001")
    loaded = again.load()
    assert loaded.log_text() == game.log_text()
    assert again.problems and "damaged" in again.problems[0]
    # repaired: a later append lands on a clean journal
    again.append(("next",))
    assert Journal("games", "g0001").load().state.phase == "cr2"
    rig.unmount()


def test_corrupt_record_keeps_what_came_before():
    game = _game()
    j = _stored(game)
    path = j._journal_path()
    with open(path) as f:
        lines = f.read().split("\n")
    lines[1] = lines[1].replace("next", "nexx")  # checksum no longer matches
    with open(path, "w") as f:
        f.write("\n".join(lines))
    again = Journal("games", "g0001")
    loaded = again.load()
    assert len(loaded.actions) == 1  # the roll survives; the damaged record and after are dropped
    assert again.problems
    rig.unmount()


def test_journal_folded_into_a_newer_snapshot_is_not_applied_twice():
    game = _game()
    j = _stored(game)
    old = j._journal_path()
    with open(old) as f:
        kept = f.read()
    j.compact(game)  # new snapshot generation, old journal removed...
    with open(old, "w") as f:
        f.write(kept)  # ...but as if the power failed before the removal
    with open("games/g0001.tmp", "w") as f:
        f.write("half a snapshot")
    again = Journal("games", "g0001")
    assert again.load().log_text() == game.log_text()
    assert sorted(os.listdir("games")) == ["g0001.snp"]  # leftovers cleaned up
    rig.unmount()
