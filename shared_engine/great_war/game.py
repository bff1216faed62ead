"""A game played a method per action, and its log as text: for the host, scripts and tests.

    g = Game.new()                    # basic game: 10 turns, CP defends first
    g.roll_re(next_byte)              # the Defender's Random Event d6 (7.7)
    g.next_phase()                    # ... through the phases of the turn
    g.battle(cp=14, ea=12)            # -> "CP" (7.14)
    g.capture(6)                      # captured Nationality BP (7.18)
    g.undo(); g.redo()
    Game.from_lines(g.log_text())     # replays to the same state, byte for byte

The game's rules, undo and redo are GameCore's (game_core.py), which is all
the device loads; this adds a method per action and the log as text.
"""

from ..dice import roll
from ..errors import GameError
from .actions import CP, EA, from_record, make, to_record
from .core import GameCore


def _numbered_records(records):
    number = 0
    for record in records:
        number += 1
        try:
            yield number, from_record(record)
        except GameError as e:
            raise GameError("record %d: %s" % (number, e))


class Game(GameCore):
    @classmethod
    def new(cls, name="Basic game", turns=10, first=CP, cards=None):
        """The basic game is 10 turns with the Central Powers defending first
        (1.2, 2.7, 3.1); a scenario sets its own (1.5)."""
        return cls(make("new", name, turns, first), cards)

    def do(self, kind, *values):
        action = make(kind, *values)
        self.apply(action)
        return action

    # -- the log -----------------------------------------------------------

    def records(self):
        """The log: header then actions, as JSON-ready dicts."""
        return [to_record(self.header)] + [to_record(a) for a in self.actions]

    def log_lines(self):
        """The log one JSON line at a time (log.lines)."""
        from ..log import lines

        return lines(self)

    def log_text(self):
        return "".join(line + "\n" for line in self.log_lines())

    @classmethod
    def _replay(cls, numbered, cards, where):
        # Applies each action as it arrives: a replay holds one record at a time.
        game = None
        for number, action in numbered:
            if game is None:
                game = cls(action, cards)
                continue
            try:
                game.apply(action)
            except GameError as e:
                raise GameError("%s %d: %s" % (where, number, e))
        if game is None:
            raise GameError("a game log needs at least its 'new' record")
        return game

    @classmethod
    def from_records(cls, records, cards=None):
        """Replay decoded JSON records (dicts); errors name the record's number."""
        return cls._replay(_numbered_records(records), cards, "record")

    @classmethod
    def from_lines(cls, lines, cards=None):
        """Replay a log: its text, or any iterable of its lines (an open file)."""
        from ..log import numbered_actions

        return cls._replay(numbered_actions(lines), cards, "line")

    def state_json(self):
        from ..canonical_json import dumps

        return dumps(self.state_dict())

    # -- one method per action, for scripts and tests that play a game through the engine --

    def draw_re(self, card=None):
        self.do("re", card)

    def play_solo(self, side):
        """Make this a solitaire game in which the player takes `side` (Solitaire 3.3)."""
        self.do("solo", side)

    def roll_ai(self, step, next_byte, sides=6):
        """A roll for the solitaire AI, logged with the step it served; returns the face."""
        n = 1 if sides == 1 else roll(next_byte, sides)
        self.do("ai", step, sides, n)
        return n

    def roll_re(self, next_byte):
        """Roll the Random Event d6 with a fair die and log the result (7.7)."""
        face = roll(next_byte, 6)
        self.do("roll", 6, face, "re")
        return face

    def cancel_re(self, side, by, card=None):
        self.do("cancel", side, by, card)

    def attack_played(self):
        self.do("attack")

    def next_phase(self):
        self.do("next")
        return self.state.phase

    def battle(self, cp, ea):
        """Both sides' face-up BP (7.14); returns the winner."""
        self.do("bp", cp, ea)
        return self.state.current.winner

    def won(self, side):
        """The battle's winner alone, as a table that compared its face-up BP says it (7.14)."""
        self.do("win", side)

    def capture(self, bp=None, cards=None):
        """Captured Nationality BP (7.18): a number, or card ids summed from card data."""
        if cards is not None:
            if self.cards is None:
                raise GameError("capture: card ids need card data; enter the BP instead")
            turn = self.state.current
            if turn.winner is None:
                raise GameError("capture: enter the battle's winner or both sides' face-up BP first (7.14)")
            total = self.cards.nationality_bp(cards, CP if turn.winner == EA else EA)
            if bp is not None and bp != total:
                raise GameError("capture: the cards add up to %d BP, not %d" % (total, bp))
            bp = total
        if bp is None:
            raise GameError("capture: give the captured BP or the captured cards")
        self.do("capture", bp, cards)

    def no_nationality(self, side):
        """3.4: `side` cannot draw a Nationality card; the game ends now."""
        self.do("no_nat", side)

    def final_hands(self, cp=None, ea=None, cp_cards=None, ea_cards=None):
        """BP of friendly Nationality cards left in each hand (3.2): numbers or card ids."""
        if cp_cards is not None or ea_cards is not None:
            if self.cards is None:
                raise GameError("hand: card ids need card data; enter the BP instead")
            if cp_cards is not None:
                cp = self.cards.nationality_bp(cp_cards, CP)
            if ea_cards is not None:
                ea = self.cards.nationality_bp(ea_cards, EA)
        self.do("hand", cp, ea)
        return self.state.result
