"""Card data end to end: `adjutant cards push` against the simulated board over its pty.

The unchanged firmware runs on MicroPython; a scripted game is played on it
through the buttons (fast, in simulated time), then the device switches to
the wall clock and the host talks to it as to a board on USB.
"""

import json
import pathlib
import random

import pytest
import serial
from adjutant.errors import DeviceRestarted, NoDevice
from adjutant.link.client import DeviceLink
from adjutant.push_cards import push
from adjutant.sim.process import SimDevice

from tests.host.link_cli import FlakyPort, adjutant


def test_bad_card_file_is_refused_with_file_line_and_field(played: SimDevice, tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("#version,v1\nid,name,deck,bp\nok,Fine,CP,3\nbad,,XX,300\n")
    done = adjutant(played, tmp_path / "db", "cards", "push", str(bad), check=False)
    assert done.returncode == 7
    assert f"{bad}:4: name:" in done.stderr and f"{bad}:4: deck:" in done.stderr


def test_the_device_refuses_card_data_that_fails_validation_and_keeps_the_old(played: SimDevice) -> None:
    device = DeviceLink(serial.Serial(played.serial_path, timeout=0.1))
    device.hello()
    before = device.info["cards"]
    with pytest.raises(Exception, match="card data rejected, old data kept"):
        push(device, json.dumps({"version": "x", "cards": [{"id": "a", "name": "A", "deck": "ZZ"}]}).encode())
    device.hello()
    assert device.info["cards"] == before
    device.port.close()


def test_an_interrupted_card_push_resumes_from_where_it_stopped(played: SimDevice, tmp_path: pathlib.Path) -> None:
    rng = random.Random(5)
    cards = {
        "version": "big-1",
        "cards": [
            {"id": f"cp-{i}", "name": f"Card {rng.random():.12f}", "deck": "CP", "bp": i % 20} for i in range(300)
        ],
    }
    data = json.dumps(cards).encode()
    offsets = []
    for budget in (2500, 3000, 3500, 10**9):
        port = serial.Serial(played.serial_path, timeout=0.05)
        device = DeviceLink(FlakyPort(port, budget), timeout=1.0)
        try:
            device.hello()
            reply = push(device, data, start=lambda total, offset: offsets.append(offset))
            break
        except (serial.SerialException, NoDevice, DeviceRestarted):
            port.close()
    assert reply == {
        "cards": 300,
        "version": "big-1",
        "game": "the-great-war",
        "id": reply["id"],
        "st": 0,
        "_payload": b"",
    }
    assert offsets[0] == 0 and offsets[-1] > 0, "the last run resumed past the start"
    assert offsets == sorted(offsets)


def test_a_card_push_leaves_the_cards_names_in_the_archive_for_the_exports(
    played: SimDevice, tmp_path: pathlib.Path
) -> None:
    from adjutant.store import Store

    cards = tmp_path / "cards.csv"
    cards.write_text("#version,names-1\nid,name,deck,bp\ncp-1,Big Bertha,CP,3\nea-1,Old Contemptibles,EA,4\n")
    done = adjutant(played, tmp_path / "db", "cards", "push", str(cards))
    assert "device now has card data names-1 (2 cards)" in done.stdout
    store = Store(tmp_path / "db", readonly=True)
    assert store.card_names() == {"cp-1": "Big Bertha", "ea-1": "Old Contemptibles"}
    store.close()


def test_card_data_is_refused_for_a_game_that_reads_none(played: SimDevice, tmp_path: pathlib.Path) -> None:
    from adjutant.errors import DeviceRefused

    device = DeviceLink(serial.Serial(played.serial_path, timeout=0.1))
    device.hello()
    before = device.info["cards"]
    with pytest.raises(DeviceRefused, match="'the-war' reads no card data"):
        push(
            device,
            json.dumps({"version": "x", "cards": [{"id": "a", "name": "A", "deck": "CP"}]}).encode(),
            game="the-war",
        )
    device.hello()
    assert device.info["cards"] == before
    device.port.close()
    cards = tmp_path / "cards.csv"
    cards.write_text("#version,v1\nid,name,deck,bp\ncp-1,Big Bertha,CP,3\n")
    done = adjutant(played, tmp_path / "db", "cards", "push", str(cards), "--game", "the-war", check=False)
    assert done.returncode == 2 and "'the-war' reads no card data (games that do: the-great-war)" in done.stderr
