"""No circle of imports anywhere in the product: the engine, the firmware and the CLI, counting the
imports made inside functions (which only hide a circle until the function runs)."""

from __future__ import annotations

from tests.plugins.imports import circles, graph


def test_no_module_of_the_engine_firmware_or_cli_reaches_itself_through_its_imports() -> None:
    edges = graph()
    assert len(edges) > 120 and "adjutant.cli" in edges, len(edges)  # every module was read
    assert "shared_engine.records" in edges["shared_engine.log"]  # and its imports with it
    assert "shared_engine.games" in edges["session"] and "screens" in edges["play"]  # inside a function
    found = circles(edges)
    assert not found, "import circles: " + "; ".join(" <-> ".join(group) for group in found)


def test_the_circle_finder_finds_a_circle_made_by_an_import_inside_a_function() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
