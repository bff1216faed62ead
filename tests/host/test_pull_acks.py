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
from adjutant.link.client import DeviceLink
from adjutant.pull import listing, pull
from adjutant.sim.process import SimDevice
from adjutant.store import Store

from shared_engine import frames


def _connect(dev: SimDevice) -> DeviceLink:
    device = DeviceLink(serial.Serial(dev.serial_path, timeout=0.05))
    device.hello()
    return device


def _pulled(device: DeviceLink) -> dict[str, bool]:
    return {g["gid"]: g["pulled"] for g in listing(device, None, None, [])}


@pytest.fixture
def dev(tmp_path: pathlib.Path):
    """A device with a game under way: the d6 rolled, Combat Round 1."""
    with SimDevice(tmp_path / "flash.img", seed=5, realtime=True, timeout=300) as d:
        d.wait(500)
        d.press("OK")  # the d6, and on to Combat Round 1
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
    dev.press("OK")  # played on: to the battle
    device = _connect(dev)
    assert _pulled(device) == {"g0001": False}  # played on: the archive's copy is behind
    reply = device.ask("ack", {"games": [["g0001", old]]})
    assert reply["acked"] == 0
    assert _pulled(device) == {"g0001": False}
    device.port.close()


def _end_now(dev: SimDevice) -> None:
    """3.4 from the menu: CP cannot draw a Nationality card; both hands hold no BP."""
    while dev.state()["screen"] != "menu":  # from the d6 screen, BACK goes to the mat first
        dev.press("BACK")
    dev.press("UP")  # from the top round to the menu's last row: End game 3.4
    dev.press("OK")
    dev.press("OK")  # CP cannot draw
    dev.press("OK")  # yes, end now
    dev.press("OK")
    dev.press("OK")  # both hands: 0 BP
    assert dev.state()["game"]["phase"] == "over", dev.shown()


def test_an_ack_with_the_sha256_of_another_game_listed_in_the_same_session_acks_nothing(dev: SimDevice) -> None:
    _end_now(dev)  # g0001, finished
    while dev.state()["screen"] != "menu":
        dev.press("BACK")
    dev.press("DOWN", 3)
    dev.press("OK")  # New game
    dev.press("OK")  # Basic game
    dev.press("OK")  # the setup read
    dev.press("OK")  # its d6: something played, so it is kept
    _end_now(dev)  # g0002, finished too
    device = _connect(dev)
    listed = {g["gid"]: g["sha"] for g in listing(device, None, None, [])}
    assert sorted(listed) == ["g0001", "g0002"] and listed["g0001"] != listed["g0002"]
    for gid, other in (("g0001", "g0002"), ("g0002", "g0001")):
        reply = device.ask("ack", {"games": [[gid, listed[other]]]})
        assert reply["acked"] == 0, (gid, reply)
    assert _pulled(device) == {"g0001": False, "g0002": False}
    reply = device.ask("ack", {"games": [["g0001", listed["g0001"]]]})  # its own sha256 acks it
    assert reply["acked"] == 1 and _pulled(device) == {"g0001": True, "g0002": False}
    device.port.close()


class BusyOnce(DeviceLink):
    """A board whose heap, late in a session, has no room for the first reply of each kind: it
    answers "busy: out of memory; try again" (status 4), as the firmware's link does."""

    def __init__(self, port) -> None:
        super().__init__(port)
        self.refused: list[str] = []
        self.ops: dict[int, str] = {}

    def post(self, op: str, fields: dict, payload: bytes = b"") -> int:
        rid = super().post(op, fields, payload)
        self.ops[rid] = op
        return rid

    def _wait(self, rid: int, timeout: float | None) -> dict | None:
        reply = super()._wait(rid, timeout)
        op = self.ops.get(rid)
        if reply is not None and op in ("list", "read") and op not in self.refused:
            self.refused.append(op)  # the device's answer, as its link sends it when an op runs out
            return {"id": rid, "st": frames.BUSY, "err": "out of memory; try again"}
        return reply


def test_a_device_busy_for_want_of_heap_is_asked_again_and_the_pull_loses_and_doubles_nothing(
    dev: SimDevice, tmp_path: pathlib.Path
) -> None:
    device = BusyOnce(serial.Serial(dev.serial_path, timeout=0.05))
    device.hello()
    store = Store(tmp_path / "archive.sqlite3")
    try:
        result = pull(device, store)
        games = store.games()
    finally:
        store.close()
    assert device.refused == ["list", "read"], device.refused  # each refused once, then answered
    assert result.new == ["g0001"] and [g.gid for g in games] == ["g0001"]
    assert _pulled(device) == {"g0001": True}
    device.port.close()
