"""The game archive: SQLite in the user's data directory (or --db / ADJUTANT_DB).

One row per game per device, keyed by (device id, game id): pulling again
updates a game that grew, never a second copy; an interrupted pull resumes.
Each game keeps its log exactly as the device's engine writes it, so
everything else (turn track, score, exports) is derived by replaying it.
A game of a kind this host does not know (newer firmware) keeps its records
as they came (`raw`), for a host that knows it.

The columns mean the same for every game: which game (`game`, the registry's
id), its name, winner and result in words; what is a game's own (The Great
War's margin and totals) is JSON in `detail`. An archive made by an earlier
version is migrated when opened to be written (a copy kept beside it until
the migration commits); opened read-only, through a migrated copy in memory.
"""

from __future__ import annotations

import json
import os
import pathlib
import sqlite3

from adjutant import archive_schema
from adjutant.archive_schema import APPLICATION_ID, SCHEMA, SCHEMA_VERSION, TABLES
from adjutant.errors import ArchiveError
from adjutant.stored import COLUMNS, StoredGame, now


def archive_error(path: pathlib.Path, e: sqlite3.Error) -> ArchiveError:
    """One line for what SQLite says of the archive, and what to do."""
    text = str(e)
    if "not a database" in text:
        return ArchiveError(f"{path}: not an Adjutant archive (not SQLite); give another --db, or move it aside")
    if "malformed" in text or "corrupt" in text:
        return ArchiveError(f"{path}: the archive is damaged ({text}): restore a backup, or move it aside")
    if "readonly" in text or "read-only" in text:
        return read_only(path)
    return ArchiveError(f"{path}: cannot be used ({text}): check the path and its permissions")


def read_only(path: pathlib.Path) -> ArchiveError:
    return ArchiveError(f"{path}: the archive is read-only: make it writable, or give another --db")


def default_path() -> pathlib.Path:
    env = os.environ.get("ADJUTANT_DB")
    if env:
        return pathlib.Path(env)
    import platformdirs

    return pathlib.Path(platformdirs.user_data_dir("adjutant")) / "games.sqlite3"


