"""The project's modules and what each imports, read from the source (ast): every import
statement, those inside functions and `if TYPE_CHECKING:` too, and `__import__` of a literal name.

A module is named as it is imported where it runs: firmware/ at a board's root ("play.great_war"),
shared_engine/ as a package, host/adjutant/ as `adjutant`.
"""

from __future__ import annotations

import ast
import pathlib

REPO = pathlib.Path(__file__).resolve().parents[2]
ROOTS = ((REPO / "firmware", ""), (REPO / "shared_engine", "shared_engine."), (REPO / "host/adjutant", "adjutant."))
SKIP = ("examples", "sim")  # wiring checks for a board; the simulator, which runs none of the product's imports


def modules() -> dict[str, pathlib.Path]:
    found = {}
    for folder, prefix in ROOTS:
        for path in folder.rglob("*.py"):
            rel = path.relative_to(folder)
            if rel.parts[0] in SKIP:
                continue
            parts = list(rel.with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            name = (prefix + ".".join(parts)).rstrip(".")
            found[name] = path
    return found


def _package(name: str, path: pathlib.Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imports(name: str, path: pathlib.Path, known: dict[str, pathlib.Path]) -> set[str]:
    """The project modules `name` imports, wherever the statement stands."""
    out: set[str] = set()
    package = _package(name, path)

    def add(target: str) -> None:
        # a module, or the package holding the name imported from it
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            out.add(target)

    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - (node.level - 1)] if node.level > 1 else up
                base = ".".join(up + ([node.module] if node.module else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in known else base)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                add(node.args[0].value)
    return out


# What the registry's readers import by the names it holds, not by a literal: the engine's core and
# records (shared_engine/games.py), the play package (play.of, play.fresh), New game's rows
# (screens/menu.py), the desk (adjutant/games/).
BY_REGISTRY = (
    ("shared_engine.games", "ENGINE", ("core", "actions", "cards")),
    ("play", "DEVICE", ("",)),
    ("screens.menu", "DEVICE", ("rows",)),
    ("adjutant.games.desks", "DESK", ("",)),
)


def graph() -> dict[str, set[str]]:
    from shared_engine import games

    known = modules()
    edges = {name: imports(name, path, known) for name, path in known.items()}
    for reader, face, parts in BY_REGISTRY:
        for entry in games.GAMES:
            for part in parts:
                target = entry[getattr(games, face)] + ("." + part if part else "")
                if target in known:
                    edges[reader].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's), each a circle of imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found
