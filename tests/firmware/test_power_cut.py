"""Power cut at every flash write of a full game: the resumed game is never lost.

The RAM block device tears the Nth write and cuts the power; the flash is
remounted and the app boots again. The resumed game must equal the game as
it was either before the interrupted press or after it (when its record was
already on flash), and nothing before it may be missing.
"""

# isort: off
from tests.firmware import rig  # the simulated machine and paths, before any firmware module loads
from clock import PowerCut
from bench.scripted_game import debounced, expected_totals

# isort: on

import os

MICROPYTHON_ONLY = True  # tears block writes inside littlefs: the real one only

STRIDE = 1  # every write; raise to sample when debugging


DATA = bytearray(32 * rig.BLOCK)  # one flash's worth, reused: big blocks fragment the heap


def _fresh_flash():
    flash = rig.RamFlash(32, DATA)
    rig.mount(flash, format_first=True)
    return flash


def _log(ui):
    """The game's whole log as the link sends it: what a fold settled on flash, then the window
    in memory (a game past 64 actions keeps only its window there)."""
    from journal.fold import log_records

    session = ui.session
    return b"".join(record + b"\n" for record in log_records(session.game, session.journal))


def _pause(ui):
    """The player pauses after a press: the journal is folded into a snapshot if it is due (ui.PAUSE_MS)."""
    if ui.session.fold_due():
        ui.session.fold()


def _confirmed(ui):
    """The first number an entry's OK confirmed while its second is set (7.14 CP's BP, 3.2 CP's hand), or None."""
    top = ui.top()
    if top.name not in ("battle", "hands") or top.side != 1 or (top.name == "battle" and top.capturing()):
        return None
    return top.values[0]


def _reference(script=None):
    """The log and the entry's confirmed number after each event, and the flash writes each event
    made; and the game as it ended."""
    flash = _fresh_flash()
    ui, _ = rig.new_ui()
    boot_writes = flash.writes
    logs = [_log(ui)]
    confirmed = [None]
    writes = [flash.writes]
    for button, kind in script or debounced():
        ui.handle(button, kind, 0)
        _pause(ui)
        logs.append(_log(ui))
        confirmed.append(_confirmed(ui))
        writes.append(flash.writes)
    game = ui.session.game.state_dict()
    rig.unmount()
    return boot_writes, logs, confirmed, writes, game


def test_power_cut_at_every_flash_write_resumes_the_confirmed_game():
    boot_writes, logs, confirmed, writes, game = _reference()
    assert game["end"]["final"] == expected_totals(), game  # the game was played out
    assert confirmed.count(None) < len(confirmed) - 20  # each battle and the count confirmed a first number
    checked, drafts = _cut_at_every_write(debounced(), boot_writes, logs, confirmed, writes)
    assert checked > 100, checked  # a commit a press, compact records: ~114
    # cuts while an entry stood at its second number: most battles (a commit short enough to sit in
    # the half of its page the cut writes is whole, and the game resumes after the press)
    assert drafts >= 8, drafts
    print("power cut: %d writes checked, %d with an entry's first number standing" % (checked, drafts))


def _short(button):
    return (button, "SHORT")


# The War from a fresh device: Menu, New game, The War of 20-card decks (from 60, DOWN held to
# repeat would be a long script: the deck-size entry counts down 40 times), the hands kept, and
# each turn one deck attack and the turn's end, until P1 cannot draw 2.
THE_WAR = (
    [_short("BACK")]
    + [_short("DOWN")] * 3
    + [_short("OK")]
    + [_short("DOWN")] * 8
    + [_short("OK")]
    + [_short("DOWN")] * 40
    + [_short("OK"), _short("UP"), _short("OK"), _short("OK")]
    + [_short("UP"), _short("UP"), _short("OK"), _short("OK")]  # P1 hits 3
    + [_short("UP"), _short("UP"), _short("OK"), _short("OK")]  # P2 hits 4
    + [_short("UP"), _short("DOWN"), _short("DOWN"), _short("OK"), _short("OK")]  # P1 hits 2
    + [_short("UP")]
    + [_short("UP")] * 3
    + [_short("OK"), _short("OK")]  # P2 hits 5: P1 keeps 1, loses
)


