"""The panel's words, read off its pixels in a thread of their own (make sim shows them under the picture)."""

from __future__ import annotations

import os
import threading
import time


class Words:
    """The panel's words as text, read off its pixels by a thread of their own.

    Reading takes some 30 ms, which the keys must not wait for: the loop hands
    over each new panel, and the thread reads the newest (skipping any that a
    fast count left behind), then wakes the loop through a pipe. So the words
    follow the panel as it changes, each count of a hold included.
    """

    def __init__(self) -> None:
        self.text = ""
        self.read_for: bytes | None = None
        self._wanted: bytes | None = None
        self._changed = threading.Condition()
        self.wake_r, self.wake_w = os.pipe()
        self._thread: threading.Thread | None = None

    def seen(self, pixels: bytes) -> None:
        """The panel as it shows now: its words are read in the background."""
        with self._changed:
            if pixels == self._wanted:
                return
            self._wanted = pixels
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="panel words", daemon=True)
                self._thread.start()
            self._changed.notify()

    def read_now(self, pixels: bytes) -> str:
        from adjutant.sim.panel_text import words

        self.read_for, self.text = pixels, "  ".join(words(pixels))
        return self.text

    def wait(self, timeout: float = 5.0) -> str:
        """The words of the panel last seen, once read (for tests and the first screen)."""
        deadline = time.monotonic() + timeout
        while self.read_for != self._wanted and time.monotonic() < deadline:
            time.sleep(0.005)
        return self.text

    def _run(self) -> None:
        from adjutant.sim.panel_text import words

        while True:
            with self._changed:
                while self._wanted is None or self._wanted == self.read_for:
                    self._changed.wait()
                pixels = self._wanted
            text = "  ".join(words(pixels))
            with self._changed:
                self.read_for, self.text = pixels, text
            try:
                os.write(self.wake_w, b"w")
            except OSError:  # the loop is gone
                return
