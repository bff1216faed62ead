"""`adjutant games`: the archive listed, a row a game in columns that mean the same for every
game; or one game told turn by turn (round by round, battle by battle), in its desk's words."""

from __future__ import annotations

import click

from adjutant.commands.common import archive_option, store
from adjutant.games.desks import ids


def _fit(text: str, width: int) -> str:
    return text if len(text) < width else text[: width - 2] + "\u2026"


@click.command()
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="the list as JSON, one object per game")
@click.option("--game", "which", type=click.Choice(ids()), help="only the games of this game")
@archive_option
@click.pass_context
def games(ctx: click.Context, game: str | None, as_json: bool, which: str | None) -> None:
    """List archived games, or show one (GAME is its id, e.g. g0003, or DEVICE/g0003)."""
    archive = store(ctx, readonly=True)
    if game is not None:
        _show(archive, game)
        return
    rows = [g for g in archive.games() if which is None or g.game == which]
    if as_json:
        import json

        from adjutant.export.tables import rows as table_rows

        click.echo(json.dumps(table_rows(rows), indent=2))
        return
    if not rows:
        if which:
            click.echo(f"no games of {which} in the archive")
        else:
            click.echo("no games yet: run `adjutant pull` with the device connected")
        return
    from adjutant.export.when import played
    from adjutant.games.desks import of

    # a row fits 79 columns, as an 80-column terminal shows it without wrapping
    click.echo(f"{'ID':<15}{'PLAYED':<12}{'GAME':<11}{'MODE':<11}RESULT")
    dates = [played(g) for g in rows]
    for g, when in zip(rows, dates):
        day = f"{when.start:%Y-%m-%d}{'~' if when.estimated else ''}" if when.known else "?"
        desk = of(g)
        mode, result = desk.row(g)
        title = desk.short or "?"
        click.echo(f"{g.key:<15}{day:<12}{_fit(title, 11):<11}{_fit(mode, 11):<11}{_fit(result, 30)}".rstrip())
    if any(when.estimated for when in dates):
        click.echo("~: dated from the device's uptime; ?: played before a restart, not dated")
    unknown = sorted({of(g).name for g in rows if g.game is None})
    for name in unknown:
        click.echo(f"?: {name}: kept as it came, for an adjutant that knows the game")


def _show(archive, key: str) -> None:
    from adjutant.export.when import played, pulled, stamp
    from adjutant.games.desks import of

    g = archive.find(key)
    desk = of(g)
    click.echo(f"{g.key}  {g.name}  {desk.mode(g)}  pulled {stamp(pulled(g))}")
    click.echo(f"  {played(g).describe()}")
    for line in desk.story(g):
        click.echo(f"  {line}")
