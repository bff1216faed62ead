"""The package as people install it: the wheel built from this checkout, installed into a fresh
venv outside the repository (with the simulator's extra, as `pipx install '.[sim]'` does), and
used from there: the simulator started, the firmware deployed into it, a game of each game
pulled, every export format. A module or data file missing from the wheel fails it.

It needs the package index for the wheel's dependencies (CI has it); without it, it fails
saying so, never passing silently."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys
import zipfile

REPO = pathlib.Path(__file__).resolve().parents[2]


def _clean_copy(tmp_path: pathlib.Path) -> pathlib.Path:
    """The checkout's own files as a clone has them (tracked, or new and not ignored): an old
    build/ or egg-info beside the sources would put in the wheel what its configuration left out."""
    listed = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    copy = tmp_path / "checkout"
    for name in filter(None, listed):
        source = REPO / name.decode()
        if source.is_file():  # a file deleted and not yet committed is listed too
            (copy / name.decode()).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name.decode())
    return copy


def test_the_wheel_installed_in_a_fresh_venv_deploys_pulls_each_game_and_exports_every_format(
    tmp_path: pathlib.Path,
) -> None:
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(_clean_copy(tmp_path))],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("adjutant-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in (
        "adjutant/board/firmware/main.py",
        "adjutant/board/shared_engine/games.py",
        "shared_engine/the_war/core.py",
        "shared_engine/last_front/core.py",
        "adjutant/sim/device/boot.py",
        "adjutant/games/last_front/__init__.py",
    ):
        assert needed in names, needed
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    installed = subprocess.run(
        [str(venv / "bin/pip"), "install", "-q", f"{wheel}[sim]"], capture_output=True, text=True, timeout=1200
    )
    assert installed.returncode == 0, "pip install of the wheel (needs the package index): " + installed.stderr[-2000:]
    work = tmp_path / "desk"  # outside the repository: nothing of the checkout to lean on
    work.mkdir()
    driver = work / "as_installed.py"
    driver.write_text((REPO / "tests/installed/as_installed.py").read_text())
    done = subprocess.run(
        [str(venv / "bin/python"), str(driver), str(work)],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=work,
        env={"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"},
    )
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stdout + done.stderr
