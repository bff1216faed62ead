"""Debounce, long press, auto-repeat, and presses made while nothing polls."""

# isort: off
from tests.firmware import rig  # the simulated machine and paths, before any firmware module loads
from buttons import Buttons

# isort: on


def _buttons():
    rig.machine.Pin.pins = {}
    pins = [rig.machine.Pin(rig.PINS[n], rig.machine.Pin.IN, rig.machine.Pin.PULL_UP) for n in rig.BUTTONS]
    return Buttons(pins, rig.BUTTONS)


def _level(name, level):
    rig.machine.Pin.pins[rig.PINS[name]].set_level(level)


def _kinds(b):
    return [e for e in b.take() if e[1] != "DOWN"]


def test_bouncy_press_is_one_short_press():
    b = _buttons()
    for level in (0, 1, 0, 1, 0):  # contact bounce, 2 ms apart
        _level("OK", level)
        rig.allow(2)
    rig.allow(100)
    b.poll()
    for level in (1, 0, 1):
        _level("OK", level)
        rig.allow(2)
    rig.allow(50)
    b.poll()
    assert _kinds(b) == [("OK", "SHORT")]


def test_long_press_fires_once_while_held_and_no_short_after():
    b = _buttons()
    _level("BACK", 0)
    for _ in range(20):
        rig.allow(50)
        b.poll()
    _level("BACK", 1)
    rig.allow(50)
    b.poll()
    assert _kinds(b) == [("BACK", "LONG")]


def test_a_button_already_down_when_the_firmware_starts_does_nothing_until_let_go():
    rig.machine.Pin.pins = {}
    pins = [rig.machine.Pin(rig.PINS[n], rig.machine.Pin.IN, rig.machine.Pin.PULL_UP) for n in rig.BUTTONS]
    pins[rig.BUTTONS.index("OK")].level = 0  # the finger that pressed OK on the maintenance screen
    b = Buttons(pins, rig.BUTTONS)
    for _ in range(20):  # held on past a long press's time
        rig.allow(50)
        b.poll()
    _level("OK", 1)
    rig.allow(50)
    b.poll()
    assert _kinds(b) == []
    _level("OK", 0)  # the next press is a press
    rig.allow(60)
    _level("OK", 1)
    rig.allow(60)
    b.poll()
    assert _kinds(b) == [("OK", "SHORT")]


def test_press_while_the_display_refreshes_is_not_lost():
    b = _buttons()
    _level("UP", 0)  # pressed and released with no poll in between,
    rig.allow(60)  # as during a long I2C transfer
    _level("UP", 1)
    rig.allow(60)
    b.poll()
    assert _kinds(b) == [("UP", "SHORT")]


def test_auto_repeat_counts_at_a_rate_a_person_can_stop_on_then_faster_while_held_in_number_entry():
    b = _buttons()
    b.repeat = ("UP", "DOWN")
    _level("UP", 0)
    at = []  # ms since the press of each step
    for ms in range(0, 9000, 5):  # 9 s held, polled every 5 ms as the firmware does
        rig.allow(5)
        b.poll()
        at += [ms] * len(_kinds(b))
    _level("UP", 1)
    rig.allow(50)
    b.poll()
    assert set(_kinds(b)) <= {("UP", "LATE")}  # release adds nothing but the late counts' take-back
    assert at[0] <= 50  # the first step comes at once
    assert at[1] >= 400  # a tap is one step: repeats wait a moment
    gaps = [at[i + 1] - at[i] for i in range(1, len(at) - 1)]  # no itertools on MicroPython
    # A person lets go about 250 ms after seeing the number wanted, plus the release's debounce:
    # the first counts of a hold come further apart, so the hold ends on the number seen.
    assert min(gaps[:6]) >= 300, gaps[:6]
    early, late = sum(gaps[:3]) / 3, sum(gaps[-5:]) / 5
    assert late <= early / 2, (early, late)  # held longer, it steps faster
    assert len(at) > 40 and at[40] <= 8000, at[40]  # 0 to 40 (a whole hand at the end, 3.2) in a few seconds


