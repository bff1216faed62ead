"""Past games kept on flash, with their results; a game can be deleted."""

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
        for gid, name, turns, end, pulled in self.rows:
            label = gid[1:] + " " + (end or "playing")
            out.append((label, "" if pulled else "*", self._open(gid, name, turns, end, pulled)))
        return out

    def _open(self, gid, name, turns, end, pulled):
        ui = self.ui

        def open_game():
            text = "%s%s\n%s\n%s" % (
                name,
                ", %d turns" % turns if turns else "",  # The Great War's; The War and Last Front have none
                end or "in play",
                "copied to host" if pulled else "* not yet pulled",
            )
            ui.push(GameDetail(ui, gid, text, self))

        return open_game


class GameDetail(Message):
    name = "game"

    def __init__(self, ui, gid, text, history):
        super().__init__(ui, "Game " + gid[1:], text + "\nhold OK: delete")
        self.gid = gid
        self.history = history

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
