"""The device: which boards are there, what one runs, its settings, its game live, its firmware."""

from __future__ import annotations

import pathlib
import time
from typing import TYPE_CHECKING

import click

from adjutant.commands.common import close, device

if TYPE_CHECKING:
    from adjutant.games.base import Desk


@click.command()
def devices() -> None:
    """List connected boards (and a running simulator)."""
    from adjutant.link.ports import list_devices

    found = list_devices()
    if not found:
        click.echo("no devices found (plug the board in with a data cable, or start `make sim`)")
        raise SystemExit(3)
    for p in found:
        click.echo(f"{p.path}\t{p.usb or '-'}\t{p.description}")


@click.command()
@click.pass_context
def info(ctx: click.Context) -> None:
    """Show the device: firmware, protocol, ids, card data, the game on it."""
    from adjutant.pull import listing
    from adjutant.watch import of_state

    opened = device(ctx, warn=False)
    i = opened.info
    state = opened.request("state")
    on_device = listing(opened, None, None, [])  # every page of the list: how many exactly
    game = of_state(state)
    rows = [
        ("firmware", i["fw"]),
        ("protocol", str(i["proto"])),
        ("board", i.get("board", "")),
        ("display", i.get("display") or "answers"),
        ("device id", i["dev"]),
        ("boot id", i["boot"]),
        ("card data", _card_data(i["cards"], game)),
        ("capabilities", ", ".join(i["caps"])),
        ("games on device", str(len(on_device))),
        ("playing", f"{state['gid']}: {game.name}, {game.playing(state['state'])}"),
    ]
    for name, value in rows:
        click.echo(f"{name:<16}{value}")


def _card_data(version: str | None, game: Desk) -> str:
    """The card data of the game on the device, as hello gives it (the game on the table's)."""
    if version:
        return version
    if game.cards_file:
        return f"none (adjutant cards push FILE --game {game.game})"
    return f"none: {game.name} reads no card data"


@click.command()
@click.argument("changes", nargs=-1, metavar="[NAME=VALUE]...")
@click.pass_context
def settings(ctx: click.Context, changes: tuple[str, ...]) -> None:
    """Show the device's settings, or set some: contrast=40 sleep=120 battles=winner addr=0x3D ..."""
    from adjutant.device_settings import every_setting, exchange, parse, shown

    change = parse(changes)  # checked before the device is asked
    opened = device(ctx)
    try:
        reply = exchange(opened, change)
    finally:
        close(opened)
    values = reply["settings"]
    for key, setting in every_setting().items():
        if key in values:
            mark = "*" if key in change else " "
            click.echo(f"{mark}{key:<10} {shown(key, values[key]):<8} {setting.what}")
    later = [key for key in change if key in reply.get("at_boot", ())]
    if later:
        click.echo(f"{', '.join(later)}: at the device's next start (unplug it and plug it in)")


@click.command()
@click.option("--once", is_flag=True, help="print the state and stop")
@click.pass_context
def watch(ctx: click.Context, once: bool) -> None:
    """Follow the game on the device live (Ctrl-C stops); waits for a device that goes away."""
    from adjutant.errors import DeviceRestarted, NoDevice, PortBusy
    from adjutant.watch import follow

    try:
        opened = device(ctx)
        while True:
            try:
                follow(opened, once, click.echo)
                return
            except DeviceRestarted:  # unplugged, or restarted: wait for it, then go on
                click.echo("the device went away: waiting for it to come back (Ctrl-C stops)", err=True)
                close(opened)
            while True:
                time.sleep(1.0)
                try:
                    opened = device(ctx)
                    break
                except (NoDevice, PortBusy, DeviceRestarted):
                    continue
    except KeyboardInterrupt:
        click.echo("stopped watching", err=True)


@click.command()
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


@click.command()
@click.pass_context
def maintenance(ctx: click.Context) -> None:
    """Restart the device with no game and no watchdog, its REPL free for mpremote (OK on it plays again)."""
    from adjutant.maintenance import enter

    enter(ctx.obj["port"], click.echo)
