"""The `adjutant` command: the device, its card data and the game archive, from the computer.

A table of commands (as mpremote's `_COMMANDS`): each name and the module of its group
(adjutant/commands/), loaded when the command runs. Only click is imported at start; serial,
SQLite, rich and matplotlib load inside the commands that need them, so `adjutant --help`
answers at once. Every failure is one line and an exit code (errors.py), never a traceback.
"""

from __future__ import annotations

import os
import pathlib
import sys

import click

from adjutant.commands.common import ARCHIVE, DB_HELP
from adjutant.errors import EXIT_CODES, AdjutantError

COMMANDS = {
    "devices": ("adjutant.commands.device", "devices"),
    "info": ("adjutant.commands.device", "info"),
    "settings": ("adjutant.commands.device", "settings"),
    "watch": ("adjutant.commands.device", "watch"),
    "deploy": ("adjutant.commands.device", "deploy"),
    "maintenance": ("adjutant.commands.device", "maintenance"),
    "cards": ("adjutant.commands.cards", "cards"),
    "pull": ("adjutant.commands.archive", "pull"),
    "import": ("adjutant.commands.archive", "import_"),
    "games": ("adjutant.commands.games", "games"),
    "export": ("adjutant.commands.export", "export"),
}
EPILOG = "\b\nExit codes:\n" + "\n".join(f"  {code}  {text}" for code, text in EXIT_CODES.items())
PORT_HELP = "device path, 'auto', or a pyserial URL (socket://host:port, rfc2217://...); env ADJUTANT_PORT"


class Commands(click.Group):
    """The table above: a command's module loads when it is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attr = COMMANDS[name]
        return getattr(__import__(module, None, None, (attr,)), attr)


@click.group(cls=Commands, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="adjutant", message="adjutant %(version)s")
@click.option("--port", default=lambda: os.environ.get("ADJUTANT_PORT", "auto"), show_default="auto", help=PORT_HELP)
@click.option("--db", type=click.Path(path_type=pathlib.Path), help=DB_HELP)
@click.option("-v", "--verbose", is_flag=True, help="show the device's own log text")
@click.pass_context
def cli(ctx: click.Context, port: str, db: pathlib.Path | None, verbose: bool) -> None:
    """Adjutant: the electronic Battle Mat, seen from the computer."""
    ctx.obj = {"port": port, "db": db, "verbose": verbose}
    ARCHIVE[0] = db  # for the one-line message if SQLite fails below the archive's own checks


def main() -> None:
    try:
        cli.main(prog_name="adjutant", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("stopped", err=True)
        sys.exit(130)
    except click.UsageError as e:  # one line: what is wrong, and where the help is
        command = e.ctx.command_path if e.ctx else "adjutant"
        message = " ".join(e.format_message().split())
        click.echo(f"{command}: {message} (see {command} --help)", err=True)
        sys.exit(e.exit_code)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    except AdjutantError as e:
        click.echo(f"adjutant: {e}", err=True)
        sys.exit(e.exit_code)
    except KeyboardInterrupt:
        click.echo("stopped", err=True)
        sys.exit(130)
    except Exception as e:  # never a traceback: one line, and the documented code
        if os.environ.get("ADJUTANT_DEBUG"):
            raise
        code, text = _unexpected(e)
        click.echo(f"adjutant: {text}", err=True)
        sys.exit(code)


def _unexpected(e: Exception) -> tuple[int, str]:
    """What an error from below the CLI's own checks means to the user."""
    import sqlite3

    if isinstance(e, sqlite3.Error):
        from adjutant.store import archive_error, default_path

        found = archive_error(ARCHIVE[0] or default_path(), e)
        return found.exit_code, str(found)
    if isinstance(e, OSError) and e.filename:
        return 1, f"{e.filename}: {e.strerror}"
    return 1, f"unexpected {type(e).__name__}: {e} (ADJUTANT_DEBUG=1 shows where)"


if __name__ == "__main__":
    main()
