"""Acknowledgements: the device lets a game go only once the archive holds it as it stands.

A pulled game may later be removed from the device's flash when space runs low, so
the device must never count a game as pulled that the archive does not hold intact:
not after a failed commit, not with an old sha256, not once the game is played on.
"""

from __future__ import annotations

import pathlib
import sqlite3

import pytest
import serial
from adjutant.link.client import Device
from adjutant.pull import listing, pull
from adjutant.sim.process import SimDevice
from adjutant.store import Store


def _connect(dev: SimDevice) -> Device:
    device = Device(serial.Serial(dev.serial_path, timeout=0.05))
    device.hello()
    return device


def _pulled(device: Device) -> dict[str, bool]:
    return {g["gid"]: g["pulled"] for g in listing(device, None, None, [])}


@pytest.fixture
def dev(tmp_path: pathlib.Path):
    """A device with a game under way: the d6 rolled, Combat Round 1."""
    with SimDevice(tmp_path / "flash.img", seed=5, realtime=True, timeout=300) as d:
        d.wait(500)
        d.press("OK")
        d.press("OK")
        yield d


class FailingCommit(Store):
    """An archive whose disk fails at the commit that would make the pull durable."""

    def commit(self) -> None:
        raise sqlite3.OperationalError("disk I/O error")


def test_a_pull_whose_commit_fails_leaves_every_game_unacknowledged(dev: SimDevice, tmp_path: pathlib.Path) -> None:
    device = _connect(dev)
    store = FailingCommit(tmp_path / "archive.sqlite3")
    with pytest.raises(sqlite3.OperationalError):
        pull(device, store)
    store.db.rollback()
    assert _pulled(device) == {"g0001": False}  # the device may not remove what the archive lacks
    store.close()
    assert Store(tmp_path / "archive.sqlite3").games() == []
    device.port.close()


def test_a_game_played_on_after_its_pull_is_unacknowledged_and_an_old_sha256_acks_nothing(
    dev: SimDevice, tmp_path: pathlib.Path
) -> None:
    device = _connect(dev)
    store = Store(tmp_path / "archive.sqlite3")
    assert pull(device, store).new == ["g0001"]
    old = store.find("g0001").sha
    assert _pulled(device) == {"g0001": True}
    device.port.close()
    dev.press("UP")  # one more action: the Attack card
    device = _connect(dev)
    assert _pulled(device) == {"g0001": False}  # played on: the archive's copy is behind
    reply = device.ask("ack", {"games": [["g0001", old]]})
    assert reply["acked"] == 0
    assert _pulled(device) == {"g0001": False}
    device.port.close()
