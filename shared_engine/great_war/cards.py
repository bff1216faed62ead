"""The card-data model: what a card is, and the checks that card files pass.

Card data is optional. Without it the engine works from numbers entered by
hand; with it, the engine names Random Event cards and sums captured cards'
BP. Every error names the card (by position and id) and the field.
"""

from ..errors import CardDataError, GameError
from .actions import CP, EA
from .card_ids import check_card_id

DECKS = ("CP", "EA", "NEU", "BON", "RE", "WHITE")
# D.8, G.1-G.26: arrow, plus, X, aeroplane, anchor, cannon; "nationality" marks
# a Joker with a Nationality symbol (7.14); "keep" the white-on-black BP (G.5.1).
ICONS = ("attack", "plus", "cancel", "aviation", "naval", "cannon", "nationality", "keep")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "Joker")
NAME_MAX = 40
CARD_BP_MAX = 99
RE_TEXT_MAX = 60
# The d6 screen shows a face's text whole: beside the die when short, else across the panel below
# its face, "5: " first, RE_LINES lines of 16 (firmware/play/great_war/dice.py).
RE_LINES = 5


def _lines(text, columns=16):
    """Lines "6: text" takes wrapped on spaces as the panel wraps it (gfx.wrap); a word longer than
    a line counts as too many."""
    lines = width = 0
    for word in ("6: " + text).split():
        if len(word) > columns:
            return RE_LINES + 1
        if width and width + 1 + len(word) <= columns:
            width += 1 + len(word)
        else:
            lines, width = lines + 1, len(word)
    return lines


FIELDS = ("id", "name", "deck", "bp", "icons", "rank", "side", "d6")


def card_errors(d):
    """Every problem with one card's dict, as (field, message) pairs."""
    if type(d) is not dict:
        return [("", "a card must be an object with fields %s" % ", ".join(FIELDS))]
    errs = []
    for key in d:
        if key not in FIELDS:
            errs.append((str(key), "unknown field (known: %s)" % ", ".join(FIELDS)))
    try:
        check_card_id(d.get("id"), "id")
    except GameError as e:
        errs.append(("id", str(e)))
    name = d.get("name")
    if type(name) is not str or not 0 < len(name) <= NAME_MAX:
        errs.append(("name", "must be text of 1-%d characters" % NAME_MAX))
    deck = d.get("deck")
    if deck not in DECKS:
        errs.append(("deck", "must be one of %s, got %r" % (", ".join(DECKS), deck)))
    bp = d.get("bp")
    if deck == "RE":
        if bp is not None:
            errs.append(("bp", "Random Event cards have no BP (D.9)"))
    elif type(bp) is not int or not 0 <= bp <= CARD_BP_MAX:
        errs.append(("bp", "must be a whole number 0-%d, got %r" % (CARD_BP_MAX, bp)))
    icons = d.get("icons", [])
    if type(icons) is not list:
        errs.append(("icons", "must be a list of icon names"))
    else:
        for icon in icons:
            if icon not in ICONS:
                errs.append(("icons", "unknown icon %r (known: %s)" % (icon, ", ".join(ICONS))))
        if len(set(icons)) != len(icons):
            errs.append(("icons", "an icon is listed twice"))
    rank = d.get("rank")
    if rank is not None and rank not in RANKS:
        errs.append(("rank", "must be one of %s, got %r" % (" ".join(RANKS), rank)))
    side = d.get("side")
    if deck == "WHITE":
        if side not in ("CP", "EA", "NEU"):
            errs.append(("side", "a White card must say which deck it joins: CP, EA or NEU"))
    elif side is not None:
        errs.append(("side", "only White cards take a side; the deck says it"))
    d6 = d.get("d6")
    if d6 is not None:
        if deck != "RE":
            errs.append(("d6", "only Random Event cards have d6 results"))
        elif type(d6) is not list or len(d6) != 6:
            errs.append(("d6", "must list 6 texts, one for each face 1-6"))
        else:
            for i, text in enumerate(d6):
                if type(text) is not str or len(text) > RE_TEXT_MAX:
                    errs.append(("d6", "face %d must be text of at most %d characters" % (i + 1, RE_TEXT_MAX)))
                elif _lines(text) > RE_LINES:
                    words = "face %d's words do not fit the d6 screen's %d lines of 16: use shorter words"
                    errs.append(("d6", words % (i + 1, RE_LINES)))
    return errs


class Card:
    def __init__(self, d):
        self.id = d["id"]
        self.name = d["name"]
        self.deck = d["deck"]
        self.bp = d.get("bp")
        self.icons = tuple(d.get("icons", ()))
        self.rank = d.get("rank")
        self.side = d.get("side")
        self.d6 = d.get("d6")

    def nationality(self):
        """CP or EA for a Nationality card (White ones by the deck they join)."""
        deck = self.side if self.deck == "WHITE" else self.deck
        return deck if deck == CP or deck == EA else None


class CardSet:
    """Validated card data: {"version": "...", "cards": [card, ...]}."""

    def __init__(self, data):
        if type(data) is not dict:
            raise CardDataError("card data must be an object with 'version' and 'cards'")
        version = data.get("version")
        if type(version) is not str or not 0 < len(version) <= 32:
            raise CardDataError("card data 'version' must be text of 1-32 characters")
        cards = data.get("cards")
        if type(cards) is not list or not cards:
            raise CardDataError("card data 'cards' must be a non-empty list")
        problems = []
        self.by_id: dict[str, Card] = {}
        for i, d in enumerate(cards):
            where = "card %d" % (i + 1)
            if type(d) is dict and type(d.get("id")) is str:
                where += " (%s)" % d["id"]
            errs = card_errors(d)
            for field, msg in errs:
                problems.append("%s: %s: %s" % (where, field, msg) if field else "%s: %s" % (where, msg))
            if errs:
                continue
            if d["id"] in self.by_id:
                problems.append("%s: id: used by an earlier card too" % where)
            else:
                self.by_id[d["id"]] = Card(d)
        if problems:
            more = len(problems) - 5
            raise CardDataError("; ".join(problems[:5]) + (" (and %d more)" % more if more > 0 else ""))
        self.version = version

    def get(self, card_id):
        card = self.by_id.get(card_id)
        if card is None:
            raise GameError("card %r is not in card data %s" % (card_id, self.version))
        return card

    def nationality_bp(self, card_ids, side):
        """Sum the BP of `side`'s Nationality cards; only those count (3.3, 7.18)."""
        total = 0
        for i, card_id in enumerate(card_ids):
            card = self.get(card_id)
            if card_id in card_ids[:i]:  # one card, counted once (7.18, 3.2)
                raise GameError("%s (%s) is listed twice; each card counts once" % (card.name, card_id))
            if card.nationality() != side:
                raise GameError("%s (%s) is not a %s Nationality card" % (card.name, card_id, side))
            total += card.bp
        return total

    def re_result(self, card_id, face):
        """What a Random Event card says for a d6 face, or None if it says nothing."""
        card = self.get(card_id)
        if card.deck != "RE":
            raise GameError("%s (%s) is not a Random Event card" % (card.name, card_id))
        return card.d6[face - 1] if card.d6 else None
