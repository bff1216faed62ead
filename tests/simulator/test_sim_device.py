"""The simulated device end to end: the unchanged firmware on MicroPython,
its asyncio loop, the emulated OLED and a littlefs image file."""

from __future__ import annotations

import pathlib

import pytest
from adjutant.sim.process import SimDevice
from adjutant.sim.scenario import run

from bench import scripted_game

REPO = pathlib.Path(__file__).resolve().parents[2]


def test_full_game_through_the_buttons_on_the_simulated_device(dev: SimDevice) -> None:
    wrong = scripted_game.play(dev.hold, lambda: dev.state()["game"])  # every turn checked as it ends
    assert wrong == []
    state = dev.state()
    assert state["screen"] == "over"
    assert state["game"]["end"]["final"] == scripted_game.expected_totals()
    assert "WINS" in dev.shown() or "DRAW" in dev.shown()


def test_flash_image_persists_across_restarts_and_fresh_starts_empty(tmp_path: pathlib.Path) -> None:
    image = tmp_path / "flash.img"
    with SimDevice(image, seed=1) as dev:
        dev.wait(200)
        dev.press("OK")  # the d6, and on to Combat Round 1
        assert dev.state()["game"]["phase"] == "cr1"
    with SimDevice(image, seed=1) as dev:
        dev.wait(200)
        assert dev.state()["game"]["phase"] == "cr1"
    with SimDevice(image, seed=1, fresh=True) as dev:
        dev.wait(200)
        assert dev.state()["game"]["phase"] == "re"


def test_watchdog_resets_a_hung_loop_and_the_game_resumes(dev: SimDevice) -> None:
    dev.press("OK")  # the d6, and on to Combat Round 1
    dev.press("BACK")  # the mat
    dev.hang(True)
    dev.press("DOWN")  # the screen task hangs on the bus while drawing this
    dev.wait(9000)
    assert "watchdog reset" in dev.events
    dev.wait(200)
    state = dev.state()
    assert state["game"]["phase"] == "cr1"
    assert state["screen"] == "mat"


def test_power_cut_mid_game_resumes_the_same_step(dev: SimDevice) -> None:
    dev.press("OK")  # the d6
    dev.press("OK")  # on to the battle
    dev.press("UP")  # CP's BP counted: nothing to keep yet
    dev.press("OK")  # and confirmed: kept
    dev.power_cut()
    dev.wait(200)
    assert "power cut" in dev.events
    game = dev.state()["game"]
    assert game["phase"] == "battle" and game["track"][0]["rolls"] and dev.state()["screen"] == "battle"
    assert "EA (Attacker):" in dev.shown() and "CP 13" in dev.shown()


def test_screen_dims_then_sleeps_when_idle_and_wakes_without_acting(dev: SimDevice) -> None:
    dev.wait(31_000)  # dimmed after 30 s: still lit, and a press would act
    assert not dev.state()["asleep"] and dev.frame().on and dev.frame().contrast == 0
    dev.wait(600_000)  # default: dark after 10 min
    assert dev.state()["asleep"] and not dev.frame().on
    dev.press("OK")
    state = dev.state()
    assert not state["asleep"] and state["screen"] == "mat" and dev.frame().on and dev.frame().contrast == 127


def test_an_idle_device_sleeps_until_a_button_moves(dev: SimDevice) -> None:
    dev.wait(5000)  # booted; its messages gone
    before = dev.stats()
    dev.wait(20_000)  # the screen's own dimming comes at 30 s
    after = dev.stats()
    seconds = (after["now_ms"] - before["now_ms"]) / 1000
    # only the watchdog's feed wakes it (every 4 s): no polling of the buttons
    assert (after["wakeups"] - before["wakeups"]) / seconds <= 0.5, after["wakeups"] - before["wakeups"]
    assert after["i2c_bytes"] == before["i2c_bytes"]  # and nothing is drawn again
    dev.press("OK")  # a press wakes it at once: "OK roll d6"
    assert dev.state()["screen"] == "dice"


def test_scenario_with_screenshots_matches_its_golden(tmp_path: pathlib.Path) -> None:
    text = (REPO / "tests/scenarios/screens.scn").read_text()
    text = text.replace("screenshot docs/", f"screenshot {tmp_path}/")
    with SimDevice(tmp_path / "flash.img", seed=1) as device:
        device.wait(300)
        assert run(device, text, REPO) > 20
    assert (tmp_path / "screen-mat.png").exists()


