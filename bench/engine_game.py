"""A full 10-turn basic game with undo, redo and replay, for heap measurement.

    micropython -X heapsize=16k bench/engine_game.py [library folder]

The folder (default ".") holds shared_engine as .py or .mpy files. Prints
"ok" and exits 0 if the game ran; MemoryError ends it with a non-zero status.
"""

import gc
import sys

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
stages = []


def stage(name):
    # Live heap after a collection: what each step really keeps.
    gc.collect()
    stages.append("%s=%d" % (name, gc.mem_alloc()))


stage("start")
from shared_engine.great_war.game import Game  # noqa: E402

stage("imported")

state = [12345]


def next_byte():
    # A small LCG: deterministic, and needs no random module.
    state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return state[0] >> 23


game = Game.new()
for turn in range(1, 11):
    game.draw_re("re-%d" % turn)
    game.roll_re(next_byte)
    game.next_phase()
    game.attack_played()
    game.next_phase()
    game.next_phase()
    game.next_phase()
    game.battle(turn * 7 % 19, turn * 5 % 17)
    game.undo()  # a mistyped entry, corrected
    game.redo()
    game.capture(turn % 6)
    game.next_phase()
    game.next_phase()
    game.next_phase()
game.final_hands(8, 11)
stage("played")
# Replay streams the log a line at a time, as the device reads its journal file.
replayed = Game.from_lines(game.log_lines())
assert replayed.state_dict() == game.state_dict()
stage("replayed")
log_bytes = 0
for line in game.log_lines():
    log_bytes += len(line) + 1
print("ok", len(game.actions), log_bytes, " ".join(stages))
