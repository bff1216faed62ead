"""Write tests/golden/basic_game.{jsonl,state.json}: a scripted full basic game.

    python tests/tools/make_golden.py

Run only when the log schema changes on purpose; the files are then reviewed
and committed, and both runtimes must replay them to the same state.
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from shared_engine.great_war.game import Game

# (RE card, d6 byte, canceller, CP BP, EA BP, captured BP) for turns 1-10.
TURNS = [
    ("re-mud", 2, None, 14, 11, 6),
    ("re-rain", 9, ("CP", "bonus", "bon-staff"), 9, 13, 7),
    ("re-flu", 200, None, 12, 12, 4),  # a tie: CP defends odd turns and wins it
    (None, 33, None, 8, 15, 9),
    ("re-strike", 77, ("EA", "joker", "w-lawrence"), 17, 6, 11),
    ("re-mud", 130, None, 10, 10, 3),  # tie on an even turn: EA defends
    (None, 4, None, 22, 19, 8),
    ("re-spies", 251, None, 7, 18, 10),
    ("re-rain", 61, None, 16, 9, 5),
    ("re-flu", 99, None, 11, 20, 12),
]


def play():
    g = Game.new()
    for turn, (card, byte, cancel, cp, ea, captured) in enumerate(TURNS, start=1):
        if card:
            g.draw_re(card)
        if cancel:  # 7.7: a cancelled Random Event gets no d6
            g.cancel_re(*cancel)
        else:
            g.roll_re(lambda b=byte: b)
        g.next_phase()
        if turn % 3:
            g.attack_played()
        g.next_phase()
        if turn % 3 == 0:
            g.attack_played()
        g.next_phase()
        g.next_phase()
        g.battle(ea, cp)  # a slip, corrected at once by undo
        g.undo()
        g.battle(cp, ea)
        g.capture(captured)
        g.next_phase()
        g.next_phase()
        g.next_phase()
    g.final_hands(9, 14)
    return g


def main():
    out = pathlib.Path(__file__).resolve().parents[1] / "golden"
    g = play()
    (out / "basic_game.jsonl").write_text(g.log_text())
    (out / "basic_game.state.json").write_text(g.state_json() + "\n")
    print(g.state_dict()["end"])


if __name__ == "__main__":
    main()
