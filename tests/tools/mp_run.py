"""Run plain-assert test modules under MicroPython (no pytest there).

    micropython tests/tools/mp_run.py tests/engine [more folders]

Imports every test_*.py in the folders, calls each test_* function, and ends
with "micropython: N passed, N failed". Exit status 1 if any failed.
"""

import os
import sys

sys.path.insert(0, ".")  # run from the repository root, as `make` does


def run_folder(folder, results):
    package = folder.strip("/").replace("/", ".")
    for filename in sorted(os.listdir(folder)):
        if not (filename.startswith("test_") and filename.endswith(".py")):
            continue
        name = package + "." + filename[:-3]
        module = __import__(name, None, None, ["*"])
        for attr in sorted(dir(module)):
            test = getattr(module, attr)
            if not attr.startswith("test_") or not callable(test):
                continue
            try:
                test()
                results[0] += 1
            except Exception as e:  # report every failure, keep going
                results[1] += 1
                print("FAIL %s.%s" % (name, attr))
                sys.print_exception(e)


def main():
    results = [0, 0]
    for folder in sys.argv[1:]:
        run_folder(folder, results)
    if results[0] + results[1] == 0:
        print("micropython: no tests found")
        sys.exit(1)
    print("micropython: %d passed, %d failed" % (results[0], results[1]))
    sys.exit(1 if results[1] else 0)


main()
