"""Last Front (Plowgames, 2016): its battles for territories as pure logic.

What the device tracks beside the cards: the Territory deck (12 cards, 3 of each type) and the
card turned up from it, the battle (its territory, whose turn, the bid to beat, who is still
in), each player's captured territories, who holds each Territory Bonus, and the winner. The
rulebook numbers no rules: tests and messages cite its section headings ("Game Play",
"Withdrawing from Battle", "Winning the Battle", "Territory Bonuses", "Victory Conditions").

    from shared_engine.last_front.core import LastFrontCore
    from shared_engine.last_front.actions import make
    game = LastFrontCore(make("last-front", ["Ann", "Ben", "Cid"], "normal", False))
    game.apply(make("flip", "soviet"))     # the dealer turns up the first territory
    game.apply(make("bid", 0, 4, None))    # the dealer's opening bid
    game.apply(make("bid", 1, 6, None))    # at least one more
    game.apply(make("withdraw", 2))        # draws 1, out until the battle ends
    game.apply(make("withdraw", 0))        # the last one in, Ben, captures it and draws 1 extra
"""
