"""The Great War's card files on the computer: CSV or JSON in, its card data out, every error located.

JSON is the device's own form: {"version": "...", "cards": [{...}, ...]}.
CSV has one card per row under a header row naming the fields (id, name,
deck, bp, icons, rank, side, d6); icons are separated by ";", the six d6
texts of a Random Event card by "|". A first row "#version,<text>" names the
version. The checks are the engine's own (shared_engine/great_war/cards.py), so a file
that passes here is accepted by the device.
"""

from __future__ import annotations

import csv
import io
import json
import pathlib
import unicodedata

from adjutant.cards_file import CardFileError, Problem, packed
from shared_engine.errors import CardDataError
from shared_engine.frames import CARDS_JSON_MAX
from shared_engine.great_war.cards import DECKS, FIELDS, ICONS, CardSet, card_errors


def load(path: pathlib.Path) -> dict:
    """The card data in `path`, checked; CardFileError listing every problem."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # Excel starts its UTF-8 CSV with a byte-order mark
    except UnicodeDecodeError as e:
        at = path.read_bytes()[: e.start].count(b"\n") + 1
        raise CardFileError([Problem(name, at, "", 'not UTF-8 text: save it as UTF-8 (in Excel: "CSV UTF-8")')]) from e
    except OSError as e:
        raise CardFileError([Problem(name, None, "", f"cannot read: {e.strerror or e}")]) from e
    problems: list[Problem] = []
    if path.suffix.lower() == ".json":
        data, lines = _from_json(name, text)
    else:
        data, lines, problems = _from_csv(name, text)
    if data.get("version") is None:
        hint = "a first line #version,my-cards-1" if path.suffix.lower() != ".json" else '"version": "my-cards-1"'
        problems.append(Problem(name, None, "version", f"missing: add {hint} (any text of 1-32 characters)"))
    elif not isinstance(data.get("version"), str) or not 0 < len(data["version"]) <= 32:
        problems.append(Problem(name, None, "version", "must be text of 1-32 characters"))
    seen: dict[str, int] = {}
    for i, card in enumerate(data["cards"]):
        line = lines[i] if i < len(lines) else None
        for field, message in card_errors(card):
            problems.append(Problem(name, line, field, message + _did_you_mean(field, card)))
        card_id = card.get("id") if isinstance(card, dict) else None
        if isinstance(card_id, str):
            if card_id in seen:
                problems.append(Problem(name, line, "id", f"{card_id!r} is also used on line {seen[card_id]}"))
            else:
                seen[card_id] = line or 0
    for i, card in enumerate(data["cards"]):
        problems += _undrawable(name, lines[i] if i < len(lines) else None, card)
    if not data["cards"]:
        problems.append(Problem(name, None, "cards", "no cards in the file"))
    size = len(packed(data))
    if not problems and size > CARDS_JSON_MAX:
        problems.append(
            Problem(name, None, "", f"{size:,} bytes of card data: the device takes at most {CARDS_JSON_MAX:,}")
        )
    if problems:
        raise CardFileError(problems)
    try:
        CardSet(data)  # the device's own constructor: what passes here passes there
    except CardDataError as e:
        raise CardFileError([Problem(name, None, "", str(e))]) from e
    return data


FONT = range(32, 127)  # the device's 8x8 font: printable ASCII
PLAIN = str.maketrans(
    {"\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2026": "..."}
)


def _undrawable(name: str, line: int | None, card: object) -> list[Problem]:
    """Text the device's font cannot draw, field by field, with what to write instead."""
    if not isinstance(card, dict):
        return []
    out = []
    for field in ("name", "d6"):
        value = card.get(field)
        for text in value if isinstance(value, list) else [value]:
            if not isinstance(text, str):
                continue
            bad = list(dict.fromkeys(c for c in text if ord(c) not in FONT))
            if bad:
                plain = unicodedata.normalize("NFKD", text.translate(PLAIN)).encode("ascii", "ignore").decode()
                shown = " ".join(repr(c) for c in bad)
                out.append(Problem(name, line, field, f"{shown} cannot be drawn by the device's font: write {plain!r}"))
    return out


