"""`adjutant export`: archived games as CSV, JSON, a report with a chart, or BG Stats plays.

Each game has its own record (its desk's, adjutant/games/): JSON, the report and BG Stats hold
every game; a CSV is one game's columns (`--game`, else the registry's first game among those
exported, the others named on stderr). A game this host does not know is skipped by every
format, with one line that names it.
"""

from __future__ import annotations

import datetime
import pathlib
import shutil
import sys

import click

from adjutant.commands.common import archive_option, store
from adjutant.errors import AdjutantError
from adjutant.games.desks import desk, ids
from shared_engine.games import LEGACY

FORMATS = ("csv", "json", "md", "html", "bgstats", "bgstats-json")


@click.command()
@click.option("--format", "kind", type=click.Choice(FORMATS), default="csv", show_default=True)
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=pathlib.Path),
    help="file to write (default: stdout; md's charts need one)",
)
@click.option(
    "--player",
    multiple=True,
    metavar="SEAT=NAME",
    help="who played a side or seat (CP, EA; The War: P1, P2), e.g. CP=Anna; recorded for the games exported alone",
)
@click.option(
    "--bgg-id", type=click.IntRange(1), help="bgstats: the game's BoardGameGeek id (look it up there); remembered"
)
@click.option(
    "--date",
    type=click.DateTime(["%Y-%m-%d", "%Y-%m-%d %H:%M"]),
    help="bgstats: when the games were played (local time), for a game the device could not date",
)
@click.option(
    "--qr",
    "qr_dir",
    type=click.Path(file_okay=False, path_type=pathlib.Path),
    help="bgstats: also write each link as a QR code PNG into this folder, and show it here",
)
@click.option("--game", "which", type=click.Choice(ids()), help="only this game's games; csv: its own columns")
@click.argument("game", nargs=-1)
@archive_option
@click.pass_context
def export(
    ctx: click.Context,
    kind: str,
    which: str | None,
    output: pathlib.Path | None,
    player: tuple[str, ...],
    bgg_id: int | None,
    date: datetime.datetime | None,
    qr_dir: pathlib.Path | None,
    game: tuple[str, ...],
) -> None:
    """Export archived games (all, or the GAMEs named): CSV, JSON, a report with a chart, BG Stats."""
    from adjutant.export import players

    try:
        names = players.parse(player)
    except ValueError as e:
        raise click.UsageError(str(e)) from e
    archive = store(ctx, readonly=not (player or bgg_id))  # names and ids given are remembered in the archive
    chosen = _chosen(archive, game, which, kind)
    players.record(archive, chosen, names)
    if kind in ("md", "html"):
        _report(archive, chosen, kind, output)
        return
    if kind in ("bgstats", "bgstats-json"):
        text = _bgstats(archive, chosen, kind, bgg_id, date, qr_dir)
    else:
        from adjutant.export.tables import to_csv, to_json

        text = to_csv(chosen) if kind == "csv" else to_json(chosen)
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text)
        click.echo(f"wrote {output} ({len(chosen)} games)")


def _chosen(archive, keys: tuple[str, ...], which: str | None, kind: str) -> list:
    """The games to export: those named (else all), of the game --game names; a CSV's of one game."""
    chosen = [archive.find(key) for key in keys] if keys else archive.games()
    for g in [g for g in chosen if g.game is None]:
        click.echo(f"adjutant: not exported, {g.key}: {g.name}", err=True)
    chosen = [g for g in chosen if g.game is not None]
    if which:
        chosen = [g for g in chosen if g.game == which]
        if not chosen:
            raise AdjutantError(f"no {desk(which).name} games to export")
    elif kind == "csv" and len({g.game for g in chosen}) > 1:
        first = next(game for game in ids() if any(g.game == game for g in chosen))
        for other in ids():
            left = ", ".join(g.key for g in chosen if g.game == other)
            if left and other != first:
                said = f"not exported, {desk(other).name}'s games ({left}): `--game {other}` exports them as CSV"
                click.echo(f"adjutant: {said}", err=True)
        chosen = [g for g in chosen if g.game == first]
    if not chosen:
        raise AdjutantError("no games to export: run `adjutant pull` first")
    return chosen