def test_a_missing_golden_fails_and_is_made_only_on_purpose(dev: SimDevice, tmp_path: pathlib.Path) -> None:
    with pytest.raises(AssertionError, match="no golden"):
        run(dev, "compare missing.png\n", tmp_path)
    assert not (tmp_path / "missing.png").exists()
    run(dev, "compare missing.png\n", tmp_path, update=True)  # the deliberate command
    assert (tmp_path / "missing.png").exists()
    run(dev, "compare missing.png\n", tmp_path)


def test_scenario_failure_names_the_line(dev: SimDevice) -> None:
    with pytest.raises(AssertionError, match="line 2"):
        run(dev, "press OK\nexpect screen mat\n", REPO)


def test_a_whole_solitaire_game_plays_headless_and_logs_every_ai_roll(tmp_path: pathlib.Path) -> None:
    """tests/scenarios/solitaire.scn: Steps 1, 3, 7, 8 and 11 through the buttons, to the score."""
    text = (REPO / "tests/scenarios/solitaire.scn").read_text()
    text = text.replace("screenshot docs/", f"screenshot {tmp_path}/")
    with SimDevice(tmp_path / "flash.img", seed=1) as device:
        device.wait(300)
        assert run(device, text, REPO) > 100
        game = device.state()["game"]
    assert game["solo"] == "EA" and game["phase"] == "over" and game["turns"] == 5
    # Step 15: the result is the captured BP alone, with no hand counted
    assert game["end"]["hand"] is None and game["end"]["final"] == game["captured"]
    for turn in game["track"]:
        steps = [roll[0] for roll in turn["ai"]]
        hand = "s3" if turn["defender"] == "CP" else "s11"  # the AI (CP) defends on odd turns (2.7)
        assert steps[0] == hand and "s7" in steps, (turn["turn"], steps)
        for _step, die, n in turn["ai"]:
            assert 1 <= n <= die
    assert ["s8", 9] in [roll[:2] for roll in game["track"][2]["ai"]]  # the random discard of turn 3
    for name in ("screen-solo-step3.png", "screen-solo-step7.png", "screen-solo-step11.png"):
        assert (tmp_path / name).read_bytes().startswith(b"\x89PNG")


def test_firmware_runs_in_place_from_a_romfs_image(tmp_path: pathlib.Path) -> None:
    from adjutant.deploy import build, build_romfs

    image = tmp_path / "firmware.romfs"
    assert build_romfs(REPO, image) > 0
    build(REPO, tmp_path / "mpy")  # the same .mpy files, loaded into the heap as from a board's flash
    assert not (tmp_path / "mpy/examples").exists()  # the wiring checks run from the computer, not the board
    used = {}
    for name, code in (("rom", image), ("mpy", tmp_path / "mpy")):
        with SimDevice(tmp_path / f"{name}.img", seed=5, code=code) as dev:
            dev.wait(200)
            stats = dev.stats()
            used[name] = stats["heap_alloc"] - stats["rom_heap"]
            if name == "rom":
                assert stats["rom_heap"] >= image.stat().st_size
                assert scripted_game.play(dev.hold, lambda: dev.state()["game"]) == []
                assert dev.state()["game"]["end"]["final"] == scripted_game.expected_totals()
    # bytecode and constants stay in the image: tens of KB less heap than the same .mpy loaded
    assert used["rom"] < used["mpy"] - 20_000, used


NO_DISPLAY = "no display answers at 0x3C on SDA=GP4 SCL=GP5: check the wiring and the address"


