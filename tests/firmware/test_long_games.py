"""A game of any length on the device: its memory flat in the game's length, resumed after a
power cut at any point at the same step, and its whole log pulled, every action of it.

The device keeps a window of recent actions (shared_engine/action_list.py) and settles the rest
on the log on flash (journal/fold.py); these play each registered game past where a list of every
action outgrew a board's heap (257 actions), or to its longest where its rules end it sooner.
"""

# isort: off
from tests.firmware import rig  # the simulated machine and paths, before any firmware module loads
from bench.long_play import LongPlay, plans

# isort: on

import json
import os
import sys

from clock import PowerCut
from journal.fold import WINDOW

from shared_engine.action_list import ACTIONS_ROOM, KEPT
from shared_engine.games import core

if sys.implementation.name != "micropython" and "link" not in sys.modules:
    # The link's package starts MicroPython's asyncio; its log views need none of it.
    import types

    sys.modules["link"] = types.ModuleType("link")
    sys.modules["link"].__path__ = [rig.ROOT + "/firmware/link"]  # type: ignore[attr-defined]
from link.pull import LogView

LENGTH = 1000
RESTARTS = 10  # power cuts spread through the game


def _long_game(game, seed=3):
    rig.mount(rig.blank_flash(64), format_first=True)
    ui, _ = rig.new_ui()
    return ui, LongPlay(ui.session, game, seed, LENGTH)


def _grown(state):
    return max([len(getattr(state, name)) for name in getattr(state, "GROWS", ())] or [0])


def _pulled_log(session):
    """The game's log as the link sends it, every record, read in the chunks a pull asks for."""
    view = LogView(session.gid, session.game, session.journal)
    records = []
    while len(records) < view.count:
        pieces, _ = view.records(len(records), 1024)
        records += [p for p in pieces if p != b"\n"]
    return view, records


def _replayed(records):
    """The host's view: the whole log replayed by the engine, which keeps every action."""
    from shared_engine.games import records as schema
    from shared_engine.records import from_compact

    game = None
    for text in records:
        if game is None:
            game = core(from_compact(text, "header", None, schema))
        else:
            game.apply(from_compact(text, "record", game, schema))
    return game


def _same_state(device, host):
    """The device's state is the host's, its growing lists cut to their last entries."""
    d = device.to_dict()
    h = host.to_dict()
    for key, value in h.items():
        if type(value) is list and len(d[key]) < len(value):
            h[key] = value[len(value) - len(d[key]) :]
    return d == h


