"""The test runners of `make test` stop a test that hangs, and say which one it was."""

from __future__ import annotations

import pathlib
import subprocess
import sys

from adjutant.sim.interpreter import micropython

REPO = pathlib.Path(__file__).resolve().parents[2]
TIMED = REPO / "tests/tools/timed.py"
MP_RUN = REPO / "tests/tools/mp_run.py"


def _suite(tmp_path: pathlib.Path) -> pathlib.Path:
    """A folder of plain-assert tests, one of which never returns (as a button stuck sending LONG would)."""
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "test_a.py").write_text("def test_fine():\n    assert 1 + 1 == 2\n")
    (folder / "test_b.py").write_text("def test_forever():\n    while True:\n        pass\n")
    return folder


def test_a_hung_test_on_micropython_fails_by_its_name_within_the_limit(tmp_path: pathlib.Path) -> None:
    _suite(tmp_path)
    command = [sys.executable, str(TIMED), "3", micropython(), str(MP_RUN), "suite"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 1, done
    assert done.stdout.strip().splitlines()[-1].startswith("FAIL suite.test_b.test_forever: no result after 3 s")
    assert "\x1e" not in done.stdout  # the runner's marks are not shown


def test_a_run_that_ends_keeps_its_own_verdict_and_output(tmp_path: pathlib.Path) -> None:
    folder = _suite(tmp_path)
    (folder / "test_b.py").write_text("def test_fails():\n    assert 1 + 1 == 3\n")
    command = [sys.executable, str(TIMED), "30", micropython(), str(MP_RUN), "suite"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 1 and "FAIL suite.test_b.test_fails" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "micropython: 1 passed, 1 failed"


def test_pytest_stops_a_hung_test_by_its_name(tmp_path: pathlib.Path) -> None:
    (tmp_path / "test_hang.py").write_text("import time\n\ndef test_sleeps():\n    time.sleep(60)\n")
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout", "2", "test_hang.py"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode != 0 and "Timeout" in done.stdout and "test_sleeps" in done.stdout, done.stdout


def test_the_power_cuts_noise_is_dropped_and_everything_else_passed_on(tmp_path: pathlib.Path) -> None:
    folder = _suite(tmp_path)
    (folder / "test_b.py").write_text(
        "def test_noise():\n    print('OSError: 84')\n    print('OSError: [Errno 5] EIO')\n    print('kept')\n"
    )
    command = [sys.executable, str(TIMED), "30", micropython(), str(MP_RUN), "suite"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0 and "OSError" not in done.stdout and "kept" in done.stdout, done.stdout
