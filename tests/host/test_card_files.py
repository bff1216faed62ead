"""Card files as real spreadsheets save them: `adjutant cards check` on each."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

from adjutant.games.great_war.cards_file import TEMPLATE_CSV, load, template

from shared_engine.great_war.cards import DECKS

REPO = pathlib.Path(__file__).resolve().parents[2]


def _check(path: pathlib.Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "cards", "check", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, ADJUTANT_DB=str(path.parent / "archive.sqlite3")),
        cwd=REPO,
    )


def _as(delimiter: str) -> str:
    """The template as a spreadsheet saves it with another separator (cells with it quoted)."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    for row in csv.reader(io.StringIO(TEMPLATE_CSV)):
        writer.writerow(row)
    return out.getvalue()


def test_excel_csv_with_a_byte_order_mark_and_semicolons_reads_like_the_template(tmp_path: pathlib.Path) -> None:
    expected = load(_write(tmp_path / "plain.csv", TEMPLATE_CSV))
    for name, text in (
        ("excel-semicolon.csv", "\ufeff" + _as(";")),
        ("excel-comma.csv", "\ufeff" + _as(",")),
        ("tabs.csv", _as("\t")),
    ):
        path = _write(tmp_path / name, text)
        assert load(path) == expected, name
        done = _check(path)
        assert done.returncode == 0, (name, done.stdout, done.stderr)


def _write(path: pathlib.Path, text: str) -> pathlib.Path:
    path.write_bytes(text.encode("utf-8"))
    return path


def test_a_file_without_its_version_line_is_told_what_to_add(tmp_path: pathlib.Path) -> None:
    path = _write(tmp_path / "cards.csv", TEMPLATE_CSV.split("\n", 1)[1])
    done = _check(path)
    assert done.returncode == 7
    assert f"{path}: version: missing: add a first line #version,my-cards-1" in done.stderr + done.stdout


def test_a_misspelt_icon_deck_or_column_suggests_the_nearest(tmp_path: pathlib.Path) -> None:
    text = TEMPLATE_CSV.replace("cancel,Q", "cancle,Q").replace("Fortifications,NEU", "Fortifications,NUE")
    done = _check(_write(tmp_path / "cards.csv", text))
    said = done.stderr + done.stdout
    assert done.returncode == 7
    assert "cancle' (known: " in said and "did you mean cancel?" in said and "did you mean NEU?" in said
    column = _check(_write(tmp_path / "column.csv", TEMPLATE_CSV.replace(",bp,icons,", ",bp,icon,")))
    assert column.returncode == 7 and "icon: unknown column" in column.stderr + column.stdout
    assert "did you mean icons?" in column.stderr + column.stdout


def test_the_template_holds_a_card_of_every_deck_and_passes_its_own_check(tmp_path: pathlib.Path) -> None:
    decks = {card["deck"] for card in load(_write(tmp_path / "t.csv", template("csv")))["cards"]}
    assert decks == set(DECKS)
    assert load(_write(tmp_path / "t.json", template("json")))["cards"]


def test_a_card_the_devices_font_cannot_draw_is_refused_with_its_line_field_and_what_to_write(
    tmp_path: pathlib.Path,
) -> None:
    path = tmp_path / "cards.csv"
    path.write_text(TEMPLATE_CSV.replace("Joffre", "Joffre \u2013 Général"), encoding="utf-8")
    done = _check(path)
    assert done.returncode == 7, done.stderr
    line = f"{path}:4: name: '\u2013' '\u00e9' cannot be drawn by the device's font: write 'Joffre - General'"
    assert line in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_card_data_larger_than_the_device_takes_is_refused_before_any_push(tmp_path: pathlib.Path) -> None:
    from shared_engine.frames import CARDS_JSON_MAX

    rows = "".join(f"neu-{i:04d},Neutral card number {i:04d} of many,NEU,{i % 10},,,,\n" for i in range(1200))
    path = tmp_path / "cards.csv"
    path.write_text("#version,big-1\nid,name,deck,bp,icons,rank,side,d6\n" + rows)
    done = _check(path)
    assert done.returncode == 7, done.stderr
    assert f"bytes of card data: the device takes at most {CARDS_JSON_MAX:,}" in done.stderr, done.stderr


def test_a_csv_saved_as_windows_1252_is_told_to_be_saved_as_utf_8(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes(TEMPLATE_CSV.replace("Joffre", "Joffre G\u00e9n\u00e9ral").encode("cp1252"))
    done = _check(path)
    assert done.returncode == 7, done.stderr
    assert done.stderr.splitlines()[0] == f'{path}:4: not UTF-8 text: save it as UTF-8 (in Excel: "CSV UTF-8")'
