"""Past games kept on flash: which game each is, its result or "unfinished"; an unfinished game
can be played on, and any deleted."""

from journal import games

from screens.base import Confirm
from screens.widgets import ListScreen, Message


class History(ListScreen):
    name = "history"
    title = "History"

    def __init__(self, ui):
        super().__init__(ui)
        self.rows = games.summaries()

    def items(self):
        out = []
        current = self.ui.session.gid
        for gid, name, turns, end, pulled, which in self.rows:
            state = end or ("on the mat" if gid == current else "unfinished")
            label = "%s %s: %s" % (gid[1:], short(which), state)  # the chosen row is shown whole
            out.append((label, "" if pulled else "*", self._open(gid, name, turns, state, pulled, which)))
        return out

    def _open(self, gid, name, turns, state, pulled, which):
        ui = self.ui

        def open_game():
            text = "%s%s\n%s\n%s" % (
                which if name in (which, "?") else "%s: %s" % (which, name),
                ", %d turns" % turns if turns else "",  # The Great War's; The War and Last Front have none
                state,
                "copied to host" if pulled else "* not yet pulled",
            )
            ui.push(GameDetail(ui, gid, text, self, state == "unfinished"))

        return open_game


def short(name):
    """A game's name in a row: its initials ("TGW", "LF"), or its one word after "The" ("War")."""
    words = name.split()
    if words[0] == "The" and len(words) == 2:
        return words[1]
    return "".join(word[0] for word in words) if len(words) > 1 else name


class GameDetail(Message):
    name = "game"

    def __init__(self, ui, gid, text, history, unfinished):
        then = ("play on", self.take_up) if unfinished else None  # on its own mat, where it stood
        super().__init__(ui, "Game " + gid[1:], text + "\nhold OK: delete", then)
        self.gid = gid
        self.history = history

    def take_up(self):
        games.take_up(self.gid)
        self.ui.session.resume()  # the game left, as a new game leaves it; this one's mat shown

    def key(self, button, kind):
        ui = self.ui
        if button == "OK" and kind == "LONG":
            current = ui.session.gid == self.gid
            question = "Delete game %s%s?" % (self.gid[1:], " (being played)" if current else "")
            ui.push(Confirm(ui, question, self.delete))
        else:
            super().key(button, kind)

    def delete(self):
        ui = self.ui
        ui.pop()
        ui.session.delete_game(self.gid)
        self.history.rows = games.summaries()
