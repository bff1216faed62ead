"""Four buttons: debounced short press, long press, and auto-repeat.

Pin interrupts record every edge with its time in a small ring, so a press
made while the display refreshes is still seen: the debouncer replays the
edges by their timestamps when poll() next runs. Each edge also sets `wake`
(an asyncio.ThreadSafeFlag), so the loop sleeps until a button moves; due()
says when poll() must run again without one (a bounce settling, a long press).

The debounce acts on the first edge: a press or a release counts when its
first edge comes, and the contact's bounces in the DEBOUNCE_MS after it are
let go, so a press answers at once rather than once its level has held. A
level that a bounce left different from the one counted counts when that
time is up.

Events are (button, kind) pairs:
  DOWN    a press began (used to wake the screen);
  SHORT   released before LONG_MS (for repeat buttons: at the press);
  LONG    held for LONG_MS;
  REPEAT  still held, for buttons in `repeat` (number entry);
  LATE    let go: one for each REPEAT made less than LATE_MS before, to be counted back;
  CHORD   two or more held at once: everything until all are up is ignored. Named for a repeat
          button that counted less than CHORD_MS before (else "*"): that count is taken back.
"""

from time import ticks_add, ticks_diff, ticks_ms

DEBOUNCE_MS = 20
LONG_MS = 600
# A number entry counts at the press, but two buttons pressed at once (the second within this of
# the first) count nothing: the CHORD names the first, whose count the screen takes back.
CHORD_MS = 30
# A held number counts at a rate a person can stop on: a person lets go about a quarter of a
# second after seeing the number wanted, so the first counts come further apart than that and
# the hold ends on the number seen. Only after a while (a number far from where it started) do
# they come faster, and a hold let go then may take one count more: 0 -> 40 takes about 7.5 s.
REPEAT_DELAY_MS = 500
REPEAT_MS = 350
SLOW_REPEATS = 7
FAST_REPEAT_MS = 150
# A count shown less than this before its button is let go came too late for the person to let
# go on it (a person reacts in about a quarter second): the release takes it back (LATE). So a
# fast count stops on the number seen for a reaction of 175-325 ms, a slow one for 175-525.
LATE_MS = 175
RING = 32
MAX_EVENTS = 16


