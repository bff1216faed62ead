"""Run plain-assert test modules under MicroPython (no pytest there), or under CPython.

    micropython tests/tools/mp_run.py tests/engine [more folders or test files]
    python tests/tools/mp_run.py tests/firmware        (the firmware on CPython)
    micropython tests/tools/mp_run.py tests/firmware/test_no_display.py

Imports every test_*.py in the folders, calls each test_* function, and ends
with "micropython: N passed, N failed" (or "cpython: ..."). Exit status 1 if
any failed. Under MicroPython each file of a folder runs in a process of its
own, as a board runs one firmware: in one heap, what earlier files left loaded
split it, and a later file's compile found no block its size (2,560 B with
900 KB free), a failure of the run, not of the firmware. On CPython, tests/firmware/cpython_port.py stands in for the
MicroPython modules first; tests named in a module's MICROPYTHON_ONLY need
MicroPython itself (littlefs, its asyncio) and are counted as skipped.
"""

import os
import sys

# run from the repository root, as `make` does; by its full path, as tests change directory
# into the simulated flash, and a test's late import must still find the tests package
sys.path.insert(0, os.getcwd())
RUNTIME = sys.implementation.name
ROOT = os.getcwd()
# Under tests/tools/timed.py: each test is named as it begins, so a test that hangs fails by its name.
MARKS = bool(os.getenv("ADJUTANT_TEST_MARKS"))
# "--tally FILE": a file run by run_apart, which reads its counts from FILE
TALLY = sys.argv[2] if sys.argv[1:2] == ["--tally"] else None
ARGS = sys.argv[3:] if TALLY is not None else sys.argv[1:]


def _report(name, e):
    print("FAIL %s" % name)
    if RUNTIME == "micropython":
        sys.print_exception(e)
    else:
        import traceback

        traceback.print_exception(e)


def _isolate():
    # A test that failed half-way may leave the working directory on a simulated flash:
    # every test starts again from the repository root, with the flash unmounted.
    os.chdir(ROOT)
    rig = sys.modules.get("tests.firmware.rig")
    if rig is not None:
        rig.unmount()


def run_apart(folder, results):
    """Each test file of `folder` in a MicroPython process of its own, its output as it comes,
    its counts through a tally file."""
    import random

    tally = "%s/adjutant-mp-run-%08x" % (os.getenv("TMPDIR") or "/tmp", random.getrandbits(32))
    for filename in sorted(os.listdir(folder)):
        if not (filename.startswith("test_") and filename.endswith(".py")):
            continue
        path = folder.rstrip("/") + "/" + filename
        try:
            os.remove(tally)
        except OSError:
            pass
        status = os.system("%s %s --tally %s %s" % (sys.executable, sys.argv[0], tally, path))
        try:
            with open(tally) as f:
                counts = [int(n) for n in f.read().split()]
            os.remove(tally)
        except (OSError, ValueError):
            counts = [0, 1, 0]
            print("FAIL %s: its process ended with no result (exit status %d)" % (path, status))
        for i in range(3):
            results[i] += counts[i]


def run_folder(folder, results):
    if RUNTIME == "micropython" and not folder.endswith(".py") and TALLY is None:
        run_apart(folder, results)
        return
    if folder.endswith(".py"):  # one test file
        folder, _, filename = folder.rpartition("/")
        names = [filename]
    else:
        names = sorted(os.listdir(folder))
    package = folder.strip("/").replace("/", ".")
    for filename in names:
        if not (filename.startswith("test_") and filename.endswith(".py")):
            continue
        name = package + "." + filename[:-3]
        _isolate()
        try:
            module = __import__(name, None, None, ["*"])
        except Exception as e:  # a module that cannot load fails once; the others still run
            results[1] += 1
            _report(name, e)
            continue
        only_micropython = getattr(module, "MICROPYTHON_ONLY", ())
        for attr in sorted(dir(module)):
            test = getattr(module, attr)
            if not attr.startswith("test_") or not callable(test):
                continue
            if RUNTIME != "micropython" and (only_micropython is True or attr in only_micropython):
                results[2] += 1
                continue
            _isolate()
            if MARKS:
                print("\x1e%s.%s" % (name, attr))
            try:
                test()
                results[0] += 1
            except Exception as e:  # report every failure, keep going
                results[1] += 1
                _report("%s.%s" % (name, attr), e)


def main():
    results = [0, 0, 0]
    if RUNTIME != "micropython" and any("firmware" in f for f in ARGS):
        from tests.firmware import cpython_port

        cpython_port.install()
    try:
        for folder in ARGS:
            run_folder(folder, results)
    except BaseException as e:  # whatever stopped the run, the summary still prints
        results[1] += 1
        _report("the runner itself", e)
    _isolate()
    if TALLY is not None:  # one file of run_apart's: its counts, and its summary is the parent's
        with open(TALLY, "w") as f:
            f.write("%d %d %d" % tuple(results))
        sys.exit(0)
    if results[0] + results[1] == 0:
        print("%s: no tests found" % RUNTIME)
        sys.exit(1)
    skipped = " (%d need MicroPython itself, skipped)" % results[2] if results[2] else ""
    print("%s: %d passed, %d failed%s" % (RUNTIME, results[0], results[1], skipped))
    sys.exit(1 if results[1] else 0)


main()
