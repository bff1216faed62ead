"""A fourth game, Race (tests/plugins/race/: a race to a target score, a point a press, undo and
redo), added to a copy of this checkout as docs/adding-a-game.md says: its three folders and one
registry entry, nothing else. Then it is played through every face: the buttons (with a power cut
at every flash write, on both runtimes), the simulator, `pull`, `games`, `games ID`, every export
format, `watch`, and the phone page in node. And a CLI that does not know it (this checkout's)
still pulls it, kept as it came, and names it in every command, never with a traceback."""

from __future__ import annotations

import csv
import io
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest
from adjutant.sim.process import SimDevice

REPO = pathlib.Path(__file__).resolve().parents[2]
RACE = pathlib.Path(__file__).resolve().parent / "race"
ENTRY = '    ("race", "Race", "race", "shared_engine.race", "play.race", "adjutant.games.race", ""),\n'
FACES = {"engine": "shared_engine/race", "device": "firmware/play/race", "desk": "host/adjutant/games/race"}


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """This checkout as it stands, with Race added by the recipe."""
    copy = tmp_path_factory.mktemp("race") / "checkout"
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        if (REPO / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, copy / name)
    for face, folder in FACES.items():
        shutil.copytree(RACE / face, copy / folder)
    registry = copy / "shared_engine/games.py"
    text = registry.read_text()
    end = text.index("\n)\n", text.index("GAMES = ("))
    registry.write_text(text[: end + 1] + ENTRY + text[end + 1 :])
    shutil.copy(RACE / "at_the_table.py", copy / "tests/firmware/test_race_at_the_table.py")
    if (REPO / "web/node_modules").exists():
        (copy / "web/node_modules").symlink_to(REPO / "web/node_modules")
    return copy


def _cli(checkout: pathlib.Path | None, *args: str) -> subprocess.CompletedProcess:
    """`adjutant` as installed from `checkout` (None: this one, which does not know Race)."""
    root = checkout or REPO
    env = dict(os.environ, PYTHONPATH=f"{root / 'host'}{os.pathsep}{root}", COLUMNS="80")
    return subprocess.run(
        [sys.executable, "-m", "adjutant.cli", *args], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )


def test_race_changes_no_file_outside_its_own_folders_but_the_registrys_one_entry(checkout: pathlib.Path) -> None:
    changed = []
    for path in checkout.rglob("*"):
        if path.is_file() and not path.is_symlink() and "node_modules" not in path.parts:
            name = path.relative_to(checkout).as_posix()
            if not (REPO / name).is_file() or (REPO / name).read_bytes() != path.read_bytes():
                changed.append(name)
    own = [n for n in changed if any(n.startswith(folder + "/") for folder in FACES.values())]
    assert sorted(set(changed) - set(own)) == ["shared_engine/games.py", "tests/firmware/test_race_at_the_table.py"]
    before = (REPO / "shared_engine/games.py").read_text().splitlines(keepends=True)
    after = (checkout / "shared_engine/games.py").read_text().splitlines(keepends=True)
    assert [line for line in after if line not in before] == [ENTRY] and len(after) == len(before) + 1
    assert len(own) <= 12, own  # a small game: its engine, its play module and screens, its desk


def test_race_is_played_at_the_table_with_a_power_cut_at_every_write_on_both_runtimes(
    checkout: pathlib.Path,
) -> None:
    test = "tests/firmware/test_race_at_the_table.py"
    runtimes = ((str(REPO / ".venv/bin/micropython"), "micropython: 2 passed"), (sys.executable, "cpython: 1 passed"))
    for runtime, passed in runtimes:
        done = subprocess.run(
            [runtime, "tests/tools/mp_run.py", test], cwd=checkout, capture_output=True, text=True, timeout=600
        )
        assert passed in done.stdout and " 0 failed" in done.stdout, done.stdout[-3000:] + done.stderr[-2000:]
    assert "Race, power cut:" in done.stdout or runtime == sys.executable