class Buttons:
    def __init__(self, pins, names):
        self.pins = pins
        self.names = names
        n = len(pins)
        self.raw = bytearray(n)  # 1 = pressed (the pins are active low): the last edge's level
        self.down = bytearray(n)  # debounced state
        self.changed_at = [None] * n  # when `down` last changed: its bounces are let go until DEBOUNCE_MS after
        self.down_at = [0] * n
        self.long_sent = bytearray(n)
        self.repeats = [0] * n
        self.repeat = ()  # names that auto-repeat now
        self.chord = False
        self.events = []
        self.ring_button = bytearray(RING)
        self.ring_level = bytearray(RING)
        self.ring_at = [ticks_ms()] * RING  # each slot's time, written with its edge
        self.head = 0  # written by the interrupt handler
        self.tail = 0
        self.wake = None  # set by each edge: what the loop awaits
        for i, pin in enumerate(pins):
            self.raw[i] = self.down[i] = 1 - pin.value()
            # Down already (the OK that left maintenance, a finger on it at power-up): nothing
            # until it is let go, neither a long press now nor a short one at its release.
            self.long_sent[i] = self.down[i]
            pin.irq(self._handler(i), pin.IRQ_FALLING | pin.IRQ_RISING)

    def _handler(self, i):
        pin = self.pins[i]

        def edge(_):
            # No allocation here: store into the preallocated ring.
            slot = self.head % RING
            self.ring_button[slot] = i
            self.ring_level[slot] = 1 - pin.value()
            self.ring_at[slot] = ticks_ms()
            self.head += 1
            if self.wake is not None:
                self.wake.set()

        return edge

    def poll(self, now=None):
        """Turn recorded edges and held time into events; returns them."""
        if now is None:
            now = ticks_ms()
        if self.head - self.tail > RING:  # overrun: resynchronise from the pins
            self.tail = self.head
            for i, pin in enumerate(self.pins):
                self.raw[i] = 1 - pin.value()
        while self.tail != self.head:
            slot = self.tail % RING
            i = self.ring_button[slot]
            at = self.ring_at[slot]
            self._settle(i, at)
            self.raw[i] = self.ring_level[slot]
            if self.raw[i] != self.down[i] and not self._bouncing(i, at):
                self._change(i, at)  # the first edge of a press or a release counts now
            self.tail += 1
        for i in range(len(self.pins)):
            self._settle(i, now)
        for i in range(len(self.pins)):  # after all have settled, so a chord is seen first
            if self.down[i]:
                self._held(i, now)
        return self.events

    def _bouncing(self, i, at):
        changed = self.changed_at[i]
        return changed is not None and ticks_diff(at, changed) < DEBOUNCE_MS

    def _settle(self, i, at):
        # Bounces ended on the other level than the one counted: that level counts once they are let go.
        if self.raw[i] != self.down[i] and not self._bouncing(i, at):
            changed = self.changed_at[i]
            self._change(i, at if changed is None else ticks_add(changed, DEBOUNCE_MS))

    def _change(self, i, at):
        self.changed_at[i] = at
        if self.raw[i]:
            self._pressed(i, at)
        else:
            self._released(i, at)

    def _pressed(self, i, at):
        self.down[i] = 1
        self.down_at[i] = at
        self.long_sent[i] = 0
        self.repeats[i] = 0
        if sum(self.down) > 1:
            self.chord = True
            self._emit(self._just_counted(i, at), "CHORD")
            return
        if self.chord:
            return
        name = self.names[i]
        self._emit(name, "DOWN")
        if name in self.repeat:
            self._emit(name, "SHORT")  # a count at once: a second button soon after takes it back

    def _just_counted(self, i, at):
        """The repeat button that counted at its press less than CHORD_MS before button i's, or "*"."""
        for j in range(len(self.pins)):
            if j != i and self.down[j] and self.names[j] in self.repeat and ticks_diff(at, self.down_at[j]) < CHORD_MS:
                return self.names[j]
        return "*"

    def _released(self, i, at):
        self.down[i] = 0
        if self.chord:
            if not sum(self.down):
                self.chord = False
            return
        name = self.names[i]
        if name in self.repeat:
            for k in range(self.repeats[i], 0, -1):  # the latest first
                if ticks_diff(at, ticks_add(self.down_at[i], repeat_due(k - 1))) >= LATE_MS:
                    break
                self._emit(name, "LATE")
        elif not self.long_sent[i]:
            self._emit(name, "SHORT")

    def _held(self, i, now):
        if self.chord:
            return
        name = self.names[i]
        held = ticks_diff(now, self.down_at[i])
        if name in self.repeat:
            if held >= self._next_repeat(i):
                self.repeats[i] += 1
                self._emit(name, "REPEAT")
        elif not self.long_sent[i] and held >= LONG_MS:
            self.long_sent[i] = 1
            self._emit(name, "LONG")

    def _next_repeat(self, i):
        """How long button i must be held for its next REPEAT."""
        return repeat_due(self.repeats[i])

    def due(self, now):
        """Ms until poll() has something to time with no edge to wake it, or None: nothing to wait for."""
        if self.tail != self.head:
            return 0
        soonest = None
        for i in range(len(self.pins)):
            if self.raw[i] != self.down[i]:  # a bounce's level, counted once the bounces are let go
                changed = self.changed_at[i]
                wait = 0 if changed is None else DEBOUNCE_MS - ticks_diff(now, changed)
            elif not self.down[i] or self.chord:
                continue
            elif self.names[i] in self.repeat:
                wait = self._next_repeat(i) - ticks_diff(now, self.down_at[i])
            elif not self.long_sent[i]:
                wait = LONG_MS - ticks_diff(now, self.down_at[i])
            else:
                continue  # held past its long press: only the release matters, and it is an edge
            if soonest is None or wait < soonest:
                soonest = wait
        return None if soonest is None else max(0, soonest)

    def _emit(self, name, kind):
        if len(self.events) < MAX_EVENTS:  # more in one poll is a mash: the rest are let go
            self.events.append((name, kind))

    def take(self):
        events = self.events
        self.events = []
        return events

    def any_down(self):
        return sum(self.down) > 0


def repeat_due(count):
    """How long a button must be held for its REPEAT after `count` of them."""
    return REPEAT_DELAY_MS + REPEAT_MS * min(count, SLOW_REPEATS) + FAST_REPEAT_MS * max(0, count - SLOW_REPEATS)
