"""The War (the WW2 collectible card game, second edition with add-ins): its rules as pure logic.

What the device tracks beside the cards is each player's deck, the game's clock: the starting
hands and their re-draws, the draws at each turn's start, deck attacks, and the loss of a
player who cannot draw 2. The rules file has no numbered rules: tests and messages cite its
section headings ("Re-draw rule", "Turn scheme 2", "Winning and losing").

    from shared_engine.the_war.core import WarCore
    from shared_engine.the_war.actions import make
    game = WarCore(make("the-war", 60, "P1"))   # decks of 60, P1 moves first
    game.apply(make("start"))                    # hands kept; P1's first turn draws 1
    game.apply(make("attack", "P1", 3, "unit"))  # 3 cards of P2's deck to losses
    game.apply(make("end"))                      # P2's turn: restore, draw 2
"""
