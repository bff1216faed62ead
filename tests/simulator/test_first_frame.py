"""What a board has loaded when its first frame shows, booting onto each game's mat.

Deploy's list of the firmware's names puts the names of that code last, where MicroPython's
name lookups start (host/adjutant/interned_names.py, first_frame): the boot's own imports find
their names soonest. The list must name the code the boot really loads, or the order helps
less and nothing else notices."""

from __future__ import annotations

import pathlib

from adjutant.interned_names import BOOT_DROPS, first_frame, import_names
from adjutant.sim.process import SimDevice
from adjutant.sim.scenario import run

REPO = pathlib.Path(__file__).resolve().parents[2]
# New game from the mat: the menu (BACK), its fourth row, then the game's row
THE_WAR = 'press BACK\npress DOWN 3\npress OK\npress DOWN 7\nexpect text "The War"\npress OK\nexpect screen war-mat\n'
LAST_FRONT = (
    'press BACK\npress DOWN 3\npress OK\npress DOWN 10\nexpect text "Last Front"\npress OK\nexpect screen front-mat\n'
)


def _firmware_modules() -> set[str]:
    """Every module of firmware/ and shared_engine/ as a board imports it ("play.great_war.mat")."""
    found = set()
    for folder, on_board in ((REPO / "firmware", ""), (REPO / "shared_engine", "shared_engine/")):
        for path in folder.rglob("*.py"):
            found.add(import_names(on_board + path.relative_to(folder).with_suffix(".mpy").as_posix())[1])
    return found


def _loaded_at_first_frame(tmp_path: pathlib.Path, name: str, presses: str) -> set[str]:
    with SimDevice(tmp_path / f"{name}.img", seed=1, fresh=True) as device:
        device.wait(300)
        if presses:  # that game begun and kept on the flash: the board boots onto its mat
            run(device, presses, REPO)
            device.power_cut()
            device.wait(300)
        loaded = device.stats()["first_frame_modules"]
    assert loaded, "no first frame seen"
    return set(loaded) & _firmware_modules()


def test_the_names_deploy_puts_last_are_those_of_the_code_each_games_boot_loads(tmp_path: pathlib.Path) -> None:
    loaded = {
        "The Great War, fresh": _loaded_at_first_frame(tmp_path, "fresh", ""),
        "The War": _loaded_at_first_frame(tmp_path, "war", THE_WAR),
        "Last Front": _loaded_at_first_frame(tmp_path, "front", LAST_FRONT),
    }
    assert "play.the_war.mat" in loaded["The War"] and "play.last_front.mat" in loaded["Last Front"]
    every = set().union(*loaded.values())
    FIRST_FRAME = first_frame(REPO)
    assert not every - FIRST_FRAME, "loaded before the first frame, add to FIRST_FRAME: %s" % sorted(
        every - FIRST_FRAME
    )
    stale = FIRST_FRAME - every - BOOT_DROPS
    assert not stale, "no longer loaded before the first frame, take out of FIRST_FRAME: %s" % sorted(stale)
