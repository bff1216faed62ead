"""Run a test runner with a time limit per test: a test that hangs fails by its name.

    python tests/tools/timed.py SECONDS micropython tests/tools/mp_run.py tests/firmware

mp_run.py names each test as it begins (a line of MARK and the name, when
ADJUTANT_TEST_MARKS is set); every other line is passed on as it comes. A test
with no result after SECONDS stops the run: "FAIL <name>: no result after N s",
exit status 1. A runner that ends by itself keeps its own exit status.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time

MARK = "\x1e"
# Files left open when the simulated power is cut (the journal is held open) are finalised later
# against the dead flash, and MicroPython prints "OSError: [Errno 5] EIO" (or 84 or 28, as littlefs
# finds its writes missing) for each: noise, which leaves the run's verdict as it is.
NOISE = re.compile(r"^OSError: (84|28|\[Errno 5\] EIO)$")


def main(argv: list[str]) -> int:
    limit = float(argv[0])
    env = dict(os.environ, ADJUTANT_TEST_MARKS="1")
    # a session of its own: a stuck run stops whole, with the processes it started (mp_run.py runs
    # each MicroPython test file in one), which would hold the output open
    child = subprocess.Popen(argv[1:], stdout=subprocess.PIPE, env=env, start_new_session=True)
    assert child.stdout is not None
    try:
        return _follow(child, limit)
    except BaseException:  # Ctrl-C: the run's own session hears none of it
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:  # it had ended
            pass
        raise


def _follow(child: subprocess.Popen, limit: float) -> int:
    assert child.stdout is not None
    current = "the runner, before its first test"
    deadline = time.monotonic() + limit
    pending = b""
    while True:
        wait = deadline - time.monotonic()
        ready = select.select([child.stdout], [], [], max(0.0, wait))[0] if wait > 0 else []
        if not ready:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            print(f"FAIL {current}: no result after {limit:g} s (stuck?); the run was stopped", flush=True)
            return 1
        data = os.read(child.stdout.fileno(), 65536)
        if not data:
            break
        pending += data
        *lines, pending = pending.split(b"\n")
        for raw in lines:
            line = raw.decode(errors="replace")
            if line.startswith(MARK):
                current = line[len(MARK) :]
                deadline = time.monotonic() + limit
            elif not NOISE.match(line):
                print(line, flush=True)
    if pending:
        print(pending.decode(errors="replace"), flush=True)
    return child.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
