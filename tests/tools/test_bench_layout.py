"""The benches stand on the product and their own workload, never on the tests."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_no_bench_imports_from_the_tests() -> None:
    found = [
        f"{path.name}:{n}"
        for path in sorted((ROOT / "bench").glob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if re.match(r"\s*(from tests[. ]|import tests\b)", line)
    ]
    assert found == [], found


def test_the_rp2_instrument_still_finds_the_scripted_game_by_its_former_path() -> None:
    # The rp2 instrument (drive.py, not in this project): load_checkout imports tests.firmware.full_game and plays
    # its events() with PAUSE_MS between presses, checking expected_totals(); boards.py its number().
    from bench import scripted_game
    from tests.firmware import full_game

    for name in ("events", "PAUSE_MS", "expected_totals", "number"):
        assert getattr(full_game, name) is getattr(scripted_game, name), name
