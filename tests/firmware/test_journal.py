"""The journal on littlefs: checksums, torn tails, leftovers, snapshot generations."""

import os

# isort: off
from tests.firmware import rig  # the simulated machine and paths, before any firmware module loads
from journal import Journal
from shared_engine.great_war.game import Game

# isort: on


def _game():
    g = Game.new()
    g.roll_re(lambda: 3)
    g.next_phase()
    g.attack_played()
    return g


def _stored(game):
    rig.mount(rig.blank_flash(), format_first=True)
    os.mkdir("games")
    j = Journal("games", "g0001")
    j.create(Game(game.header))
    for action in game.actions:
        j.append(action)
    j.commit()
    return j


def test_journal_round_trip():
    game = _game()
    _stored(game)
    loaded = Journal("games", "g0001").load()
    assert rig.logged(loaded) == rig.logged(game)
    rig.unmount()


def test_torn_tail_is_dropped_and_reported_never_the_game():
    game = _game()
    j = _stored(game)
    with open(j.journal_path(), "a") as f:
        f.write('1234abcd {"a":"ne')  # a write cut short
    again = Journal("games", "g0001")
    loaded = again.load()
    assert rig.logged(loaded) == rig.logged(game)
    assert again.problems and "damaged" in again.problems[0]
    # repaired: a later append lands on a clean journal
    again.append(("next",))
    again.commit()
    assert Journal("games", "g0001").load().state.phase == "cr2"
    rig.unmount()


def test_corrupt_record_keeps_what_came_before():
    game = _game()
    j = _stored(game)
    path = j.journal_path()
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
    old = j.journal_path()
    with open(old) as f:
        kept = f.read()
    j.fold(game)  # new snapshot generation, old journal removed...
    with open(old, "w") as f:
        f.write(kept)  # ...but as if the power failed before the removal
    with open("games/g0001.tmp", "w") as f:
        f.write("half a snapshot")
    again = Journal("games", "g0001")
    assert rig.logged(again.load()) == rig.logged(game)
    # leftovers cleaned up; the journal of the snapshot's generation is made by the next action
    assert sorted(os.listdir("games")) == ["g0001.snp"]
    rig.unmount()


def test_records_are_stored_compact_and_older_firmwares_full_records_still_load():
    game = _game()
    j = _stored(game)
    j.close()
    with open(j.journal_path()) as f:
        stored = [line.split(" ", 1)[1] for line in f.read().split("\n") if line]
    from shared_engine.log import encode, encode_compact

    assert stored == [encode_compact(a) for a in game.actions]  # the form the link sends: ["next"]
    # a journal written by older firmware holds full records; they load, and new ones follow compact
    from journal.lines import line as _line

    with open(j.journal_path(), "wb") as f:
        for action in game.actions:
            f.write(_line(encode(action, game).encode()))
    again = Journal("games", "g0001")
    assert rig.logged(again.load()) == rig.logged(game) and again.problems == []
    again.append(("next",))
    again.close()
    with open(j.journal_path()) as f:
        assert f.read().split("\n")[-2].split(" ", 1)[1] == '["next"]'
    rig.unmount()


def test_a_finished_games_digest_is_of_the_records_as_sent():
    import hashlib
    from binascii import hexlify

    from journal.fold import log_digest

    from shared_engine.log import encode_compact

    game = _game()
    sent = "".join(encode_compact(a) + "\n" for a in [game.header] + game.actions).encode()
    sha = hexlify(hashlib.sha256(sent).digest()).decode()
    assert log_digest(game) == [sha, len(sent), 1 + len(game.actions)]


def test_a_damaged_line_mid_journal_drops_it_and_every_line_after_it_though_they_would_apply():
    # roll, next (Combat Round 1), attack, next (Combat Round 2): the Attack card's line damaged.
    # Its successor, the move on to Combat Round 2, would apply without it: it must not be applied.
    game = _game()
    game.next_phase()
    j = _stored(game)
    path = j.journal_path()
    with open(path) as f:
        lines = f.read().split("\n")
    assert '"attack"' in lines[2]
    lines[2] = lines[2].replace("attack", "attacc")  # its checksum no longer matches
    with open(path, "w") as f:
        f.write("\n".join(lines))
    again = Journal("games", "g0001")
    loaded = again.load()
    assert [a[0] for a in loaded.actions] == ["roll", "next"]  # the last good action before the damage
    assert (loaded.state.phase, loaded.state.current.attack) == ("cr1", False)
    assert again.problems and "line 3 damaged; it and what follows were dropped" in again.problems[0]
    rig.unmount()


def _played(table, presses):
    """Taps at a player's pace, each followed by a pause (the fold's moment); the journal's
    generation after each."""
    gens = []
    for button in presses:
        table.press(button)
        table.run(1500)
        gens.append(table.ui.session.journal.gen)
    return gens


# A scripted turn's taps: the d6, the battle's BP (UP/DOWN set them), the capture that ends the turn
TURN_TAPS = ["OK", "UP", "OK", "OK", "DOWN", "OK"]
TAPS = TURN_TAPS * 6


def test_after_a_restart_the_journal_counts_every_byte_on_flash_so_the_fold_comes_at_the_same_press():
    from tests.firmware.table import Table

    table = Table.fresh()
    straight = _played(table, TAPS)
    rig.unmount()
    assert straight[-1] >= 2, straight  # the journal folded more than once in the game
    table = Table.fresh()
    cut = len(TURN_TAPS) * 2  # on the mat between turns, where a restart shows the same screen
    resumed = _played(table, TAPS[:cut])
    table = table.restart()  # a power cycle with the journal part-full: its size read back
    journal = table.ui.session.journal
    assert journal.size == os.stat(journal.journal_path())[6] if journal.records else journal.size == 0
    resumed += _played(table, TAPS[cut:])
    assert resumed == straight, (straight, resumed)
    rig.unmount()
