"""Card data: check a file, push it to the device, or start from a template, for each game that
reads card data (the registry says which; its desk reads its files)."""

from __future__ import annotations

import pathlib

import click

from adjutant.commands.common import archive_option, device, progress, store
from shared_engine.games import with_cards

_GAMES = with_cards()


def _reads_cards(ctx: click.Context, param: click.Parameter, game: str) -> str:
    if game not in _GAMES:
        raise click.BadParameter(f"{game!r} reads no card data (games that do: {', '.join(_GAMES)})")
    return game


game_option = click.option(
    "--game",
    callback=_reads_cards,
    default=_GAMES[0] if len(_GAMES) == 1 else None,
    required=len(_GAMES) > 1,
    show_default=True,
    help=f"the game whose card data it is: {', '.join(_GAMES)}",
)


@click.group()
def cards() -> None:
    """Card data: check a file, push it to the device, or start from a template."""


@cards.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=pathlib.Path))
@game_option
def cards_check(file: pathlib.Path, game: str) -> None:
    """Check a CSV or JSON card file; every error is given with its file, line and field."""
    data = _load_cards(file, game)
    click.echo(f"{file}: {len(data['cards'])} cards, version {data['version']}: OK")


def _load_cards(file: pathlib.Path, game: str) -> dict:
    from adjutant.cards_file import CardFileError, reader
    from adjutant.errors import InvalidData

    try:
        return reader(game).load(file)
    except CardFileError as e:
        for problem in e.problems:
            click.echo(str(problem), err=True)
        raise InvalidData(f"{len(e.problems)} problem(s) in {file}; nothing was sent") from e


@cards.command("push")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=pathlib.Path))
@game_option
@archive_option
@click.pass_context
def cards_push(ctx: click.Context, file: pathlib.Path, game: str) -> None:
    """Check FILE, then send it to the device (resumable; the old data stays if anything fails).

    The archive keeps the cards' names: a game logs its Random Event card by id, and the
    exports and `games ID` show it by name."""
    from adjutant.cards_file import packed
    from adjutant.push_cards import push

    data = _load_cards(file, game)
    opened = device(ctx)
    Progress, cols = progress()
    bar, size, _, text, remaining, speed = cols
    with Progress(text("cards"), bar(), size(), speed(), remaining(), transient=True) as shown:
        task = shown.add_task("push", total=None)

        def start(total: int, offset: int) -> None:
            shown.update(task, total=total, completed=offset)

        reply = push(opened, packed(data), start, lambda n: shown.advance(task, n), game)
    click.echo(f"device now has card data {reply['version']} ({reply['cards']} cards)")
    _remember_card_names(ctx, data)


def _remember_card_names(ctx: click.Context, data: dict) -> None:
    """The cards' names in the archive; the device has its data whatever happens here."""
    from adjutant.errors import ArchiveError

    try:
        archive = store(ctx)
        try:
            archive.remember_cards({str(card["id"]): card["name"] for card in data["cards"]})
        finally:
            archive.close()
    except ArchiveError as e:
        click.echo(f"warning: the card names were not kept for exports: {e}", err=True)


@cards.command("template")
@click.option("--format", "kind", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@game_option
def cards_template(kind: str, game: str) -> None:
    """Print a card file to start from (every field, one card of each deck)."""
    from adjutant.cards_file import reader

    click.echo(reader(game).template(kind), nl=False)
