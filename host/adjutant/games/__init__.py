"""Each game at the desk, behind one interface: the registry's desk faces (shared_engine/games.py).

A game's desk face is a package, host/adjutant/games/<game>/, whose `Desk` is a subclass of
`base.Desk` and fills in its hooks, as sqlite-utils' plug-ins fill in its hookspecs. Everything
the CLI says or writes of one game comes from its desk:

- archived(game): what `pull` and `import` keep of a replayed game (its name, winner, result in
  words, its own detail as JSON beside the archive's game-neutral columns);
- mode(stored), row(stored): the kind of game and where it stands, for `games` and the exports;
- story(stored): `games ID`, a line a turn (a round, a battle);
- fields(stored), csv_columns, csv_rows(stored), to_json(stored): its own figures, the CSV rows
  of one game and its JSON object;
- section(store, stored): what the report says of it (its facts, its table, its chart);
  summary(sections): the report's summary lines across its games;
- seats(stored, named), bgstats(stored, named, bgg_id, when, play_date): who played, and its BG Stats play;
- playing(state): `adjutant info`'s line for the game on the device;
- cards_file: for a game that reads card data, the module reading its card files (`adjutant cards`);
- said(event, before), state_line(body), passes_through(event), carried_on(event): `watch`'s
  narration.

A game the registry does not name (a newer firmware's) has the Unknown desk: listed and kept raw,
skipped by every export with one line that names it. `desks.py` finds a game's desk; `base.py`
is the interface.
"""