class Store:
    """The archive, checked as it opens: a file that is not one, or is damaged, is never written.

    readonly: for listing and exporting, which never write, so a read-only archive serves them,
    and an archive that does not exist yet is not made (it reads as one with no games).
    """

    def __init__(self, path: pathlib.Path | str | None = None, readonly: bool = False):
        self.path = pathlib.Path(path) if path else default_path()
        # only the default place is made: a folder named by --db or ADJUTANT_DB that is not there is a typo
        self.own_place = not path and not os.environ.get("ADJUTANT_DB")
        self.created = False  # this opening made the archive
        if self.path.is_dir():
            raise ArchiveError(f"{self.path}: is a folder; give the archive's file with --db or ADJUTANT_DB")
        try:
            if readonly:
                if self.path.exists():
                    uri = self.path.resolve().as_uri()
                    try:
                        self.db = sqlite3.connect(f"{uri}?mode=ro", uri=True)
                        self._check()
                    except sqlite3.OperationalError:  # WAL in a folder this user may not write: as it lies
                        self.db = sqlite3.connect(f"{uri}?immutable=1", uri=True)
                        self._check()
                    if archive_schema.earlier(self.db):  # an earlier version's archive: read through a migrated copy
                        copy = sqlite3.connect(":memory:")
                        self.db.backup(copy)
                        self.db.close()
                        self.db = copy
                        self.db.executescript(SCHEMA)  # the tables later versions added, empty
                        archive_schema.upgrade_columns(self.db)
                        archive_schema.migrate(self.db)
                else:  # nothing archived yet: an empty archive in memory, and no file made
                    self.db = sqlite3.connect(":memory:")
                    self.db.executescript(SCHEMA)
                return
            self.created = not self.path.exists() or self.path.stat().st_size == 0
            if not self.own_place and not self.path.parent.is_dir():
                raise ArchiveError(f"{self.path}: no folder {self.path.parent}; make it first, or give another --db")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path)
            self._check()
            # WAL: a commit is one append to the log; synchronous=FULL keeps it on disk before the
            # device is told (ack) that it may delete the game.
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
            self.db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            if archive_schema.earlier(self.db):
                archive_schema.migrate_in_place(self.db, self.path)
            elif self.created:
                self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.Error as e:
            raise archive_error(self.path, e) from e
        except OSError as e:
            raise ArchiveError(f"{self.path}: cannot be opened ({e.strerror or e})") from e

    @classmethod
    def check(cls, path: pathlib.Path | str | None = None) -> None:
        """ArchiveError unless the archive at `path` is whole, ours and writable (its folder too, for
        the journal SQLite writes beside it); opened as an unchanging file, so the check leaves
        nothing behind (no lock, no -wal or -shm file)."""
        store = cls.__new__(cls)
        store.path = pathlib.Path(path) if path else default_path()
        if not (os.access(store.path, os.W_OK) and os.access(store.path.parent, os.W_OK)):
            raise read_only(store.path)
        try:
            store.db = sqlite3.connect(f"{store.path.resolve().as_uri()}?immutable=1", uri=True)
            store._check()
            store.db.close()
        except sqlite3.Error as e:
            raise archive_error(store.path, e) from e

    def _check(self) -> None:
        """Before anything is written: the file is an Adjutant archive (or empty), and SQLite's
        quick_check finds it whole. Anything else is left as it is."""
        problem = self.db.execute("PRAGMA quick_check").fetchone()[0]
        if problem != "ok":
            problem = " ".join(problem.split())[:120]  # SQLite's report may run over several lines
            self.db.close()
            raise ArchiveError(
                f"{self.path}: the archive is damaged ({problem}); nothing was written: "
                "restore a backup, or move it aside to start a new one"
            )
        ours = self.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        tables = {row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        # an archive from before the application id has the games table and nothing of another program's
        if not ours and tables and not ("games" in tables and tables <= TABLES):
            self.db.close()
            others = ", ".join(sorted(tables - TABLES)[:3]) or "no games table"
            raise ArchiveError(
                f"{self.path}: not an Adjutant archive (a SQLite database of something else: {others}); "
                "give another --db"
            )

    def close(self) -> None:
        self.db.close()

    # -- devices and their cursors ------------------------------------------------------

    def seen(self, dev: str, board: str, firmware: str) -> None:
        """Note the device (committed with the pull's first batch)."""
        self.db.execute(
            "INSERT INTO devices (dev, board, firmware, last_seen) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(dev) DO UPDATE SET board=excluded.board, firmware=excluded.firmware, "
            "last_seen=excluded.last_seen",
            (dev, board, firmware, now()),
        )

    def cursor(self, dev: str) -> tuple[str | None, str | None]:
        row = self.db.execute("SELECT cursor_gid, cursor_sha FROM devices WHERE dev=?", (dev,)).fetchone()
        return (row[0], row[1]) if row else (None, None)

    # -- games ----------------------------------------------------------------------------

    def has(self, dev: str, gid: str, sha: str) -> bool:
        row = self.db.execute("SELECT 1 FROM games WHERE dev=? AND gid=? AND sha=?", (dev, gid, sha)).fetchone()
        return row is not None

    def same_log(self, dev: str, gid: str, log: str) -> bool:
        """The archive holds this game with exactly this log."""
        row = self.db.execute("SELECT log FROM games WHERE dev=? AND gid=?", (dev, gid)).fetchone()
        return row is not None and row[0] == log

    def known(self, dev: str, gid: str) -> bool:
        return self.db.execute("SELECT 1 FROM games WHERE dev=? AND gid=?", (dev, gid)).fetchone() is not None

    def put(self, game: StoredGame, cursor: bool) -> None:
        """Store a whole, verified game (replacing an older copy of it) and advance the cursor.

        Not committed yet: commit() makes a batch durable with one sync, before any ack.
        """
        fields = {name: getattr(game, name) for name in COLUMNS}
        fields["over"] = int(game.over)
        fields["estimated"] = int(game.estimated)
        fields["raw"] = int(game.raw)
        fields["detail"] = json.dumps(game.detail) if game.detail else None
        fields["game"] = game.game
        names = ", ".join(fields)
        # A later pull that cannot date the game (the device restarted since) keeps the dates known.
        self.db.execute(
            f"INSERT INTO games ({names}, acked) VALUES ({', '.join(':' + n for n in fields)}, 0) "
            "ON CONFLICT (dev, gid) DO UPDATE SET "
            + ", ".join(f"{n}=excluded.{n}" for n in fields if n not in ("dev", "gid", "started", "ended", "estimated"))
            + ", acked=0, started=COALESCE(excluded.started, started), ended=COALESCE(excluded.ended, ended), "
            "estimated=CASE WHEN excluded.started IS NULL AND started IS NOT NULL THEN estimated "
            "ELSE excluded.estimated END",
            fields,
        )
        self.db.execute("DELETE FROM partial WHERE dev=? AND gid=?", (game.dev, game.gid))
        if cursor:
            self.db.execute("UPDATE devices SET cursor_gid=?, cursor_sha=? WHERE dev=?", (game.gid, game.sha, game.dev))

    def commit(self) -> None:
        self.db.commit()

    # -- remembered settings (the players' names, for exports) -------------------------------

    def setting(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def remember(self, key: str, value: str) -> None:
        with self.db:
            self.db.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                (key, value),
            )

    # -- who played each game (export --player) ----------------------------------------------

    def set_players(self, games: list[StoredGame], names: dict[str, str]) -> None:
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO players VALUES (?,?,?,?)",
                [(g.dev, g.gid, side, name) for g in games for side, name in names.items()],
            )

    def players(self, g: StoredGame) -> dict[str, str]:
        """The names recorded for this game's sides, by side."""
        rows = self.db.execute("SELECT side, name FROM players WHERE dev=? AND gid=?", (g.dev, g.gid))
        return dict(rows.fetchall())

    def games(self, dev: str | None = None) -> list[StoredGame]:
        query = f"SELECT {', '.join(COLUMNS)} FROM games" + (" WHERE dev=?" if dev else "") + " ORDER BY dev, gid"
        rows = self.db.execute(query, (dev,) if dev else ()).fetchall()
        found = [StoredGame(**dict(zip(COLUMNS, row))) for row in rows]
        card_names = self.card_names()
        for game in found:
            game.over = bool(game.over)
            game.estimated = bool(game.estimated)
            game.raw = bool(game.raw)
            game.detail = json.loads(game.detail) if isinstance(game.detail, str) else {}
            game.card_names = card_names
        return found

    # -- the names of the cards pushed (games log a Random Event card by its id) ---------------

    def remember_cards(self, names: dict[str, str]) -> None:
        try:
            with self.db:
                self.db.executemany("INSERT OR REPLACE INTO cards VALUES (?,?)", sorted(names.items()))
        except sqlite3.Error as e:
            raise archive_error(self.path, e) from e

    def card_names(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT id, name FROM cards").fetchall())

    def find(self, key: str) -> StoredGame:
        """A game by "gid" or "dev/gid" (a prefix of the device id is enough)."""
        dev, _, gid = key.rpartition("/")
        matches = [g for g in self.games() if g.gid == gid and g.dev.startswith(dev)]
        if len(matches) != 1:
            from adjutant.errors import AdjutantError

            if matches:  # the same game id from several devices: name the device too
                which = ", ".join(g.key for g in matches)
                raise AdjutantError(f"several games match {key!r}: {which}; give one of these")
            known = ", ".join(g.key for g in self.games()[-5:]) or "none yet: run `adjutant pull`"
            raise AdjutantError(f"no game {key!r} (known: {known})")
        return matches[0]

    def unacked(self, dev: str) -> list[list[str]]:
        """[gid, sha] of stored games the device has not yet been told about."""
        rows = self.db.execute("SELECT gid, sha FROM games WHERE dev=? AND acked=0 ORDER BY gid", (dev,))
        return [[gid, sha] for gid, sha in rows]

    def mark_acked(self, dev: str, pairs: list[list[str]]) -> None:
        if not pairs:
            return
        with self.db:
            self.db.executemany(
                "UPDATE games SET acked=1 WHERE dev=? AND gid=? AND sha=?", [(dev, g, s) for g, s in pairs]
            )

    # -- partial downloads ----------------------------------------------------------------

    def partial(self, dev: str, gid: str, sha: str) -> list[str]:
        row = self.db.execute("SELECT sha, records FROM partial WHERE dev=? AND gid=?", (dev, gid)).fetchone()
        if row is None or row[0] != sha:
            return []
        return row[1].split("\n") if row[1] else []

    def save_partial(self, dev: str, gid: str, sha: str, records: list[str]) -> None:
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO partial VALUES (?,?,?,?)", (dev, gid, sha, "\n".join(records)))