def _from_json(name: str, text: str) -> tuple[dict, list[int]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise CardFileError([Problem(name, e.lineno, "", f"not valid JSON: {e.msg}")]) from e
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardFileError([Problem(name, 1, "", 'must be an object {"version": ..., "cards": [...]}')])
    # Each card's line: where its object starts in the text.
    lines = []
    decoder = json.JSONDecoder()
    start = text.find("[", text.find('"cards"'))
    pos = start + 1
    for _ in data["cards"]:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        lines.append(text.count("\n", 0, pos) + 1)
        try:
            _, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError:
            break
    return data, lines


def _did_you_mean(field: str, card: dict) -> str:
    """ "cancle" -> ": did you mean cancel?", for the deck, an icon or a column."""
    import difflib

    known = {"deck": DECKS, "icons": ICONS}.get(field)
    if known is None or not isinstance(card, dict):
        return ""
    values = card.get(field)
    for value in values if isinstance(values, list) else [values]:
        if isinstance(value, str) and value not in known:
            close = difflib.get_close_matches(value if field == "icons" else value.upper(), known, n=1, cutoff=0.5)
            if close:
                return f": did you mean {close[0]}?"
    return ""


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    """Comma, semicolon (Excel in many countries) or tab, as the file's first lines show."""
    # The header row alone: the cards' own cells hold ";" (icons) and spaces (names, d6 texts).
    header = next((line for line in text.splitlines() if line.strip() and not line.startswith("#")), "")
    try:
        return csv.Sniffer().sniff(header, delimiters=",;\t")
    except csv.Error:
        return csv.excel


def _from_csv(name: str, text: str) -> tuple[dict, list[int], list[Problem]]:
    rows = list(csv.reader(io.StringIO(text), _dialect(text)))
    version = None
    lines = []
    cards = []
    header: list[str] | None = None
    problems = []
    for number, row in enumerate(rows, 1):
        if not row or all(not cell.strip() for cell in row):
            continue
        if row[0].strip().lower() == "#version":
            version = row[1].strip() if len(row) > 1 else ""
            continue
        if row[0].startswith("#"):
            continue
        if header is None:
            header = [cell.strip() for cell in row]
            for field in header:
                if field not in FIELDS:
                    import difflib

                    close = difflib.get_close_matches(field.lower(), FIELDS, n=1, cutoff=0.6)
                    hint = f": did you mean {close[0]}?" if close else ""
                    problems.append(Problem(name, number, field, f"unknown column (known: {', '.join(FIELDS)}){hint}"))
            continue
        if len(row) > len(header):
            problems.append(Problem(name, number, "", f"{len(row)} cells, the header has {len(header)}"))
        card: dict = {}
        for field, cell in zip(header, row):
            cell = cell.strip()
            if not cell or field not in FIELDS:
                continue
            if field == "bp":
                try:
                    card[field] = int(cell)
                except ValueError:
                    card[field] = cell  # the card check reports it, with its line
            elif field == "icons":
                card[field] = [icon.strip() for icon in cell.split(";") if icon.strip()]
            elif field == "d6":
                card[field] = [part.strip() for part in cell.split("|")]
            else:
                card[field] = cell
        cards.append(card)
        lines.append(number)
    if header is None:
        problems.append(Problem(name, None, "", "no header row (id,name,deck,bp,...)"))
    return {"version": version, "cards": cards}, lines, problems


TEMPLATE_CSV = """\
#version,my-cards-1
id,name,deck,bp,icons,rank,side,d6
cp-k-hindenburg,Hindenburg,CP,10,attack;plus,K,,
ea-q-joffre,Joffre,EA,8,cancel,Q,,
neu-fort,Fortifications,NEU,4,,,,
bon-doctrine,Improved Doctrine,BON,0,plus,,,
w-lawrence,Lawrence of Arabia,WHITE,3,,,EA,
re-mutiny,Mutiny,RE,,,,,No effect|No effect|CP discards 1|EA discards 1|Both discard 1|Defender discards 2
"""


def template(kind: str) -> str:
    if kind == "csv":
        return TEMPLATE_CSV
    data, _, _ = _from_csv("template", TEMPLATE_CSV)
    return json.dumps(data, indent=2) + "\n"
