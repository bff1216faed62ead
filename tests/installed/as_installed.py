"""Run by the Python of a fresh venv that installed the wheel, outside the repository, as a
user at the desk would: a bare simulated board from the installed package, the firmware
deployed onto it from the package, a game of each game played on it and pulled, and every
export format. Prints one line per step; any failure ends it with a message and exit 1.

    python as_installed.py WORKDIR
"""

import json
import pathlib
import subprocess
import sys

BIN = pathlib.Path(sys.executable).parent
WORK = pathlib.Path(sys.argv[1])
DB = str(WORK / "games.sqlite3")


def adjutant(*args, ok=True):
    done = subprocess.run([str(BIN / "adjutant"), *args], capture_output=True, text=True, timeout=300, cwd=WORK)
    if ok and done.returncode != 0:
        raise SystemExit(f"adjutant {' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    if "Traceback" in done.stderr:
        raise SystemExit(f"adjutant {' '.join(args)}: a traceback: {done.stderr}")
    return done


def main() -> None:
    import adjutant as package
    from adjutant.sim.process import SimDevice

    assert "site-packages" in package.__file__, package.__file__  # the installed copy, not a checkout
    version = adjutant("--version").stdout.split()[-1]
    print("version", version)
    # a Pico's flash (352 blocks of 4 KB): the firmware on it leaves room for many games, as on the board
    with SimDevice(WORK / "flash.img", fresh=True, code="flash", blocks=352, realtime=True, timeout=300) as dev:
        dev.wait(500)
        port = dev.serial_path
        print(adjutant("--port", port, "deploy").stdout.strip().splitlines()[-1])
        for _ in range(40):  # the board restarts into the deployed firmware: its mat
            if dev.state().get("screen") == "mat":
                break
            dev.wait(500)
        dev.press("OK")  # The Great War: the Random Event d6, a game worth keeping
        info = adjutant("--port", port, "info").stdout
        assert f"firmware        {version}" in info, info  # the firmware the package carries: its version
        adjutant("--port", port, "settings", "war_deck=20")  # a game's own setting, from the package
        _new_game(dev, 9, "war-mat")  # The War: 9 rows from the bottom of New game
        dev.press("OK")  # the hands kept: P1's turn
        dev.press("UP")  # P1 hits P2's deck: the entry stops at the 13 cards P2 has
        dev.press("UP", 14)
        dev.press("OK")
        dev.press("OK")  # the turn's end: P2 cannot draw 2, P1 wins
        assert dev.state()["game"]["phase"] == "over", dev.state()["game"]
        dev.press("OK")
        _new_game(dev, 6, "front-mat")  # Last Front: its 6 rows are the last
        dev.press("OK")  # turn up a card
        dev.press("OK")
        dev.press("OK")  # the dealer bids 1
        dev.press("OK")
        pulled = adjutant("--db", DB, "--port", port, "pull").stdout
        print(pulled.strip().replace("\n", " | "))
        assert "pulled 3 new" in pulled, pulled
    listed = adjutant("--db", DB, "games").stdout
    for game in ("Great War", "The War", "Last Front"):
        assert game in listed, listed
    for kind in ("csv", "json", "md", "html"):
        out = adjutant("--db", DB, "export", "--format", kind, "--game", "the-war").stdout
        assert out.strip(), kind
        print("export", kind, len(out))
    named = ("--player", "P1=Ann", "--player", "P2=Ben")
    link = adjutant("--db", DB, "export", "--format", "bgstats", *named, "--game", "the-war").stdout
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data="), link
    play = json.loads(adjutant("--db", DB, "export", "--format", "bgstats-json", "--game", "the-war").stdout)
    assert [p["name"] for p in play["players"]] == ["Ann", "Ben"], play
    print("export bgstats", len(link))
    print("ok")


def _new_game(dev, up: int, mat: str) -> None:
    """Menu, New game, UP from the first row round to the game's first row; yes to the question."""
    for _ in range(5):  # back to the game's mat (from the d6 shown, say)
        if dev.state()["screen"] in ("mat", "war-mat", "front-mat"):
            break
        dev.press("BACK")
    dev.press("BACK")  # the menu
    dev.press("DOWN", 3)
    dev.press("OK")
    dev.press("UP", up)
    dev.press("OK")
    if dev.state()["screen"] != mat:
        dev.press("OK")  # "Start a new game?": the one before stays in the history
    assert dev.state()["screen"] == mat, (dev.state()["screen"], dev.shown())


if __name__ == "__main__":
    main()
