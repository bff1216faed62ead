"""MacGowan & Lombardy's The Great War: its rules as pure logic (rule numbers from the 6.0 rules,
the glossary and the solitaire rules 3.3).

    from shared_engine.great_war.game import Game
    g = Game.new()                      # basic game: 10 turns, CP defends first (1.2, 2.7)
    g.roll_re(lambda: os.urandom(1)[0]) # the Random Event d6 (7.7)
    g.next_phase(); g.battle(cp=14, ea=12); g.capture(6)

A log of this game starts with {"a":"new",...}: the header every log written before there was a
second game has, so every archive and every board's flash reads as it did.
"""
