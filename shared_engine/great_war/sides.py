"""The two sides of The Great War (G.9, G.13) and their short codes."""

CP = "CP"  # Central Powers
EA = "EA"  # Entente Allies
SIDES = (CP, EA)
SIDE_NAMES = {CP: "Central Powers", EA: "Entente Allies"}


def other(side):
    return EA if side == CP else CP


def is_side(value):
    return value == CP or value == EA