def test_the_war_a_power_cut_at_every_flash_write_resumes_at_the_same_step():
    # The War's log on flash as The Great War's is, a press's actions in one commit
    boot_writes, logs, confirmed, writes, game = _reference(THE_WAR)
    assert game["game"] == "the-war" and game["phase"] == "over", game
    assert game["end"] == {"winner": "P2", "loser": "P1", "turn": 3, "decks": {"P1": 1, "P2": 4}}, game["end"]
    checked, _ = _cut_at_every_write(THE_WAR, boot_writes, logs, confirmed, writes)
    assert checked >= 10, checked
    print("The War, power cut: %d writes checked" % checked)


def _scenario_presses(path):
    """The presses of a scenario file ("press DOWN 3"), as taps."""
    out = []
    with open(path) as f:
        for line in f:
            words = line.split("#")[0].split()
            if words[:1] == ["press"]:
                out += [_short(words[1])] * (int(words[2]) if len(words) > 2 else 1)
    return out


def test_last_front_a_power_cut_at_every_flash_write_resumes_at_the_same_bid():
    # tests/scenarios/last-front.scn's whole four-player game, cut at each write
    script = _scenario_presses(rig.ROOT + "/tests/scenarios/last-front.scn")
    boot_writes, logs, confirmed, writes, game = _reference(script)
    assert game["game"] == "last-front" and game["phase"] == "over" and game["winner"] == 2, game
    checked, _ = _cut_at_every_write(script, boot_writes, logs, confirmed, writes)
    assert checked >= 30, checked
    print("Last Front, power cut: %d writes checked" % checked)


def _cut_at_every_write(script, boot_writes, logs, confirmed, writes):
    total = writes[-1]
    checked = drafts = 0
    for n in range(boot_writes + 1, total + 1, STRIDE):
        flash = _fresh_flash()
        ui, _ = rig.new_ui()
        flash.fail_after = n
        step = 0
        try:
            for step in range(len(script)):  # `step` names the press the cut interrupted
                ui.handle(script[step][0], script[step][1], 0)
                _pause(ui)
            raise AssertionError("write %d never happened" % n)
        except PowerCut:
            pass
        rig.mount(flash.power_on())  # power back: remount what is on the flash
        resumed, _ = rig.new_ui()
        log = _log(resumed)
        before, after = logs[step], logs[step + 1]
        # a press may take several actions (the roll and the move on) or undo them: they go on flash
        # in one commit, so the game resumes as it was before the press or after it, never between
        assert log in (before, after), "cut at write %d (event %d): game not resumed\n%s" % (n, step, log)
        # a first side's BP that OK confirmed before the interrupted press is not lost either
        if log == before and confirmed[step] is not None:
            shown = _confirmed(resumed)
            assert shown == confirmed[step], "cut at write %d (event %d): entry shows %r, OK confirmed %r %s" % (
                n,
                step,
                shown,
                confirmed[step],
                (
                    resumed.top().name,
                    len(resumed.session.game.actions),
                    resumed.session.game.state.phase,
                    os.listdir("saved"),
                ),
            )
            drafts += 1
        checked += 1
    rig.unmount()
    assert checked == total - boot_writes, checked
    return checked, drafts


class _CountingErases(rig.RamFlash):
    erases = 0

    def ioctl(self, op, arg):
        if op == 6:
            _CountingErases.erases += 1
        return super().ioctl(op, arg)


def test_a_full_games_presses_erase_almost_no_flash_block():
    # A sector erase takes 45 ms on a Pico's flash (W25Q16JV, typical): a press
    # that erases cannot answer at once. The journal stays inside its folder's metadata (folded
    # in pauses) and a press's actions go on flash in one commit, so presses program pages and
    # almost never erase; the folds in the pauses do. Before: 63 erases in the game's presses.
    flash = _CountingErases(64, rig.blank_flash(64).data)
    rig.mount(flash, format_first=True)
    ui, _ = rig.new_ui()
    in_presses = presses = 0
    for button, kind in debounced():
        before = _CountingErases.erases
        ui.handle(button, kind, 0)
        in_presses += _CountingErases.erases - before
        presses += 1
        _pause(ui)
    assert ui.session.game.state.result[0] == expected_totals()
    rig.unmount()
    assert in_presses <= 10, "%d erases in %d presses" % (in_presses, presses)
