# tests/firmware/ runs on MicroPython only (the firmware needs framebuf, machine and
# ticks_ms): `make test` runs it with tests/tools/mp_run.py on the real interpreter.
collect_ignore = ["firmware"]