def test_a_first_build_with_no_display_plays_on_and_every_view_says_what_to_check(tmp_path: pathlib.Path) -> None:
    import os
    import subprocess
    import sys

    with SimDevice(tmp_path / "flash.img", seed=1, board="pico", oled=0) as dev:
        dev.wait(300)
        dev.press("OK")  # the roll happens with the panel dark
        assert dev.display_problem() == NO_DISPLAY  # in its answer to a host's hello
        assert len(dev.state()["game"]["track"][0]["rolls"]) == 1
        assert not dev.frame().on
        dev.go_realtime()
        env = dict(os.environ, ADJUTANT_DB=str(tmp_path / "archive.sqlite3"))

        def adjutant(*args: str) -> subprocess.CompletedProcess:
            command = [sys.executable, "-m", "adjutant.cli", "--port", dev.serial_path, *args]
            return subprocess.run(command, capture_output=True, text=True, timeout=60, env=env, cwd=REPO)

        info = adjutant("info")
        assert info.returncode == 0, info.stderr
        assert f"display         {NO_DISPLAY}" in info.stdout
        assert "firmware running" not in info.stdout + info.stderr
        pull = adjutant("pull")
        assert pull.returncode == 0 and f"warning: {NO_DISPLAY}" in pull.stderr
    shown = subprocess.run(  # `make sim` with no terminal shows the first screen and the console's message
        [sys.executable, "-m", "adjutant.sim.terminal", "--flash", str(tmp_path / "f2.img"), "--oled", "0x3D"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        cwd=REPO,
    )
    assert shown.returncode == 0, shown.stderr
    moved = "the display answers at 0x3D, not 0x3C: set it with `adjutant settings addr=0x3D`"
    assert f"device: {moved}" in " ".join(shown.stdout.split())  # wrapped to the terminal's width


def test_the_war_scenario_plays_a_whole_game_and_pull_archives_it(tmp_path: pathlib.Path) -> None:
    """tests/scenarios/the-war.scn on the simulator, then `adjutant pull` and `adjutant games --json`
    over its serial port: the game the-war, its winner and both decks."""
    import json

    from tests.cli_run import run_cli

    text = (REPO / "tests/scenarios/the-war.scn").read_text()
    text = text.replace("screenshot docs/", f"screenshot {tmp_path}/")
    db = tmp_path / "games.sqlite3"
    with SimDevice(tmp_path / "flash.img", seed=1, realtime=True, timeout=300) as device:  # a host talks to it
        device.wait(300)
        assert run(device, text, REPO) > 50
        run_cli("pull", db=db, port=device.serial_path)
    listed = json.loads(run_cli("games", "--json", db=db).stdout)
    war = [g for g in listed if g["kind"] == "the-war"]
    assert len(war) == 1 and war[0]["winner"] == "P2" and war[0]["over"] is True
    assert war[0]["decks"] == {"P1": 1, "P2": 5}
    assert (tmp_path / "screen-war-mat.png").read_bytes().startswith(b"\x89PNG")


def test_the_last_front_scenario_plays_a_whole_game_and_pull_archives_it(tmp_path: pathlib.Path) -> None:
    """tests/scenarios/last-front.scn on the simulator, checked battle by battle, then `adjutant
    pull` and `adjutant games --json` over its serial port: the game last-front, its players and
    its winner, and `games ID` tells it battle by battle."""
    import json

    from tests.cli_run import run_cli

    text = (REPO / "tests/scenarios/last-front.scn").read_text()
    text = text.replace("screenshot docs/", f"screenshot {tmp_path}/")
    db = tmp_path / "games.sqlite3"
    with SimDevice(tmp_path / "flash.img", seed=1, realtime=True, timeout=300) as device:
        device.wait(300)
        assert run(device, text, REPO) > 80
        run_cli("pull", db=db, port=device.serial_path)
    listed = json.loads(run_cli("games", "--json", db=db).stdout)
    front = [g for g in listed if g["kind"] == "last-front"]
    assert len(front) == 1 and front[0]["over"] is True and front[0]["winner"] == "P3"
    assert front[0]["players"] == ["P1", "P2", "P3", "P4"] and front[0]["name"] == "Last Front"
    assert front[0]["held"] == {"P1": [], "P2": ["soviet"], "P3": ["british", "american", "german"], "P4": []}
    told = run_cli("games", front[0]["game"], db=db).stdout
    assert "battle  1  soviet   from deck   P2 wins at 8" in told, told
    assert "result: P3 wins (normal victory)" in told
    assert (tmp_path / "screen-front-mat.png").read_bytes().startswith(b"\x89PNG")


def test_a_device_that_cannot_start_says_why_where_its_runner_reads_not_on_its_serial(tmp_path: pathlib.Path) -> None:
    """The simulated board's stdout is its USB serial; a fault that stops the simulator itself (here
    no firmware to run) is said on its stderr, so the runner's error names it."""
    from adjutant.sim.interpreter import SimError

    (tmp_path / "code").mkdir()
    with pytest.raises(SimError) as stopped:
        SimDevice(tmp_path / "flash.img", seed=1, timeout=60, code=tmp_path / "code")
    assert "ImportError: no module named 'runtime'" in str(stopped.value), str(stopped.value)
