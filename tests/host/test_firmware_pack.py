"""firmware.pack: deploy's modules in one file, mounted by the board's packed.py at boot.

The pack is what makes a board's imports quick (host/adjutant/firmware_pack.py says why); these
check it holds the very modules deploy compiles, that MicroPython imports every one of them from
it, and that a damaged pack is said in one line while the board goes on with what files it has.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

from adjutant.deploy import build
from adjutant.firmware_pack import MOUNT, NAME, unpack

REPO = pathlib.Path(__file__).resolve().parents[2]
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"
NAMES = ("early_names.mpy", "interned_names.mpy")  # names for the board to take in, no code


def micropython(script: str, cwd: pathlib.Path) -> str:
    done = subprocess.run([str(MICROPYTHON), "-c", script], capture_output=True, text=True, cwd=cwd, timeout=120)
    return done.stdout + done.stderr


def test_the_pack_holds_every_module_deploy_compiles_and_only_the_loader_and_main_stay_files(
    tmp_path: pathlib.Path,
) -> None:
    build(REPO, tmp_path / "files", packed=False)
    build(REPO, tmp_path / "packed")
    files = {
        p.relative_to(tmp_path / "files").as_posix(): p.read_bytes()
        for p in (tmp_path / "files").rglob("*.mpy")
        if p.name != "packed.mpy"
    }
    assert sorted(p.name for p in (tmp_path / "packed").iterdir()) == [NAME, "main.py", "packed.mpy"]
    packed = unpack(tmp_path / "packed" / NAME)
    assert set(packed) == set(files) and "screens/mat.mpy" in packed
    for path, code in files.items():
        if path not in NAMES:  # their names are where the board imports the modules from
            assert packed[path] == code, path


def test_micropython_imports_every_module_from_the_pack(tmp_path: pathlib.Path) -> None:
    build(REPO, tmp_path)
    modules = sorted(
        p.removesuffix(".mpy").replace("/", ".").removesuffix(".__init__")
        for p in unpack(tmp_path / NAME)
        if p not in NAMES
    )
    said = micropython(
        "import sys\nsys.path.insert(0, '')\nimport packed\n"
        + "for m in %r:\n    __import__(m)\n" % modules
        + "wrong = [m for m in %r if not sys.modules[m].__file__.startswith(%r)]\n" % (modules, MOUNT + "/")
        + "print('imported', len(%r), 'not from the pack', wrong)\n" % modules
        + "try:\n    open(%r, 'wb')\nexcept OSError:\n    print('no writing')\n" % (MOUNT + "/runtime.mpy"),
        tmp_path,
    )
    assert "imported %d not from the pack []" % len(modules) in said, said
    assert "no writing" in said, said


def test_a_damaged_pack_is_said_in_one_line_and_the_modules_own_files_load(tmp_path: pathlib.Path) -> None:
    build(REPO, tmp_path / "packed")
    build(REPO, tmp_path / "files", packed=False)
    whole = (tmp_path / "packed" / NAME).read_bytes()
    for damage, said_as in (
        (whole[:-100], "cut short: deploy again"),  # a copy that stopped
        (whole[:40] + b"x" * 20 + whole[60:], "its index is damaged: deploy again"),  # bytes of it overwritten
        (b"PK\x03\x04" + whole[4:], "not a firmware pack of this version"),  # another file by the name
    ):
        (tmp_path / "files" / NAME).write_bytes(damage)
        said = micropython(
            "import sys\nsys.path.insert(0, '')\nimport packed\nimport runtime\nprint('from', runtime.__file__)\n",
            tmp_path / "files",
        )
        assert "firmware.pack: " + said_as in said, said
        assert "Traceback" not in said and "from runtime.mpy" in said, said