def _report(archive, chosen: list, kind: str, output: pathlib.Path | None) -> None:
    from adjutant.export import report

    if kind == "html" and output is None:  # one self-contained page: fine on standard output
        click.echo(report.html_page(archive, chosen), nl=False)
        return
    if output is None:  # md: the text alone, its charts need -o FILE to be written beside it
        click.echo(report.markdown(archive, chosen, None)[0], nl=False)
        return
    if kind == "md":
        written = report.markdown(archive, chosen, output)[1]
    else:
        written = report.html_report(archive, chosen, output)
    click.echo("wrote " + ", ".join(str(p) for p in written))


def _bgstats(archive, chosen: list, kind: str, bgg_id, date, qr_dir) -> str:
    from adjutant.export import players
    from adjutant.export.bgstats import link, play, to_bgstats
    from adjutant.export.when import played, stamp

    kinds = {g.game for g in chosen}
    if bgg_id and len(kinds) > 1:
        raise click.UsageError("--bgg-id is one game's BoardGameGeek id: add --game and the game")
    # Remembered per game; the LEGACY game's under the first key, so archives keep theirs.
    key = {game: "bgg_id" if game == LEGACY else f"bgg_id:{game}" for game in ids()}
    if bgg_id:
        archive.remember(key[kinds.pop()], str(bgg_id))
    bgg = {game: int(archive.setting(k) or 0) or None for game, k in key.items()}
    finished = [g for g in chosen if g.over]
    for g in chosen:
        if not g.over:
            click.echo(f"{g.key} is not finished: BG Stats records finished plays only; skipped", err=True)
    if not finished:
        raise AdjutantError("no finished game to export: finish the game on the device, then pull")
    people = {g.key: players.for_bgstats(archive, g) for g in finished}
    nobody = [(g, people[g.key][1]) for g in finished if people[g.key][1]]
    if nobody:  # BG Stats keeps each player it is given for good: name no one who did not play
        g, seats = nobody[0]
        more = f" (and {len(nobody) - 1} more game(s))" if len(nobody) > 1 else ""
        raise click.UsageError(
            f"{g.key}{more}: who played {' and '.join(seats)}? name them once, "
            + " ".join(f"--player {seat}=NAME" for seat in seats)
            + "; later games at that table take the same names"
        )
    given = date.astimezone() if date else None  # the local time it was given in
    for g in finished:
        when = played(g)
        if not when.known and given is None:
            click.echo(
                f"{g.key}: date unknown (played with no computer connected, and switched off before one was): "
                f"using {stamp(when.start)}, when it was pulled; --date YYYY-MM-DD [HH:MM] sets it",
                err=True,
            )
    plays = [(g, play(g, people[g.key][0], bgg[g.game], given)) for g in finished]
    if kind == "bgstats-json":
        return to_bgstats([one for _, one in plays])
    links = [(g, link(one)) for g, one in plays]
    if qr_dir is not None:
        _qr_codes(qr_dir, links)
    said = "Open each link on the phone with BG Stats (send it to yourself, or scan it): the app adds the play."
    click.echo(said, err=True)
    return "".join(url + "\n" for _, url in links)


def _qr_codes(folder: pathlib.Path, links: list) -> None:
    """Each link as a QR code: a PNG to keep or print, and in the terminal to scan now."""
    import segno

    folder.mkdir(parents=True, exist_ok=True)
    for game, url in links:
        code = segno.make(url, error="l")
        path = folder / f"bgstats-{game.gid}.png"
        code.save(str(path), scale=4, border=4)
        # compact: two rows of modules a line, a module a column, with its 2-module quiet zone
        width = code.symbol_size(scale=1, border=2)[0]
        columns = shutil.get_terminal_size().columns
        if width > columns:
            click.echo(
                f"{game.key}: the QR code needs {width} columns, the terminal has {columns}: "
                f"scan {path} instead (open it on the screen, or print it)",
                err=True,
            )
            continue
        click.echo(f"{game.key}: scan with the phone's camera ({path}):", err=True)
        code.terminal(out=sys.stderr, compact=True, border=2)
