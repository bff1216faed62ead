"""The game on the table: its actions, its file on flash, its card data, whether the host holds it.

Every action enters through act() and is on flash before anyone hears of it: a press's actions when it is done
(done_press), in one commit. Listeners (the screens, the link) are told the kind of each saved action; nothing here
draws or talks to the host; `warn` (the UI's) tells the player. The game's flow is its play module's (play/)."""

from os import stat  # a built-in module, kept in sys.modules from boot (lazy.keep_built_ins)

import play

from shared_engine.dice import roll, undone_face
from shared_engine.errors import GameError
from shared_engine.games import core, of_header


def _games_on_flash():
    # journal/games.py, loaded when a game begins, resumes, goes or is pulled; dropped on the mat (lazy.ON_MAT)
    from journal import games

    return games


class Session:
    def __init__(self, random_byte, warn, settings):
        self.random_byte = random_byte
        self.warn = warn
        self.settings = settings  # the table's choices (settings_file.py): read at each use, as they change
        self.listeners = []  # called with the kind of each action saved, and "begun" when a game begins
        self.game = None
        self.play = None  # the game's play module (play/): its flow, its mat
        self.journal = None
        self.pulled = False  # the host holds this game as it stands now
        self._cards = self._cards_of = None  # card data, at first use (False: none), and whose game's
        self._fold_failed = False  # retried after the next action, not at every pause
        # One press may save several actions (a capture, the draw, the flip): an undo or redo takes them
        # together. `joined`: where those after a press's first are; `_press_at`: where it began.
        self.joined = set()
        self._press_at = None
        # While a press runs: its actions, appended and not yet committed, each with the redo
        # stack as it stood before it (what _rollback needs), in order; None between presses.
        self._pending = None
        self.resume()

    def subscribe(self, listener, first=False):
        """Tell `listener` of each saved action; `first`: before those already subscribed."""
        self.listeners.insert(0 if first else len(self.listeners), listener)

    def _tell(self, kind):
        for listener in self.listeners:
            listener(kind)

    @property
    def gid(self):
        return self.journal.gid if self.journal is not None else None

    def resume(self):
        """Carry on with the game on flash last played (games.newest), or begin the registry's first."""
        self._leave()
        self.journal = None
        on_flash = _games_on_flash()
        journal = on_flash.newest()
        if journal is not None:
            try:
                self._play(journal.load())  # after a delete, a game of another game: its code goes
                self.journal = journal
                self.joined = set(self.game.settled + at for at in self.play.joined(self.game.actions))
                self.pulled = on_flash.is_pulled(journal.gid)
                self._tell("begun")  # after a delete: the screens start again from this game's own mat
                if journal.problems:
                    self.warn("Recovered %s: %s" % (journal.gid, journal.problems[0]))
                if journal.blocked:
                    self.warn("Flash full: %s" % journal.blocked)
                return
            except (GameError, OSError, ValueError) as e:
                self.warn("Game %s unreadable (%s); kept, new game started" % (journal.gid, e))
        self.begin(play.fresh())

    def _play(self, game):
        """The game on the table, with its play module; the one before let go, its settings checked."""
        self.game = game
        was, self.play = self.play, play.of(game)
        play.let_go(was, self.play)
        play.settle(self.play, self.settings, self.warn)

    def begin(self, header):
        """A new game of any game, from its log's header action (shared_engine/games.py)."""
        game, was = core(header, (self._cards_of == of_header(header[0]) and self._cards) or None), self.game
        self._leave()
        try:
            journal = _games_on_flash().create(game)
        except OSError as e:
            if self.game is None:  # nothing to fall back to: play, and say nothing is saved
                self._play(game)
            self.warn(_games_on_flash().not_begun(e))
            return False
        self._play(game)
        self.journal = journal
        self.pulled = False
        self.joined = set()
        self._tell("begun")
        if journal.room is not None and was is not None:  # a player's New game, not boot's: few games' room
            self.warn(_games_on_flash().room_says(journal.room))
        return True

    def _leave(self):
        """The game on the table left for another: folded if due, closed, gone if nothing was played."""
        old = self.journal
        if old is not None:
            if self.fold_due():  # a game ended a moment ago: its digest written before it is left
                self.fold()
            old.close()  # making room may remove its files, if the host holds the game
            if self.game is not None and not (self.game.settled or self.play.played(self.game.actions)):
                _games_on_flash().remove(old.gid)  # nothing was played: nothing to keep or pull
                self.journal = None

    def delete_game(self, gid):
        current = gid == self.gid
        if current:
            self.journal.close()
            self.journal = self.game = None
        _games_on_flash().remove(gid)
        if current:
            self.resume()

    def mark_pulled(self, gids):
        """The host has stored these games as they stand: they may go when space runs low."""
        _games_on_flash().mark_pulled(gids)  # one write for the lot
        if self.gid in gids:
            self.pulled = True

    def press(self):
        """A player's press begins: the actions it saves are one step for undo and redo, and go on
        flash together when it is done (done_press)."""
        self._press_at = self.game.count()
        if self._pending is None:  # a screen may begin a step of its own within the press
            self._pending = []

    def done_press(self):
        """The press is done: its actions on flash, then those subscribed told. False: they could
        not be saved, and are taken back (a message says so)."""
        pending, self._pending = self._pending, None
        self._press_at = None
        if not pending:
            return True
        try:
            self.journal.commit()
        except (OSError, MemoryError) as e:
            for kind, undone in reversed(pending):
                self._rollback(kind, undone)
            self._not_saved(e)
            return False
        for kind, _ in pending:
            self._tell(kind)
        return True

    def _not_saved(self, e):
        why = "no memory" if isinstance(e, MemoryError) else _games_on_flash().says(e)  # no import without memory
        self.warn("Not saved, so not done: " + why)

    def step(self, kind):
        """Undo (or redo) what one press did: the first action it took, or None if nothing was done."""
        game = self.game
        self._press_at = None  # an undo is no part of the press before it
        first = None
        if kind == "undo":
            while game.actions:
                at = game.count() - 1
                action = game.actions[-1]
                if not self.act("undo"):
                    break
                first = action
                if at not in self.joined:
                    break
        else:
            while game.undone:
                if first is not None and game.count() not in self.joined:
                    break
                action = game.undone[-1]
                if not self.act("redo"):
                    break
                if first is None:
                    first = action
        return first

    def act(self, kind, *values):
        """Apply one action and put it on flash; False (and a message) if refused or unsaved."""
        game = self.game
        undone = game.undone
        try:
            action = game.make(kind, *values)
            game.apply(action)
        except GameError as e:
            self.warn(str(e))
            return False
        pending = self._pending
        try:
            if self.journal is None:
                raise OSError("no game file")
            self.journal.save(game, action)
            if pending is None:  # not a player's press (the link's, a new game's): on flash now
                self.journal.commit()
        except (OSError, MemoryError) as e:
            self._rollback(kind, undone)
            self._not_saved(e)
            return False
        self._fold_failed = False
        if kind != "undo" and kind != "redo":
            at = game.count() - 1
            if self._press_at is not None and at > self._press_at:
                self.joined.add(at)
            else:
                self.joined.discard(at)
        if self.pulled:  # the host's copy is now behind: this game may not be removed
            self.pulled = False
            _games_on_flash().unmark_pulled(self.journal.gid)
        if pending is None:
            self._tell(kind)
        else:
            pending.append((kind, undone))
        self.play.carry_on(self, kind)
        return True

    def moment(self):
        """What the game's moment asks the players for (its play module's), or None: the mat is all."""
        return self.play.moment(self)

    def keep_draft(self, value):
        """An entry's first number that OK confirmed, on flash until the entry's action is made: a
        boot opens the entry on it again (draft()). False, and a message, if it could not be kept."""
        try:
            if self.journal is None:
                raise OSError("no game file")
            self.journal.put_draft(self.game.count(), value)
            return True
        except (OSError, MemoryError) as e:
            self._not_saved(e)
            return False

    def draft(self):  # the number an entry's OK confirmed before the power went, if no action came after it
        return self.journal.draft(self.game.count()) if self.journal is not None else None

    def fold_due(self):  # the journal wants folding into a snapshot (journal.fold_due): work for a pause in play
        return self.journal is not None and not self._fold_failed and self.journal.fold_due(self.game)

    def fold(self):
        try:
            self.journal.fold(self.game, None, self.joined)
        except (OSError, MemoryError):  # nothing is lost: the old snapshot and the journal stand
            self._fold_failed = True
            return
        self.joined = set(at for at in self.joined if at > self.game.settled)  # the settled are never undone again

    def reach(self):
        """How many presses undo reached back before it met the settled log: those on the redo stack."""
        count = self.game.count()
        return len([at for at in range(count, count + len(self.game.undone)) if at not in self.joined])

    def _rollback(self, kind, undone):
        # Every action has a known inverse on the game in memory: what flash refused is undone.
        game = self.game
        if kind == "undo":
            game.redo()
        elif kind == "redo":
            game.undo()
        else:
            game.take_back(undone)  # not for redoing; the redo stack as it was before it

    def roll(self, sides, step=None):
        """Roll a die and save it: the turn's Random Event d6, or a solitaire step's roll for the AI;
        an undone roll of it, the same face; one made again marked so. The face, or None if not saved."""
        face = undone_face(self.game.undone, sides, step)
        again = None if face is not None or step is not None else self.game.remade_from()
        face = face or (1 if sides == 1 else roll(self.random_byte, sides))
        done = self.act("roll", sides, face, "re", again) if step is None else self.act("ai", step, sides, face)
        return face if done else None

    def cards(self):
        """The game's card data on flash (its file: the registry's), attached to it; None if none."""
        from shared_engine.games import CARDS, ID, opened_by

        entry = opened_by(self.game.header[0])
        if not entry[CARDS]:
            return None
        if self._cards is None or self._cards_of != entry[ID]:
            self._cards_of = entry[ID]
            try:
                stat(entry[CARDS])  # most boards have none: its reader's code is then never loaded
                from card_data import load  # dropped again on the mat (lazy.ON_MAT)

                self._cards = load(entry[ID], entry[CARDS], self.warn)
            except OSError:
                self._cards = False
        if not self._cards:  # unreadable (None: tried again at the next use), or none (False)
            return None
        self.game.cards = self._cards  # every game uses the data on the device, however it began
        return self._cards

    def cards_changed(self):
        """New card data is on flash: load it at the next use."""
        self._cards = self.game.cards = None
