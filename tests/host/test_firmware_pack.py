"""Deploy's pack of the firmware's code (firmware/firmware_pack.py) on the MicroPython unix port, as
a board's main.py mounts it: every module imports from it, a maker's own module beside it still
imports from the flash, and a module is fed to the loader a piece at a time, never held whole in
the heap (a Pico's heap late in a long game has no block a large module's size)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    from adjutant.deploy import build

    if not MICROPYTHON.exists():
        pytest.fail("the MicroPython unix port is not in the venv: make venv installs it")
    out = tmp_path_factory.mktemp("board")
    build(REPO, out)
    return out


def _run(board: pathlib.Path, script: str) -> str:
    prelude = "import sys\nsys.path[:0] = ['']\nimport firmware_pack\nassert firmware_pack.mount()\n"
    done = subprocess.run(
        [str(MICROPYTHON), "-c", prelude + script], capture_output=True, text=True, cwd=board, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_deployed_board_holds_its_code_in_one_pack_beside_its_loader_and_main(board: pathlib.Path) -> None:
    from adjutant.firmware_pack import NAME, paths

    assert sorted(p.name for p in board.iterdir()) == ["firmware.pack", "firmware_pack.mpy", "main.py"]
    held = paths(board / NAME)
    assert {"runtime.mpy", "shared_engine/__init__.mpy", "play/great_war/mat.mpy", "interned_names.mpy"} <= set(held)


def test_every_module_of_the_firmware_imports_from_the_pack(board: pathlib.Path) -> None:
    from adjutant.firmware_pack import MOUNT, NAME, paths

    modules = [
        ".".join(pathlib.PurePosixPath(path).with_suffix("").parts).removesuffix(".__init__")
        for path in paths(board / NAME)
        if path != "interned_names.mpy"
    ]
    said = _run(board, "for m in %r:\n    __import__(m)\nimport ui, screens.over\nprint(ui.__file__)\n" % modules)
    assert said.split() == [MOUNT + "/ui.mpy"]


def test_a_makers_own_module_beside_the_pack_imports_from_the_flash(board: pathlib.Path) -> None:
    (board / "my_sensor.py").write_text("READING = 42\n")
    try:
        assert _run(board, "import my_sensor\nprint(my_sensor.READING)\n").split() == ["42"]
    finally:
        (board / "my_sensor.py").unlink()


def test_a_module_is_fed_to_the_loader_a_piece_at_a_time_never_read_whole(board: pathlib.Path) -> None:
    script = """
import vfs
for pack, mount in vfs.mount():
    if mount == firmware_pack.MOUNT:
        break
class Counted:  # the flash's file: what is read of it, and in what sizes
    def __init__(self, f):
        self.f = f
    def read(self, n):
        sizes.append(n)
        return self.f.read(n)
    def seek(self, at):
        return self.f.seek(at)
    def readline(self):
        return self.f.readline()
    def readinto(self, buf):
        sizes.append(len(buf))
        return self.f.readinto(buf)
    def close(self):
        self.f.close()
sizes = []
opened = pack._file
def counted():  # each time the pack opens its file again
    if not isinstance(pack.f, Counted):
        pack.f = Counted(opened())
    return pack.f
pack._file = counted
from shared_engine.great_war import rules
print(len(sizes) > 4, max(sizes) <= 256, rules.__name__)
"""
    assert _run(board, script).split() == ["True", "True", "shared_engine.great_war.rules"]


def test_main_run_again_from_the_repl_mounts_the_pack_anew(board: pathlib.Path) -> None:
    said = _run(board, "assert firmware_pack.mount()\nimport sys\nprint(sys.path.count(firmware_pack.MOUNT))\n")
    assert said.split() == ["1"]


def test_the_packs_file_is_open_only_within_an_import_once_the_boot_is_done(board: pathlib.Path) -> None:
    script = """
import vfs
for pack, mount in vfs.mount():
    if mount == firmware_pack.MOUNT:
        break
import ui
print(pack.f is None)
import lazy
lazy.booted()
print(pack.f is None)
from shared_engine.the_war import rules
print(pack.f is None, rules.__name__)
"""
    assert _run(board, script).split() == ["False", "True", "True", "shared_engine.the_war.rules"]
