"""Into the archive: `pull` from the device, `import` from files the phone page saved."""

from __future__ import annotations

import pathlib
import time

import click

from adjutant.commands.common import archive_option, device, progress, store


@click.command()
@archive_option
@click.pass_context
def pull(ctx: click.Context) -> None:
    """Copy new games from the device into the archive (again: nothing new, nothing twice)."""
    from adjutant.pull import pull as pull_games
    from adjutant.store import Store, default_path

    # an archive that is there is checked first, read-only (a damaged one is said without the
    # device); it is opened to be written, or made, only once the device answers: a pull that
    # fails at the port leaves the file as it was
    path = pathlib.Path(ctx.obj["db"] or default_path())
    if path.exists():
        Store.check(path)
    opened = device(ctx)
    archive = store(ctx)
    if archive.created:
        click.echo(f"created the archive {archive.path}")
    Progress, cols = progress()
    bar, _, count, text, remaining, _ = cols
    rate = text("{task.fields[rate]}")
    with Progress(text("games"), bar(), count(), rate, remaining(), transient=True) as shown:
        task = shown.add_task("pull", total=None, rate="")
        started = time.monotonic()
        wire = [0]

        def advance(records: int, wire_bytes: int) -> None:
            wire[0] += wire_bytes
            speed = wire[0] / max(time.monotonic() - started, 1e-3) / 1024
            shown.update(task, advance=records, rate=f"{speed:.1f} KB/s")

        result = pull_games(opened, archive, progress=advance, start=lambda total: shown.update(task, total=total))
    held = len(archive.games(opened.info["dev"])) - len(result.new) - len(result.updated)
    click.echo(
        f"pulled {len(result.new)} new, {len(result.updated)} updated, {held} already stored"
        + (f" ({', '.join(result.new + result.updated)})" if result.new or result.updated else "")
        + f"; archive: {archive.path}"
    )
    for unknown in result.unknown:
        click.echo(f"{unknown}: kept as it came; an adjutant that knows the game reads it")
    if result.moved_on:
        click.echo(f"{', '.join(result.moved_on)} moved on while being pulled (still in play): pull again later")


@click.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=pathlib.Path))
@archive_option
@click.pass_context
def import_(ctx: click.Context, files: tuple[pathlib.Path, ...]) -> None:
    """Put games saved on the phone page (Save game) into the archive; again: nothing twice."""
    from adjutant.errors import InvalidData
    from adjutant.import_games import Imported, import_file

    archive = store(ctx)
    if archive.created:
        click.echo(f"created the archive {archive.path}")
    result = Imported()
    failed = []
    for path in files:
        try:
            click.echo(import_file(archive, path, result))
        except InvalidData as e:
            failed.append(e)
            click.echo(f"adjutant: {e}", err=True)
    archive.commit()
    click.echo(f"{len(result.new)} new, {len(result.updated)} updated, {len(result.unchanged)} already there")
    if failed:
        raise SystemExit(InvalidData.exit_code)
