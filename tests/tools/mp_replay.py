"""Replay game logs and print, per log, its state JSON and the log's sha256.

    micropython tests/tools/mp_replay.py a.jsonl b.jsonl ...

Runs on both runtimes; the cross-runtime test compares their output.
"""

import sys

sys.path.insert(0, ".")

import binascii
import hashlib

from shared_engine.great_war.game import Game

for path in sys.argv[1:]:
    with open(path) as f:
        game = Game.from_lines(f.read())
    digest = binascii.hexlify(hashlib.sha256(game.log_text().encode()).digest()).decode()
    print(digest + " " + game.state_json())
