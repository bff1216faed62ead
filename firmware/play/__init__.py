"""Each game's way of being played on the device, behind the Session: a module per game.

A play module says what the Session and the UI need to know of its game and nothing of any
other: the moves of a press that nobody enters (carry_on), what the game's moment asks the
players for (moment) and the screen that brings (BROUGHT), which saved actions may bring one
(BRINGS), the game's mat, a number an entry had confirmed before the power went (reopen),
an action in a player's words (describe), the modules only it loads (CODE). Kept small: the
Session holds it all game long (its menu and New game rows are screens/gw_rows.py and
war_rows.py, loaded with those screens). A game's screens load only through its play module,
so The Great War's code is not in the heap during The War, nor the reverse.
"""


def of(game):
    """The play module of a game core (by its log's header)."""
    kind = game.header[0]
    if kind == "the-war":
        from play import the_war

        return the_war
    if kind == "last-front":
        from play import last_front

        return last_front
    from play import great_war

    return great_war


def let_go(was, now):
    """A game of another game began: the code only the one before loads goes (its CODE)."""
    if was is not None and was.GAME != now.GAME:
        from lazy import drop

        for name in was.CODE:
            drop(name)
