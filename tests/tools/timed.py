"""Run a test runner with a time limit per test: a test that hangs fails by its name.

    python tests/tools/timed.py SECONDS micropython tests/tools/mp_run.py tests/firmware

mp_run.py names each test as it begins (a line of MARK and the name, when
ADJUTANT_TEST_MARKS is set); every other line is passed on as it comes. A test
with no result after SECONDS stops the run: "FAIL <name>: no result after N s",
exit status 1. A runner that ends by itself keeps its own exit status.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

MARK = "\x1e"


def main(argv: list[str]) -> int:
    limit = float(argv[0])
    env = dict(os.environ, ADJUTANT_TEST_MARKS="1")
    child = subprocess.Popen(argv[1:], stdout=subprocess.PIPE, env=env)
    assert child.stdout is not None
    current = "the runner, before its first test"
    deadline = time.monotonic() + limit
    pending = b""
    while True:
        wait = deadline - time.monotonic()
        ready = select.select([child.stdout], [], [], max(0.0, wait))[0] if wait > 0 else []
        if not ready:
            child.kill()
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
            else:
                print(line, flush=True)
    if pending:
        print(pending.decode(errors="replace"), flush=True)
    return child.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