def _race_on_the_simulator(device: SimDevice) -> str:
    """New game, the last row (UP from the first: the list goes round): Race to 5; P1 wins 5-2.
    The race's game id."""
    device.press("BACK")
    device.press("DOWN", 3)
    device.press("OK")
    device.press("UP")
    device.press("OK")
    assert device.state()["screen"] == "race-mat", device.shown()
    for button in ("UP", "DOWN", "UP", "UP", "DOWN", "UP"):
        device.press(button)
    device.hold("BACK")  # undo P1's fourth point
    device.press("UP")
    device.press("UP")
    state = device.state()
    assert state["screen"] == "over" and "P1 WINS" in device.shown(), device.shown()
    return state["gid"]


def test_race_through_the_simulator_pull_games_every_export_and_watch(
    checkout: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    db = str(tmp_path / "games.sqlite3")
    with SimDevice(tmp_path / "flash.img", code=checkout, seed=3, fresh=True, timeout=300) as device:
        device.wait(300)
        gid = _race_on_the_simulator(device)
        device.go_realtime()
        port = device.serial_path
        pulled = _cli(checkout, "--port", port, "--db", db, "pull")
        assert pulled.returncode == 0 and f"pulled 1 new, 0 updated, 0 already stored ({gid})" in pulled.stdout, (
            pulled.stdout + pulled.stderr
        )
        watched = _cli(checkout, "--port", port, "watch", "--once")
        assert watched.returncode == 0 and "Race to 5  P1 5  P2 2" in watched.stdout, watched.stdout + watched.stderr
        info = _cli(checkout, "--port", port, "info")
        assert f"{gid}: Race, 5-2 to 5" in info.stdout, info.stdout + info.stderr
        # its own setting, set from the CLI as the device checks it: each through Race's folders alone
        told = _cli(checkout, "--port", port, "settings", "race_to=7")
        assert told.returncode == 0 and "*race_to" in told.stdout and " 7 " in told.stdout, told.stdout + told.stderr
        refused = _cli(checkout, "--port", port, "settings", "race_to=30")
        assert refused.returncode == 2 and "race_to takes a whole number from 3 to 21" in refused.stderr, refused.stderr
    listed = _cli(checkout, "--db", db, "games").stdout.splitlines()
    race = next(line for line in listed if f"/{gid}" in line)
    assert race.split()[2:] == ["Race", "to", "5", "P1", "won", "5-2"], listed
    told = _cli(checkout, "--db", db, "games", gid).stdout
    assert "point  7  P1  5-2" in told and "result: P1 wins 5-2" in told, told
    rows = list(csv.DictReader(io.StringIO(_cli(checkout, "--db", db, "export", "--game", "race").stdout)))
    assert [(r["player"], r["p1"], r["p2"]) for r in rows][-2:] == [("P1", "4", "2"), ("P1", "5", "2")]
    assert rows[0]["which_game"] == "race" and rows[0]["winner"] == "P1" and rows[0]["result"] == "P1 won 5-2"
    games = json.loads(_cli(checkout, "--db", db, "export", "--format", "json").stdout)
    race_json = next(g for g in games if g["which_game"] == "race")
    assert race_json["scores"] == {"P1": 5, "P2": 2} and len(race_json["points"]) == 7
    report = _cli(checkout, "--db", db, "export", "--format", "md").stdout
    assert f"## Race to 5: {gid}" in report and "| 7 | P1 | 5-2 |" in report and "Race: P1's wins:** 1" in report
    page = _cli(checkout, "--db", db, "export", "--format", "html").stdout
    assert f"<h2>Race to 5: {gid}</h2>" in page
    named = ("--player", "P1=Ann", "--player", "P2=Ben")
    play = json.loads(_cli(checkout, "--db", db, "export", "--format", "bgstats-json", *named, gid).stdout)
    assert play["game"]["name"] == "Race (Adjutant's test game)" and [p["score"] for p in play["players"]] == [5, 2]
    for kind in ("csv", "json", "md", "html", "bgstats", "bgstats-json"):
        done = _cli(checkout, "--db", db, "export", "--format", kind, "--game", "race")
        assert done.returncode == 0 and "Traceback" not in done.stderr, (kind, done.stderr)


def test_a_cli_that_does_not_know_race_pulls_it_raw_and_names_it_everywhere_without_a_traceback(
    checkout: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    db = str(tmp_path / "games.sqlite3")
    with SimDevice(tmp_path / "flash.img", code=checkout, seed=3, fresh=True, timeout=300) as device:
        device.wait(300)
        gid = _race_on_the_simulator(device)
        device.go_realtime()
        pulled = _cli(None, "--port", device.serial_path, "--db", db, "pull")
        assert pulled.returncode == 0, pulled.stderr
        assert f"{gid}: unknown game 'race' (newer firmware?): kept as it came" in pulled.stdout, pulled.stdout
        again = _cli(None, "--port", device.serial_path, "--db", db, "pull")
        assert "pulled 0 new, 0 updated, 1 already stored" in again.stdout, again.stdout + again.stderr
        # acknowledged once archived: the device may now drop it as it drops any pulled game
        listed = device.ask("list")
        assert listed is not None and all(g["pulled"] for g in listed["games"]), listed
    games = _cli(None, "--db", db, "games")
    assert "unknown game 'race' (newer firmware?)" in games.stdout and games.returncode == 0, games.stdout
    told = _cli(None, "--db", db, "games", gid)
    assert told.returncode == 0 and "unknown game 'race'" in told.stdout, told.stdout + told.stderr
    for kind in ("csv", "json", "md", "html", "bgstats-json"):
        done = _cli(None, "--db", db, "export", "--format", kind)
        assert "Traceback" not in done.stderr and "unexpected" not in done.stderr, (kind, done.stderr)
        assert "not exported, " in done.stderr and f"{gid}: unknown game 'race'" in done.stderr, (kind, done.stderr)
    # the raw records kept are the device's: a CLI that knows Race reads them
    later = _cli(checkout, "--db", db, "games", gid)
    assert later.returncode == 0 and "result: P1 wins 5-2" in later.stdout, later.stdout + later.stderr


def test_race_on_the_phone_page_in_node(checkout: pathlib.Path, tmp_path: pathlib.Path) -> None:
    if shutil.which("node") is None or not (REPO / "web/node_modules").exists():
        pytest.fail("node and web/node_modules are needed: make test installs them (npm ci)")
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "web/build.py", "--out", str(dist)], cwd=checkout, capture_output=True, text=True, timeout=300
    )
    assert build.returncode == 0, build.stderr[-2000:]
    tap = 80
    new_race = [["BACK", tap]] + [["DOWN", tap]] * 3 + [["OK", tap], ["UP", tap], ["OK", tap]]
    points = [["UP", tap], ["DOWN", tap], ["UP", tap], ["UP", tap], ["DOWN", tap], ["UP", tap], ["UP", tap]]
    presses = tmp_path / "presses.json"
    presses.write_text(json.dumps({"turns": [new_race, points], "gap": 110}))
    done = subprocess.run(
        ["node", str(checkout / "web/test/node_game.mjs"), str(dist), str(presses)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    played, end = [line["game"]["state"] for line in lines[1:-1]], lines[-1]
    assert played[0]["game"] == "race" and played[0]["scores"] == {"P1": 0, "P2": 0}, played[0]
    assert played[1]["phase"] == "over" and played[1]["scores"] == {"P1": 5, "P2": 2}, played[1]
    assert end["store_differs"] == [], end
    assert end["bgstats"].startswith("https://app.bgstatsapp.com/createPlay.html?data="), end
