"""Shared pytest fixtures."""

from __future__ import annotations

import pathlib

import pytest
from adjutant.sim.process import SimDevice

# tests/firmware/ replaces interpreter-wide modules (time, select, machine), so it runs in
# processes of its own: `make test` runs it with tests/tools/mp_run.py on MicroPython and,
# through tests/firmware/cpython_port.py, on CPython.
collect_ignore = ["firmware"]


@pytest.fixture
def dev(tmp_path: pathlib.Path):
    """A simulated device with fixed dice, booted and showing the Battle Mat."""
    with SimDevice(tmp_path / "flash.img", seed=5) as device:
        device.wait(200)
        yield device
