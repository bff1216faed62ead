"""A game is a plug-in: the registry (shared_engine/games.py) names it once, its faces live in its
own folders, and nothing else in the product names a game or the record that opens its logs."""

from __future__ import annotations

import ast
import pathlib
import re

from shared_engine import games
from shared_engine.errors import GameError

REPO = pathlib.Path(__file__).resolve().parents[2]
PRODUCT = ("shared_engine", "firmware", "host/adjutant", "web/src", "web/device", "web/build.py")


def own_folders() -> list[pathlib.Path]:
    """Each registered game's folders, one per face."""
    out = []
    for entry in games.GAMES:
        out.append(REPO / entry[games.ENGINE].replace(".", "/"))
        out.append(REPO / "firmware" / entry[games.DEVICE].replace(".", "/"))
        out.append(REPO / "host" / entry[games.DESK].replace(".", "/"))
    return out


def _strings(path: pathlib.Path) -> list[tuple[int, str]]:
    """The string literals of a file with their lines (a Python file's docstrings aside)."""
    text = path.read_text()
    if path.suffix != ".py":
        return [(text.count("\n", 0, m.start()) + 1, m.group(2)) for m in re.finditer(r"([\"'`])(.*?)\1", text)]
    tree = ast.parse(text)
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def naming_a_game(words: set[str]) -> list[str]:
    """Where a product file outside the registry and the games' own folders holds one of `words`."""
    allowed = [REPO / "shared_engine/games.py", *own_folders()]
    found = []
    for root in PRODUCT:
        top = REPO / root
        for path in [top] if top.is_file() else sorted(top.rglob("*")):
            if path.suffix not in (".py", ".js", ".html") or any(path.is_relative_to(a) for a in allowed):
                continue
            for line, text in _strings(path):
                if text in words:
                    found.append(f"{path.relative_to(REPO)}:{line}: {text!r}")
    return found


def test_no_file_outside_the_registry_and_a_games_own_folders_names_a_game_or_its_header() -> None:
    words = {entry[games.ID] for entry in games.GAMES} | {entry[games.HEADER] for entry in games.GAMES}
    assert "new" in words and "the-great-war" in words  # The Great War's header stays "new"
    found = naming_a_game(words)
    assert not found, "a game named outside its own folders:\n" + "\n".join(found)


def test_the_scan_finds_a_game_named_where_it_should_not_be(tmp_path: pathlib.Path) -> None:
    planted = REPO / "firmware/planted_check.py"
    planted.write_text('"""A doc that says "the-war" is no offence."""\n\nKIND = "the-war"\n')
    try:
        found = naming_a_game({"the-war"})
    finally:
        planted.unlink()
    assert found == ["firmware/planted_check.py:3: 'the-war'"]


FIRST_REGISTERED = re.compile(r"(?<!\w)(GAMES|ids\(\)|with_cards\(\))\[0\]")


def taking_the_first_registered(files: list[pathlib.Path]) -> list[str]:
    """Where product code takes the registry's first game for the one assumed (games.LEGACY's job)."""
    found = []
    for path in files:
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if FIRST_REGISTERED.search(line):
                found.append(f"{path.relative_to(REPO)}:{n}: {line.strip()}")
    return found


def test_the_legacy_game_is_the_great_war_named_once_not_the_first_in_new_games_order() -> None:
    # Boards, hosts and archives in use took The Great War for granted before a second game (its
    # logs open with "new"): a fresh board begins it, New game leads with it, a device reply or a
    # card push that names no game is its. Reordering New game must change none of that.
    assert games.LEGACY == "the-great-war" and games.entry(games.LEGACY)[games.HEADER] == "new"
    product = [
        p for root in PRODUCT for p in ([REPO / root] if (REPO / root).is_file() else (REPO / root).rglob("*.py"))
    ]
    found = taking_the_first_registered([p for p in product if p.suffix == ".py"])
    assert not found, "the first registered game taken as the legacy one:\n" + "\n".join(found)
    planted = REPO / "firmware/planted_check.py"
    planted.write_text("from shared_engine.games import GAMES\n\nDEFAULT = GAMES[0]\n_GAMES = [1]\nONE = _GAMES[0]\n")
    try:
        assert taking_the_first_registered([planted]) == ["firmware/planted_check.py:3: DEFAULT = GAMES[0]"]
    finally:
        planted.unlink()


def test_an_id_or_header_nobody_registered_is_one_clear_error() -> None:
    for bad in (lambda: games.entry("chess"), lambda: games.core(("chess", 1)), lambda: games.records("chess")):
        try:
            bad()
        except GameError as e:
            assert "unknown game 'chess'" in str(e), e
        else:
            raise AssertionError("no error for a game nobody registered")
    assert games.of_header("chess") is None


def test_every_registered_game_has_every_face_and_hook() -> None:
    from adjutant.games.base import Desk
    from adjutant.games.desks import desk

    for entry in games.GAMES:
        game = entry[games.ID]
        core = games.face(game, games.ENGINE, "core")
        header = next(
            kind for kind, spec in games.records(entry[games.HEADER]).SPECS.items() if kind == entry[games.HEADER]
        )
        assert header and core.Core.HEADER == entry[games.HEADER], game
        actions = games.face(game, games.ENGINE, "actions")
        for name in ("SPECS", "make", "from_record", "to_record"):
            assert hasattr(actions, name), (game, "actions", name)
        bgstats = games.face(game, games.ENGINE, "bgstats")
        assert callable(bgstats.play) and callable(bgstats.names) and len(bgstats.GAME) == 5, game
        device = REPO / "firmware" / entry[games.DEVICE].replace(".", "/")
        play = ast.parse((device / "__init__.py").read_text())
        names = {
            t.id for n in ast.walk(play) if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)
        }
        assert {"GAME", "MAT", "SCREENS"} <= names, (game, "play module", names)
        rows = {n.name for n in ast.parse((device / "rows.py").read_text()).body if isinstance(n, ast.FunctionDef)}
        assert {"menu", "new_game_rows"} <= rows, (game, "rows", rows)
        desk_face = desk(game)
        assert isinstance(desk_face, Desk) and desk_face.game == game, game
        for hook in ("archived", "to_json", "section", "bgstats", "story", "csv_rows", "said", "state_line"):
            assert getattr(type(desk_face), hook) is not getattr(Desk, hook), (game, "desk", hook)


def test_a_game_that_reads_card_data_has_its_checker_its_file_reader_and_its_flash_file() -> None:
    from adjutant.games.desks import desk

    assert games.with_cards(), "The Great War reads card data"
    for entry in games.GAMES:
        own = desk(entry[games.ID]).cards_file
        if not entry[games.CARDS]:
            assert own is None, f"{entry[games.ID]} reads no card data, yet its desk has a card file reader"
            continue
        assert hasattr(games.face(entry[games.ID], games.ENGINE, "cards"), "CardSet")
        reader = __import__(own, None, None, ("load",))
        assert callable(reader.load) and callable(reader.template)
        assert own.startswith(entry[games.DESK] + "."), "its reader lives in its own desk folder"
