"""The host's fixtures: a board that has played the scripted game."""

from __future__ import annotations

import pytest
from adjutant.sim.process import SimDevice

from tests.host.link_cli import play


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory):
    """A device that has played the scripted full game, now on the wall clock."""
    tmp = tmp_path_factory.mktemp("link")
    with SimDevice(tmp / "flash.img", seed=3, timeout=600) as dev:
        dev.wait(300)
        play(dev)
        dev.go_realtime()
        yield dev
