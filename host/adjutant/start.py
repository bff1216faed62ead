"""The `adjutant` command's first code: a Ctrl-C from here on is one line and exit code 130.

The console script imports this module before anything else of ours. Until the CLI's own
handling is in place (cli.main catches KeyboardInterrupt, and a pull rolls back what it had
not committed), a Ctrl-C says "stopped" and ends at once: nothing has been written yet. Before
this line runs, only Python's own start-up can be interrupted (CPython's "Fatal Python error").
"""

import _signal  # type: ignore[import-not-found]  # built in: the `signal` module would import enum first, a window of its own
import os  # loaded by Python's start-up already


def _stopped(signum, frame):
    os.write(2, b"\nstopped\n")  # as click says it: on a line of its own after the terminal's ^C
    os._exit(130)


_signal.signal(_signal.SIGINT, _stopped)


def main() -> None:
    from adjutant.cli import main as run

    try:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)  # from now on: KeyboardInterrupt, handled
        run()
    except KeyboardInterrupt:  # one that came before the CLI's own handling was in place
        _stopped(None, None)
    finally:  # and after it: the CLI's work is done or said, the exit is all that is left
        _signal.signal(_signal.SIGINT, _stopped)