def test_two_buttons_at_once_is_a_chord_and_nothing_else():
    b = _buttons()
    _level("OK", 0)
    _level("DOWN", 0)
    rig.allow(700)
    b.poll()
    _level("OK", 1)
    _level("DOWN", 1)
    rig.allow(50)
    b.poll()
    assert _kinds(b) == [("*", "CHORD")]


def test_a_press_and_its_release_count_at_their_first_edges_and_the_bounces_after_them_do_not():
    # A press answers at once, each press still counted once.
    b = _buttons()
    _level("OK", 0)
    rig.allow(1)
    b.poll()
    assert b.take() == [("OK", "DOWN")]  # at the first edge, not once the level has held 20 ms
    for level in (1, 0, 1, 0):  # the contact bounces for 8 ms
        rig.allow(2)
        _level("OK", level)
    rig.allow(80)
    _level("OK", 1)
    rig.allow(1)
    b.poll()
    assert b.take() == [("OK", "SHORT")]  # the release answers at its first edge too
    for level in (0, 1, 0, 1):
        rig.allow(2)
        _level("OK", level)
    rig.allow(100)
    b.poll()
    assert b.take() == []  # the release's bounces press nothing


def test_a_tap_shorter_than_the_bounce_time_is_one_press_released_when_the_bounces_are_let_go():
    b = _buttons()
    _level("OK", 0)
    rig.allow(5)
    _level("OK", 1)  # up after 5 ms: within the time a bounce is let go
    rig.allow(1)
    b.poll()
    assert _kinds(b) == []
    assert b.due(rig.CLOCK.now & 0x3FFFFFFF) <= 15  # the loop wakes when the bounce time is up, with no edge to wake it
    rig.allow(20)
    b.poll()
    assert _kinds(b) == [("OK", "SHORT")]


def test_a_number_counts_at_the_press_and_a_second_button_soon_after_names_that_count_to_take_back():
    b = _buttons()
    b.repeat = ("UP", "DOWN")
    _level("UP", 0)
    rig.allow(1)
    b.poll()
    assert b.take() == [("UP", "DOWN"), ("UP", "SHORT")]  # no wait for a second button
    rig.allow(10)
    _level("OK", 0)  # a second thumb lands
    rig.allow(1)
    b.poll()
    assert b.take() == [("UP", "CHORD")]  # the UI counts UP's step back
    _level("OK", 1)
    _level("UP", 1)
    rig.allow(100)
    b.poll()
    assert b.take() == []
    _level("DOWN", 0)  # held a while, then another: the count stands, the chord is one's own
    rig.allow(200)
    b.poll()
    _level("OK", 0)
    rig.allow(1)
    b.poll()
    assert b.take()[-1] == ("*", "CHORD")


def _held_for(b, ms):
    """UP held `ms` in number entry, polled every 5 ms; the counts it made and what its release adds."""
    b.repeat = ("UP", "DOWN")
    _level("UP", 0)
    counts = 0
    for _ in range(ms // 5):
        rig.allow(5)
        b.poll()
        counts += len(_kinds(b))
    _level("UP", 1)
    rig.allow(50)
    b.poll()
    return counts, _kinds(b)


def test_a_count_made_too_late_for_a_person_to_let_go_on_is_taken_back_at_the_release():
    from buttons import LATE_MS, repeat_due

    # The 12th count (10 repeats: the fast ones have begun) shows at repeat_due(9) after the press.
    shown = repeat_due(9)
    for reaction in (LATE_MS + 5, 250, 320):  # a person lets go this long after seeing it
        counts, released = _held_for(_buttons(), shown + reaction)
        assert counts - len(released) == 11, (reaction, counts, released)  # lands on the number seen
        assert set(released) <= {("UP", "LATE")}
    # In the slow counts, a release a reaction after a count takes nothing back.
    counts, released = _held_for(_buttons(), repeat_due(2) + 250)
    assert (counts, released) == (4, [])
    # A tap's own count is never taken back, however soon it is let go.
    assert _held_for(_buttons(), 60) == (1, [])
