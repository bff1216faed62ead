"""The bid calculator (Calculating Bids; the "Digging in" rule): optional, never blocking.

A card is (value, multiply, divide, add): Calculating Bids says "For each card: Multiply/divide
first, then add/subtract modifiers". A Support Unit card has two values, Defense and Attack: its
Defense value counts when its player defends a territory they captured, else its Attack value
(Battle Deck). A Special or Icon card declared at face value is a card of that value.
"""

from .actions import PILE


def card(value, multiply=1, divide=1, add=0):
    """One card's worth: multiplied and divided first (whole points, rounded down), then added to."""
    return value * multiply // divide + add


def bid(cards, piles=0):
    """A bid's whole value: its cards (each as `card` gives it) and its dug-in piles of 10."""
    total = piles * PILE
    for c in cards:
        total += card(*c)
    return total


def dig_in(points):
    """Points put into one dug-in pile: (10, what is lost over 10); (0, 0) while under 10: the
    cards wait spread out until they make 10 ("Digging in" rule)."""
    if points < PILE:
        return 0, 0
    return PILE, points - PILE
