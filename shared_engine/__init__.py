"""Adjutant's game engine: pure rules logic shared by the device and the host.

Runs unchanged on CPython 3.10+ and MicroPython 1.22+. No I/O, no clock and
no global random source: dice take an injected byte source.
"""
