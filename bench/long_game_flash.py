"""A board's games folder holding one long game, for bench/growth.py (run on the unix port):

    micropython -X heapsize=8M bench/long_game_flash.py GAME LENGTH OUT

Plays GAME (a registry id) to LENGTH actions on the device's own session, press by press, as
bench/long_play.py plays it (its fold when due, as a pause at the table makes it), on the
simulator's littlefs in RAM (host/adjutant/sim/device), then copies `saved/` into OUT/saved:
what a board's flash holds after such a game, to boot on the rp2 build. Prints the actions.
"""

import os
import sys

REPO = os.getcwd()  # run from the repository root, as growth.py does
sys.path[:0] = [REPO, REPO + "/host/adjutant/sim/device", REPO + "/firmware"]

# isort: off
import vfs  # noqa: E402
from flash import RamFlash, littlefs  # noqa: E402
from session import Session  # noqa: E402

from bench.long_play import LongPlay  # noqa: E402

# isort: on

BLOCKS = 256  # 1 MB: room for the longest game's log and its snapshots


def _copy_out(out):
    os.mkdir(out + "/saved")
    for name in os.listdir("saved"):
        with open("saved/" + name, "rb") as src, open("%s/saved/%s" % (out, name), "wb") as dst:
            dst.write(src.read())


def main(game, length, out):
    out = out if out.startswith("/") else REPO + "/" + out
    vfs.mount(littlefs(RamFlash(BLOCKS, bytearray(BLOCKS * 4096)), True)[0], "/flash")
    os.chdir("/flash")
    import settings_file

    session = Session(lambda: 4, print, settings_file.load()[0])
    play = LongPlay(session, game, 5, length)
    while not play.done():
        play.step()
    if session.fold_due():
        session.fold()
    session.journal.close()
    _copy_out(out)
    print(session.game.count())


main(sys.argv[1], int(sys.argv[2]), sys.argv[3])
