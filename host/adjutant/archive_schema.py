"""The archive's tables, and the migration of an earlier version's: the store opens them (store.py).

Version 2 (PRAGMA user_version) has game-neutral columns in `games` (which game, its name,
winner and result in words) and the game's own figures as JSON (`detail`); an earlier version's
`games` had The Great War's own columns (margin, level, cp, ea), which migrate() moves into the
detail.
"""

from __future__ import annotations

import json
import pathlib
import sqlite3

from adjutant.stored import COLUMNS, header_kind
from shared_engine.games import of_header

SCHEMA = """
CREATE TABLE IF NOT EXISTS devices (
    dev TEXT PRIMARY KEY,
    board TEXT,
    firmware TEXT,
    cursor_gid TEXT,
    cursor_sha TEXT,
    last_seen TEXT
);
CREATE TABLE IF NOT EXISTS games (
    dev TEXT NOT NULL,
    gid TEXT NOT NULL,
    sha TEXT NOT NULL,
    log TEXT NOT NULL,
    records INTEGER NOT NULL,
    over INTEGER NOT NULL,
    game TEXT,
    name TEXT,
    winner TEXT,
    result TEXT,
    detail TEXT,
    raw INTEGER NOT NULL DEFAULT 0,
    pulled_at TEXT NOT NULL,
    acked INTEGER NOT NULL DEFAULT 0,
    started INTEGER,
    ended INTEGER,
    estimated INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (dev, gid)
);
CREATE TABLE IF NOT EXISTS partial (
    dev TEXT NOT NULL,
    gid TEXT NOT NULL,
    sha TEXT NOT NULL,
    records TEXT NOT NULL,
    PRIMARY KEY (dev, gid)
);
CREATE TABLE IF NOT EXISTS players (
    dev TEXT NOT NULL,
    gid TEXT NOT NULL,
    side TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (dev, gid, side)
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS cards (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL
);
"""


NEWER_COLUMNS = [
    ("acked", "INTEGER NOT NULL DEFAULT 0"),
    ("started", "INTEGER"),
    ("ended", "INTEGER"),
    ("estimated", "INTEGER NOT NULL DEFAULT 0"),
]


APPLICATION_ID = 0x41444A54  # "ADJT" in the database header: this file is an Adjutant archive
TABLES = {"devices", "games", "partial", "players", "settings", "cards"}
SCHEMA_VERSION = 2  # PRAGMA user_version: 2, game-neutral columns; 0, an earlier version's (or a new file)
EARLIER = ("margin", "level", "cp", "ea")  # the games table's Great War columns before version 2

GAMES_TABLE = SCHEMA[SCHEMA.index("CREATE TABLE IF NOT EXISTS games (") : SCHEMA.index(");", SCHEMA.index("games ("))]


def migrate(db: sqlite3.Connection) -> None:
    """The games table of an earlier version to game-neutral columns: its Great War columns
    (margin, level, cp, ea) become the game's detail; which game and the result in words are
    its desk's to say (adjutant/games/), and filled in when it is next archived."""
    db.execute(GAMES_TABLE.replace("IF NOT EXISTS games (", "games_migrated (") + ")")
    kept = [c for c in COLUMNS if c not in ("result", "detail", "raw")]
    rows = db.execute(f"SELECT {', '.join(kept)}, {', '.join(EARLIER)} FROM games").fetchall()
    for row in rows:
        values = dict(zip(kept, row[: len(kept)]))
        earlier = dict(zip(EARLIER, row[len(kept) :]))
        values["detail"] = json.dumps(earlier) if any(v is not None for v in earlier.values()) else None
        values["raw"] = 0
        values["game"] = of_header(header_kind(str(values["log"]).split("\n", 1)[0]))
        marks = ", ".join("?" for _ in values)
        db.execute(f"INSERT INTO games_migrated ({', '.join(values)}) VALUES ({marks})", list(values.values()))
    acked = db.execute("SELECT dev, gid FROM games WHERE acked=1").fetchall()
    db.executemany("UPDATE games_migrated SET acked=1 WHERE dev=? AND gid=?", acked)
    db.execute("DROP TABLE games")
    db.execute("ALTER TABLE games_migrated RENAME TO games")
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")


def earlier(db: sqlite3.Connection) -> bool:
    """The games table is an earlier version's (its Great War columns)."""
    return "cp" in [row[1] for row in db.execute("PRAGMA table_info(games)")]


def upgrade_columns(db: sqlite3.Connection) -> None:
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    for column, kind in NEWER_COLUMNS:  # added by versions before the game-neutral columns
        if column not in columns:
            db.execute(f"ALTER TABLE games ADD COLUMN {column} {kind}")


def migrate_in_place(db: sqlite3.Connection, path: pathlib.Path) -> None:
    """An earlier version's archive to this one's columns, in one transaction; a copy of it is
    kept beside it (`<name>.before-migration`) until that commits."""
    copy_path = path.with_name(path.name + ".before-migration")
    copy = sqlite3.connect(copy_path)
    try:
        db.backup(copy)
    finally:
        copy.close()
    db.execute("BEGIN IMMEDIATE")
    try:
        upgrade_columns(db)
        migrate(db)
    except BaseException:
        db.rollback()
        raise
    db.commit()
    copy_path.unlink()
