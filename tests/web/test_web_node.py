"""The phone page's device in node, headless: the scripted 10-turn game, checked turn by turn.

The same firmware as on a board, compiled as `make web` builds the page, on
MicroPython's WebAssembly port (web/node_modules, pinned), with the page's own
device.js driving the pins as the page's buttons do. Every press is a tap
(the hold of BACK that undoes a mark excepted), on the real clock.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from bench import scripted_game

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "web"))


def built(tmp_path: pathlib.Path) -> pathlib.Path:
    import build

    if shutil.which("node") is None:
        pytest.fail("node is not installed: the phone page's tests need it (Debian: apt install nodejs npm)")
    try:
        build.build(tmp_path / "dist")
    except build.BuildError as e:
        pytest.fail(str(e))
    return tmp_path / "dist"


def in_node(tmp_path: pathlib.Path, turns: list) -> list[dict]:
    """The turns' presses on the built page's device in node (web/test/node_game.mjs): its lines."""
    dist = built(tmp_path)
    presses = tmp_path / "presses.json"
    presses.write_text(json.dumps({"turns": turns, "gap": 110}))
    done = subprocess.run(
        ["node", str(REPO / "web/test/node_game.mjs"), str(dist), str(presses)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_page_plays_the_scripted_game_in_node_and_every_turn_comes_out_by_the_rules(tmp_path: pathlib.Path) -> None:
    turns = [scripted_game.turn_presses(t, tapped=True) for t in range(1, scripted_game.TURNS + 1)]
    turns[-1] = turns[-1] + scripted_game.final_presses(tapped=True)
    lines = in_node(tmp_path, turns)
    assert "first_frame_ms" in lines[0]
    played, end = lines[1:-1], lines[-1]
    # The store is given only the files the firmware wrote, renamed or removed,
    # and after a whole game with its folds and renames it holds the flash byte for byte
    assert end["store_differs"] == [] and end["files"] >= 3, end
    assert [line["turn"] for line in played] == list(range(1, scripted_game.TURNS + 1))
    for line in played:
        faults = scripted_game.check_turn(line["game"]["state"], line["turn"])
        assert faults == [], (line["turn"], faults)
    last = played[-1]["game"]["state"]
    assert last["phase"] == "over"
    assert last["end"]["final"] == scripted_game.expected_totals()


def test_the_page_shows_no_frame_of_a_press_until_the_store_has_it(tmp_path: pathlib.Path) -> None:
    """The roll is made at once, but while the store's write hangs no frame of it reaches the
    page; once the write is done, the roll's frame does."""
    dist = built(tmp_path)
    done = subprocess.run(
        ["node", str(REPO / "web/test/node_store_gate.mjs"), str(dist)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["rolled"], "the firmware made the roll"
    assert said["frames_while_unstored"] == 0, "a frame of the roll was shown before the store had it"
    assert said["frames_once_stored"] >= 1


def test_the_pages_board_reaches_the_firmware_only_through_its_doors() -> None:
    # web/device/web_boot.py gets the UI from runtime.run(started=...), the device id and the state
    # reply from link/ops.py, the dates from link/pull.py's played(): no patched class, no private
    # name of the firmware's, no copy of what the link answers.
    import ast

    tree = ast.parse((REPO / "web/device/web_boot.py").read_text())
    patched = [
        ast.unparse(t)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        for t in node.targets
        if isinstance(t, ast.Attribute) and ast.unparse(t).startswith(("ui.", "runtime.", "session."))
    ]
    assert patched == [], patched
    private = [
        f"{node.module}.{a.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("link", "journal", "ui")
        for a in node.names
        if a.name.startswith("_")
    ]
    assert private == [], private
    copied = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in ("unique_id", "state_dict")]
    assert copied == [], copied  # the link's answers, made by the link's code


def test_the_page_reads_every_frame_of_a_game_in_the_words_the_simulator_prints(
    tmp_path: pathlib.Path,
) -> None:
    """The page's reading of the panel (web/src/panel_words.js) against the terminal simulator's
    (adjutant.sim.panel_text) on every frame of the scripted game, and the buttons' names the
    page gives from them on the screens a player meets each turn."""
    from adjutant.sim.panel_text import words

    dist = built(tmp_path)
    turns = [scripted_game.turn_presses(t, tapped=True) for t in range(1, scripted_game.TURNS + 1)]
    turns[-1] = turns[-1] + scripted_game.final_presses(tapped=True)
    presses = tmp_path / "presses.json"
    presses.write_text(json.dumps({"turns": turns, "gap": 110, "words": True}))
    done = subprocess.run(
        ["node", str(REPO / "web/test/node_game.mjs"), str(dist), str(presses)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    frames = [line for line in map(json.loads, done.stdout.splitlines()) if "frame" in line]
    assert len(frames) > 100  # a whole game's screens
    for frame in frames:
        assert frame["words"] == words(bytes.fromhex(frame["frame"])), frame["words"]
    said = {(name, does) for frame in frames for name, does in frame["buttons"].items() if does}
    # the mat's first step, a number's entry, the d6's next step, the end's question
    for expected in [("OK", "roll d6"), ("UP", "more"), ("OK", "enter"), ("UP", "count up"), ("DOWN", "count down")]:
        assert expected in said, sorted(said)


def test_the_page_plays_the_war_unchanged_in_node(tmp_path: pathlib.Path) -> None:
    """New game, The War, and two turns with a deck attack, on the page's device: the same
    firmware, the same store."""
    tap = 80
    new_war = [["BACK", tap]] + [["DOWN", tap]] * 3 + [["OK", tap]] + [["DOWN", tap]] * 7 + [["OK", tap]]
    turns = [new_war, [["OK", tap]], [["UP", tap], ["UP", tap], ["OK", tap], ["OK", tap]]]
    lines = in_node(tmp_path, turns)
    played, end = [line["game"]["state"] for line in lines[1:-1]], lines[-1]
    assert played[0]["game"] == "the-war" and played[0]["decks"] == {"P1": 53, "P2": 53}
    assert played[1]["phase"] == "play" and played[1]["decks"] == {"P1": 52, "P2": 53}, played[1]
    # P1 hits P2's deck for 3 (the entry opens at 2, one UP), then ends: P2 draws 2
    assert played[2]["decks"] == {"P1": 52, "P2": 48} and played[2]["player"] == "P2"
    assert end["store_differs"] == [], end


def test_the_page_gives_a_finished_the_war_game_its_bg_stats_play(tmp_path: pathlib.Path) -> None:
    """Decks of 20 (New game's deck size, 40 taps down from 60), P1 first; each turn hits the other
    deck for 5 and ends. P1 12, P2 13 after the first draw; P2 8, then 6 after drawing 2; P1 7,
    then 5; P2 1: P2 cannot draw 2 at the start of his turn and loses (Winning and losing)."""
    import urllib.parse

    tap = 80
    new_war = [["BACK", tap]] + [["DOWN", tap]] * 3 + [["OK", tap]] + [["DOWN", tap]] * 8 + [["OK", tap]]
    new_war += [["DOWN", tap]] * 40 + [["OK", tap], ["UP", tap], ["OK", tap]]
    hit_5 = [["UP", tap]] * 4 + [["OK", tap], ["OK", tap]]  # the entry opens at 2: UP to 5, enter, end
    again = [["UP", tap], ["OK", tap], ["OK", tap]]  # it opens at the last hit, 5
    turns = [new_war, [["OK", tap]], hit_5, again, again]
    lines = in_node(tmp_path, turns)
    played, end = [line["game"]["state"] for line in lines[1:-1]], lines[-1]
    assert played[0]["deck"] == 20 and played[1]["decks"] == {"P1": 12, "P2": 13}, played[:2]
    assert [p["decks"] for p in played[2:]] == [{"P1": 12, "P2": 6}, {"P1": 5, "P2": 6}, {"P1": 5, "P2": 1}]
    assert played[-1]["phase"] == "over" and played[-1]["end"]["winner"] == "P1"
    link = end["bgstats"]
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data="), end
    play = json.loads(urllib.parse.unquote(link.split("data=", 1)[1]))
    assert play["game"]["name"].startswith("The War") and play["game"]["noPoints"] is True
    assert [(p["name"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Player 1", True, True),
        ("Player 2", False, False),
    ]
    assert "P1 won in round 2, P2 could not draw 2" in play["comments"] and play["durationMin"] == 40


def test_the_page_plays_last_front_unchanged_and_gives_its_bg_stats_play(tmp_path: pathlib.Path) -> None:
    """New game, Last Front for 2 (P1 deals), quick victory off: a Soviet card turned up, P1 bids
    2, P2 withdraws (draws 1): P1 captures it; then again with a second Soviet card: 2 of a type
    (Victory Conditions, normal). The same firmware and store as a board's; its BG Stats play."""
    import urllib.parse

    tap = 80
    new_front = [["BACK", tap]] + [["DOWN", tap]] * 3 + [["OK", tap]] + [["DOWN", tap]] * 11 + [["OK", tap]]
    new_front += [["DOWN", tap]] * 2 + [["OK", tap], ["UP", tap], ["OK", tap]]  # 4 players -> 2, then start
    first = [["OK", tap], ["DOWN", tap], ["DOWN", tap], ["OK", tap]]  # turned up: soviet
    battle = [["UP", tap], ["OK", tap], ["DOWN", tap]]  # P1 bids 2 (UP: two more); P2 withdraws
    again = first + [["OK", tap], ["OK", tap]] + battle  # another Soviet card, declared, fought
    turns = [new_front, first, battle, again]
    lines = in_node(tmp_path, turns)
    played, end = [line["game"]["state"] for line in lines[1:-1]], lines[-1]
    assert played[0]["game"] == "last-front" and played[0]["players"] == ["P1", "P2"], played[0]
    assert played[1]["battles"][0]["type"] == "soviet" and played[1]["phase"] == "bid"
    assert played[2]["held"] == [["soviet"], []] and played[2]["bonus"]["soviet"] == 0
    assert played[3]["phase"] == "over" and played[3]["winner"] == 0 and played[3]["held"] == [["soviet", "soviet"], []]
    assert end["store_differs"] == [], end
    play = json.loads(urllib.parse.unquote(end["bgstats"].split("data=", 1)[1]))
    assert play["game"]["name"] == "Last Front" and [p["winner"] for p in play["players"]] == [True, False]
    assert [p["startPlayer"] for p in play["players"]] == [True, False]  # the dealer, P1, goes first (Game Play)
    assert play["comments"].startswith("Last Front: P1 won after 2 battles (normal victory), holding soviet, soviet.")


def _unpacked(pack: pathlib.Path) -> list[str]:
    """The paths a pack holds (device.js's unpack(): a path, a length, the bytes, each file)."""
    data, at, paths = pack.read_bytes(), 0, []
    while at < len(data):
        path_end = data.index(b"\n", at)
        size_end = data.index(b"\n", path_end + 1)
        paths.append(data[at:path_end].decode())
        at = size_end + 1 + int(data[path_end + 1 : size_end])
    return paths


def test_the_first_game_comes_with_the_firmware_and_every_other_game_in_the_later_pack(
    tmp_path: pathlib.Path,
) -> None:
    """A device with no game yet begins the registry's first game, so its engine and device
    packages come in code.pack with the firmware's; every other game's, as the registry names
    them, whole, in games.pack (fetched after the first frame), and no other file there."""
    from shared_engine.games import DEVICE, ENGINE, GAMES, ID

    dist = built(tmp_path)
    firmware = _unpacked(dist / "code.pack")
    later = _unpacked(dist / "games.pack")
    for n, entry in enumerate(GAMES):
        folders = tuple("/fw/%s/" % entry[face].replace(".", "/") for face in (ENGINE, DEVICE))
        own, other = (firmware, later) if n == 0 else (later, firmware)
        for folder in folders:  # its engine's core and its play module's package, in its pack
            assert folder + "__init__.mpy" in own, (entry[ID], folder)
        assert not [path for path in other if path.startswith(folders)], entry[ID]
    games = tuple("/fw/%s/" % entry[face].replace(".", "/") for entry in GAMES[1:] for face in (ENGINE, DEVICE))
    assert later and all(path.startswith(games) for path in later), later
    assert "/fw/session.mpy" in firmware and "/dev_py/web_boot.mpy" in firmware
    assert (dist / "games.pack.gz").exists()
    packs = sorted(path.name for path in dist.glob("*.pack"))
    assert packs == ["code.pack", "games.pack"], packs
