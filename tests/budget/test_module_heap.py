"""bench/module_heap.py: each module's own heap at boot, its imports and the pools of names left out."""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import module_heap  # noqa: E402


def info(names: int, text: int, pools: int) -> str:
    return f"qstr pool: n_pool=5, n_qstr={names}, n_str_data_bytes={text}, n_total_bytes={text + pools}"


def test_a_module_is_charged_its_own_heap_and_names_not_its_imports_nor_a_pool_nor_the_harness() -> None:
    trace = [
        "IN clock 100",  # the harness loading: not the firmware's
        info(50, 300, 1000),
        "OUT clock 500 1",
        info(90, 450, 2000),
        "harness 900",
        "IN outer 1000",
        info(100, 500, 2000),
        "IN inner 1300",  # outer's own code so far: 300 B, 10 names
        info(110, 560, 2000),
        "IN time 1800",  # inner's import of a module already loaded: listed nowhere
        info(130, 600, 2000),
        "OUT time 1800 0",
        info(130, 600, 2000),
        "OUT inner 5900 1",  # inner opened a pool of 3,600 B: its own 1,000 B, 25 names
        info(135, 640, 5600),
        "OUT outer 6100 2",  # and outer's last 200 B, 5 names more
        info(140, 660, 5600),
        "LIVE 7000",
        "KEPT outer",
    ]
    modules, pools, harness, live = module_heap.attribute(trace)
    assert modules == [("outer", 500, 15, True), ("inner", 1000, 25, False)]
    assert (pools, harness, live) == (3600, 900, 7000)


def test_on_the_firmware_the_modules_still_loaded_and_the_pools_fit_in_the_live_heap(tmp_path: pathlib.Path) -> None:
    from adjutant.deploy import build

    build(ROOT, tmp_path / "code", packed=False)
    modules, pools, harness, live = module_heap.traced_boot(tmp_path / "code", tmp_path / "flash.img")
    names = [m[0] for m in modules]
    assert len(names) == len(set(names)), "each module is charged once"
    assert {"ui", "session", "journal", "play.great_war.mat", "shared_engine.great_war.rules"} <= set(names)
    kept = sum(m[1] for m in modules if m[3])
    assert 0 < kept + pools < live - harness, (kept, pools, live - harness)