def test_a_game_of_any_length_holds_the_same_memory_and_resumes_at_every_point():
    for game, _, _, ends in plans():
        ui, play = _long_game(game)
        points = [LENGTH * (k + 1) // (RESTARTS + 1) for k in range(RESTARTS)]
        longest = grown = 0
        while not play.done():
            play.step()
            session = play.session
            longest = max(longest, len(session.game.actions))
            grown = max(grown, _grown(session.game.state))
            if points and session.game.count() >= points[0]:
                points.pop(0)
                before = session.game.state.to_dict(), session.game.count(), session.game.undone
                ui, _ = rig.new_ui()  # the power goes and comes back
                play.session = ui.session
                after = ui.session.game.state.to_dict(), ui.session.game.count(), ui.session.game.undone
                assert after == before, (game, before[1])
        session = play.session
        # As long as asked, or as long as its rules let it go (The Great War's 10 turns, The War's decks)
        assert session.game.count() >= LENGTH or (ends and session.game.state.phase == "over"), (
            game,
            session.game.count(),
        )
        assert session.game.settled, game  # the window did its work
        assert longest < ACTIONS_ROOM and longest <= WINDOW + 40, (game, longest)  # never the list's doubling
        assert grown <= KEPT + 20, (game, grown)
        view, records = _pulled_log(session)
        assert len(records) == view.count == session.game.count() + 1, game
        assert _same_state(session.game.state, _replayed(records).state), game
        rig.unmount()


def test_undo_reaches_back_through_this_turn_and_the_one_before_then_says_how_far():
    ui, play = _long_game("last-front")
    while play.session.game.count() < 400:
        play.step()
    session = play.session
    turn = session.game.state.turn
    while session.game.actions:
        ui.undo()
    assert session.game.state.turn <= turn - 1, (session.game.state.turn, turn)
    presses = session.reach()
    count = session.game.count()
    ui.toast = None  # the refusals of the moves tried
    ui.undo()
    assert ui.toast == "Undo reaches back %d presses" % presses, ui.toast
    assert session.game.count() == count
    rig.unmount()


MICROPYTHON_ONLY = ("test_a_power_cut_at_every_write_of_a_long_games_last_50_presses_resumes_it",)
CUT_PRESSES = 50
CUT_DATA = bytearray(32 * rig.BLOCK)  # reused: big blocks fragment the heap
SAVED = bytearray(32 * rig.BLOCK)  # the flash after most of the game


def _seen(ui):
    """The game as the table sees it, copied (a state's dict shares its lists with the state): a
    list an item at a time, so that no copy needs a block the size of the whole state (late in a
    test run the heap has few)."""
    state = ui.session.game.state.to_dict()
    frozen = [
        (key, [json.dumps(v) for v in value] if type(value) is list else json.dumps(value))
        for key, value in state.items()
    ]
    return frozen, ui.session.game.count()


def _thawed(frozen):
    return {key: [json.loads(v) for v in value] if type(value) is list else json.loads(value) for key, value in frozen}


def _alike(got, seen, grows):
    """The same game, where a list the device cuts (GROWS) may have been cut at another fold."""
    if got[1] != seen[1]:
        return False
    a, b = _thawed(got[0]), _thawed(seen[0])
    for key in grows:
        n = min(len(a[key]), len(b[key]))
        a[key], b[key] = a[key][len(a[key]) - n :], b[key][len(b[key]) - n :]
    return a == b


class _Recorded(LongPlay):
    """A long play that notes the game after each press, and which press is under way."""

    def _press(self, what):
        self.pressing += 1
        done = LongPlay._press(self, what)
        if self.seen is not None:
            self.seen.append(_seen(self.ui))
        return done


def _from(saved, rng, game):
    """The device booted on a copy of `saved` (the flash after most of the game), to play on."""
    CUT_DATA[:] = saved
    flash = rig.RamFlash(32, CUT_DATA)
    rig.mount(flash)
    ui, _ = rig.new_ui()
    play = _Recorded(ui.session, game, 0, LENGTH, begin=False)
    play.ui = ui
    play.rng.x = rng
    play.pressing = 0
    play.seen = None
    return flash, ui, play


def test_a_power_cut_at_every_write_of_a_long_games_last_50_presses_resumes_it():
    for game, _, _, _ in plans():
        end = LENGTH
        for _ in range(2):  # a game its rules end sooner: its last presses, played again to them
            flash = rig.RamFlash(32, CUT_DATA)
            rig.mount(flash, format_first=True)
            ui, _ = rig.new_ui()
            play = LongPlay(ui.session, game, 5, LENGTH)
            while not play.done() and play.session.game.count() < end - CUT_PRESSES:
                play.step()
            rig.unmount()
            if not play.done():
                break
            end = play.session.game.count()
        SAVED[:] = CUT_DATA
        saved, rng = SAVED, play.rng.x
        # the reference: the same presses, from a boot on the same flash
        flash, ui, play = _from(saved, rng, game)
        booted = flash.writes
        play.seen = [_seen(ui)]
        for _ in range(CUT_PRESSES):
            play.step()
        reference, total = play.seen, flash.writes
        rig.unmount()
        assert play.session.game.settled and total - booted > CUT_PRESSES // 2, (game, total - booted)
        for n in range(booted + 1, total + 1):
            flash, ui, play = _from(saved, rng, game)
            flash.fail_after = n
            try:
                for _ in range(CUT_PRESSES):
                    play.step()
                raise AssertionError("write %d never happened" % n)
            except PowerCut:
                pressed = play.pressing
            rig.mount(flash.power_on())
            resumed, _ = rig.new_ui()
            got = _seen(resumed)
            grows = getattr(resumed.session.game.state, "GROWS", ())
            assert any(_alike(got, seen, grows) for seen in reference[max(0, pressed - 1) : pressed + 1]), (
                game,
                n,
                pressed,
                got[1],
                os.listdir("saved"),
            )
            rig.unmount()
        print("%s: a power cut at each of %d writes of its last presses" % (game, total - booted))
