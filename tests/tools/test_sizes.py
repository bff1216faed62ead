"""Small modules with one job each: no file of the firmware or the CLI over 300 lines, no function
of the CLI over 60."""

from __future__ import annotations

import ast
import pathlib

REPO = pathlib.Path(__file__).resolve().parents[2]


def _long_files(folder: str, most: int) -> list[str]:
    return [
        f"{path.relative_to(REPO)}: {lines} lines"
        for path in sorted((REPO / folder).rglob("*.py"))
        if (lines := len(path.read_text().splitlines())) > most
    ]


def test_no_file_of_the_firmware_or_the_cli_runs_over_300_lines() -> None:
    found = _long_files("firmware", 300) + _long_files("host", 300)
    assert not found, found


def test_no_function_of_the_cli_runs_over_60_lines() -> None:
    found = []
    for path in sorted((REPO / "host").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1 if node.end_lineno else 0
                if length > 60:
                    found.append(f"{path.relative_to(REPO)}: {node.name}, {length} lines")
    assert not found, found
