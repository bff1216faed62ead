"""What the commands share: the device they open, the archive, --db after a command, progress bars."""

from __future__ import annotations

import os
import pathlib

import click

ARCHIVE: list[pathlib.Path | None] = [None]  # the --db given, for the one-line message if SQLite fails
DB_HELP = "game archive (default: your data dir; env ADJUTANT_DB)"


def device(ctx: click.Context, warn: bool = True):
    from adjutant.link.client import connect

    def text(line: str) -> None:
        if ctx.obj["verbose"] and line.strip():
            click.echo(click.style(f"device: {line}", dim=True), err=True)

    opened = connect(ctx.obj["port"], text)
    if warn and opened.info.get("display"):
        click.echo(f"warning: {opened.info['display']}", err=True)
    return opened


def close(opened) -> None:
    try:
        opened.port.close()
    except Exception:
        pass


def archive_option(command):
    """--db after the command's name as well as before it (`adjutant import FILE --db X`)."""

    def given(ctx: click.Context, _: click.Parameter, value: pathlib.Path | None) -> None:
        if value is not None:
            ctx.obj["db"] = ARCHIVE[0] = value

    return click.option(
        "--db", type=click.Path(path_type=pathlib.Path), expose_value=False, callback=given, help=DB_HELP
    )(command)


def store(ctx: click.Context, readonly: bool = False):
    from adjutant.errors import ArchiveError
    from adjutant.store import Store

    named = ctx.obj["db"] or os.environ.get("ADJUTANT_DB")
    if readonly and named and not pathlib.Path(named).exists():  # a path given, not the default yet unmade
        raise ArchiveError(f"no archive at {named}: check the path, or `adjutant pull` into it first")
    return Store(ctx.obj["db"], readonly)


def progress():
    """rich's progress bar, on stderr: the output proper stays clean, and a pipe gets no bar at all."""
    import functools

    from rich.console import Console
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
        TransferSpeedColumn,
    )

    console = Console(stderr=True)  # not a terminal: no bar, and not the empty line its end leaves
    return functools.partial(Progress, console=console, disable=not console.is_terminal), (
        BarColumn,
        DownloadColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeRemainingColumn,
        TransferSpeedColumn,
    )
