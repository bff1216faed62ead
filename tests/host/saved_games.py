"""A game as the phone page's Save game writes it (web/device/web_boot.py), for `adjutant import`
tests of any game; and the CLI run on an archive."""

from __future__ import annotations

import hashlib
import json
import pathlib
import subprocess
import sys

from shared_engine.log import encode_compact


def saved(path: pathlib.Path, actions: list, gid: str, minutes: int = 40) -> pathlib.Path:
    """The actions (a header first) as a saved game, played `minutes` from 2026-09-21 14:13 UTC."""
    records = [encode_compact(a) for a in actions]
    sha = hashlib.sha256("".join(r + "\n" for r in records).encode()).hexdigest()
    data = {"adjutant-game": 1, "dev": "4144534a-1a2b3c4d", "gid": gid, "sha": sha, "board": "phone"}
    data |= {"fw": "0.5.0", "t": [1790000000, 1790000000 + 60 * minutes, 0], "records": records}
    path.write_text(json.dumps(data))
    return path


def adjutant(archive: pathlib.Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "--db", str(archive), *args], capture_output=True, text=True, timeout=60
    )
