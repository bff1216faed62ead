# tests/firmware/ replaces interpreter-wide modules (time, select, machine), so it runs in
# processes of its own: `make test` runs it with tests/tools/mp_run.py on MicroPython and,
# through tests/firmware/cpython_port.py, on CPython.
collect_ignore = ["firmware"]
