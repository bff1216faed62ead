"""One game on the device in a fixed heap, for tests/budget/test_long_game_heap.py:

    micropython -X heapsize=N tests/firmware/long_game_in_heap.py GAME LENGTH

Plays GAME (a registry id) on the device's session as tests/firmware/long_play.py does, to LENGTH
actions or its end, then boots again from its flash (the power cut a table makes) and checks the
game came back as it was. Prints "played N" (exit 0), or what failed and where (exit 1).
"""

import os
import sys

sys.path.insert(0, os.getcwd())

# isort: off
from tests.firmware import rig
from bench.long_play import LongPlay

# isort: on


def main(game, length):
    rig.mount(rig.blank_flash(48), format_first=True)  # its buffer made first, while the heap is young
    ui, _ = rig.new_ui()
    play = LongPlay(ui.session, game, 3, length)
    try:
        while not play.done():
            play.step()
        before = ui.session.game.state.to_dict(), ui.session.game.count()
        ui = None
        play.session = None
        ui, _ = rig.new_ui()
        after = ui.session.game.state.to_dict(), ui.session.game.count()
    except MemoryError as e:
        count = play.session.game.count() if play.session else "boot"
        print("MemoryError at action %s: %s" % (count, e))
        return 1
    if after != before:
        print("resumed at %d actions, not as it was at %d" % (after[1], before[1]))
        return 1
    print("played %d" % before[1])
    return 0


sys.exit(main(sys.argv[1], int(sys.argv[2])))
