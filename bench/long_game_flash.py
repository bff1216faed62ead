"""A board's games folder holding one long game, for bench/growth.py (run on the unix port):

    micropython -X heapsize=8M bench/long_game_flash.py GAME LENGTH OUT

Plays GAME (a registry id) to LENGTH actions on the device's own session, press by press, as
tests/firmware/long_play.py plays it (its fold when due, as a pause at the table makes it), on a
littlefs in RAM, then copies `saved/` into OUT/saved: what a board's flash holds after such a
game, to boot on the rp2 build. Prints the actions played.
"""

import os
import sys

sys.path.insert(0, os.getcwd())

# isort: off
from tests.firmware import rig
from tests.firmware.long_play import LongPlay

# isort: on


def _copy_out(out):
    os.mkdir(out + "/saved")
    for name in os.listdir("saved"):
        with open("saved/" + name, "rb") as src, open("%s/saved/%s" % (out, name), "wb") as dst:
            dst.write(src.read())


def main(game, length, out):
    here = os.getcwd()
    out = out if out.startswith("/") else here + "/" + out
    rig.mount(rig.blank_flash(256), format_first=True)
    ui, _ = rig.new_ui()
    play = LongPlay(ui.session, game, 5, length)
    while not play.done():
        play.step()
    if ui.session.fold_due():
        ui.session.fold()
    ui.session.journal.close()
    _copy_out(out)
    print(ui.session.game.count())
    rig.unmount()


main(sys.argv[1], int(sys.argv[2]), sys.argv[3])
