"""`adjutant import FILE...`: a game saved on the phone page into the archive, with pull's checks.

The files here are made as the page's "Save game" makes them: the game's
compact records (shared_engine.log.encode_compact, what the device stores and
sends), their sha256, the device's id and when it was played.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import subprocess
import sys

from shared_engine.great_war.game import Game
from shared_engine.log import encode_compact

REPO = pathlib.Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests/golden/basic_game.jsonl"


def saved(path: pathlib.Path, upto: int | None = None, **change: object) -> pathlib.Path:
    game = Game.from_lines(GOLDEN.read_text())
    actions = game.actions[:upto] if upto is not None else game.actions
    records = [encode_compact(game.header)] + [encode_compact(a) for a in actions]
    sha = hashlib.sha256("".join(r + "\n" for r in records).encode()).hexdigest()
    data = {"adjutant-game": 1, "dev": "4144534a-1a2b3c4d", "gid": "g0001", "sha": sha}
    data |= {"board": "phone", "fw": "0.5.0", "t": [1790000000, 1790005400, 0], "records": records}
    data |= change
    path.write_text(json.dumps(data))
    return path


def adjutant(archive: pathlib.Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "--db", str(archive), *args], capture_output=True, text=True, timeout=60
    )


def test_a_saved_game_is_imported_once_and_listed_with_its_score(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    file = saved(tmp_path / "adjutant-g0001.json")
    done = adjutant(archive, "import", str(file))
    assert done.returncode == 0, done.stderr
    assert "adjutant-g0001.json: g0001 imported (Basic game, EA by 12 Moral 43-55)" in done.stdout
    assert "1 new, 0 updated, 0 already there" in done.stdout
    again = adjutant(archive, "import", str(file))
    assert again.returncode == 0 and "g0001 is in the archive already" in again.stdout
    assert "0 new, 0 updated, 1 already there" in again.stdout
    listed = json.loads(adjutant(archive, "games", "--json").stdout)
    assert len(listed) == 1 and listed[0]["game"] == "g0001" and listed[0]["ea_total"] == 55


def test_a_game_saved_mid_way_then_saved_again_at_the_end_is_updated_not_added(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    early = adjutant(archive, "import", str(saved(tmp_path / "early.json", upto=20)))
    assert early.returncode == 0 and "not over" in early.stdout
    late = adjutant(archive, "import", str(saved(tmp_path / "late.json")))
    assert late.returncode == 0 and "g0001 updated (Basic game, EA by 12 Moral 43-55)" in late.stdout
    assert len(json.loads(adjutant(archive, "games", "--json").stdout)) == 1


def test_damaged_or_foreign_files_get_one_line_each_exit_7_and_the_good_one_still_goes_in(
    tmp_path: pathlib.Path,
) -> None:
    archive = tmp_path / "games.sqlite3"
    good = saved(tmp_path / "good.json")
    tampered = saved(tmp_path / "tampered.json")
    data = json.loads(tampered.read_text())
    data["records"][5] += " "  # one byte changed on the way: the sha256 no longer matches
    tampered.write_text(json.dumps(data))
    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"hello": "world"}')
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00\xffnot json")
    missing = tmp_path / "missing.json"
    done = adjutant(archive, "import", str(tampered), str(foreign), str(good), str(garbage), str(missing))
    assert done.returncode == 7, done.stderr  # invalid data, as `adjutant --help` lists
    said = done.stderr.strip().splitlines()
    assert len(said) == 4 and "Traceback" not in done.stderr
    assert "tampered.json: damaged: its records do not match their sha256" in said[0]
    assert "foreign.json: not a saved Adjutant game" in said[1]
    assert "garbage.json: not a saved Adjutant game" in said[2]
    assert "missing.json: not a saved Adjutant game" in said[3]
    assert "good.json: g0001 imported" in done.stdout and "1 new" in done.stdout


def test_a_record_the_rules_refuse_is_damage_even_with_a_matching_sha256(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    game = Game.from_lines(GOLDEN.read_text())
    records = [encode_compact(game.header)] + [encode_compact(a) for a in game.actions]
    records.insert(3, '["bp",99,99]')  # a battle's BP where no battle is being resolved
    sha = hashlib.sha256("".join(r + "\n" for r in records).encode()).hexdigest()
    bad = saved(tmp_path / "illegal.json", records=records, sha=sha)
    done = adjutant(archive, "import", str(bad))
    assert done.returncode == 7
    assert "illegal.json: damaged:" in done.stderr and len(done.stderr.strip().splitlines()) == 1
