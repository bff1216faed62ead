"""Put games on a simulated board's flash, for the link benchmark (runs under micropython).

    micropython bench/seed_flash.py REPO IMAGE BLOCKS LOG COUNT [PLAIN]

Writes COUNT copies of the game in LOG (a canonical log) with the firmware's
own journal code, as the device would have saved them; with PLAIN, also the
same log bytes as plain files plain/gNNNN.log, for `mpremote fs cp`.
"""

import sys

repo = sys.argv[1]
sys.path[:0] = [repo + "/host/adjutant/sim/device", repo, repo + "/firmware"]

import os

import vfs
from flash import FileFlash, littlefs

image, blocks, log_path, count = sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
plain = len(sys.argv) > 6
flash = FileFlash(image, blocks)
vfs.mount(littlefs(flash)[0], "/flash")
os.chdir("/flash")

from journal import games
from shared_engine.great_war.game import Game

with open(log_path) as f:
    text = f.read()
if plain:
    try:
        os.mkdir("plain")
    except OSError:
        pass
for _ in range(count):
    game = Game.from_lines(text)
    gid = "g%04d" % (len(games.ids()) + 1)
    games.Journal(games.ROOT, gid).create(game)
    if plain:
        with open("plain/%s.log" % gid, "w") as f:
            f.write(text)
vfs.umount("/flash")
flash.close()
