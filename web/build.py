"""Build the phone page into web/dist/: a static site, served as is by any HTTPS host.

    python web/build.py [--out DIR] [--serve [PORT]]        (`make web` builds and serves)

The page is the device: the same firmware as `adjutant deploy` puts on a board,
compiled to .mpy in the same layout (/fw), run by MicroPython's WebAssembly port
(mp/, vendored from the pinned npm package in web/package-lock.json: no CDN).
/dev_py is the page's board: web/device/ and the terminal simulator's machine.py
and oled_chip.py. Both go into code.pack with the registry's first game (the game a device
with no game yet begins), and the other games' own code (their engine and device packages, as
the registry, shared_engine/games.py, names them) into games.pack, fetched after the first
frame: the page unpacks them into the port's file system; sw.js precaches every file of the
build under a name made from their contents.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import http.server
import io
import json
import pathlib
import shutil
import sys
import threading
from typing import ClassVar

WEB = pathlib.Path(__file__).resolve().parent
ROOT = WEB.parent
sys.path[:0] = [str(ROOT / "host"), str(ROOT)]
DIST = WEB / "dist"
PACKAGE = WEB / "node_modules/@micropython/micropython-webassembly-pyscript"
PAGE = ("index.html", "app.js", "device.js", "panel_words.js", "store.js", "manifest.webmanifest")
# app.js's modules, bundled into it (one request, one gzip stream); in dist/ beside it for the
# tests that run the device in node, never fetched by the page, so not in its offline copy.
BUNDLED = ("device.js", "panel_words.js", "store.js")
GZIPPED = ("code.pack", "mp/micropython.wasm")  # fetched as NAME.gz (games.pack too)
# The install sheet's pictures (web/screenshots.py takes them): fetched by the browser's install
# UI only, so not in the offline copy that a first visit downloads.
SCREENSHOTS = ("screenshot-narrow.png", "screenshot-wide.png")
# What a board gets and the page never loads, left out of the download: the names a board takes
# in at boot so that its heap's name pools open while it is whole (runtime.py boots without
# them, as from a checkout: the page's 1 MB heap does not fragment so), and the link's requests
# that only a host sends over the serial port, which the page has not (the card data's upload,
# the settings); the card data's reader, as no card data reaches the page (its upload is that
# link request: session.cards() finds no cards.json and never loads it); and a game's class for
# the host and scripts (a method per action, the log as text), which the device never loads; and
# the loader of a board's pack of code, as the page has its own (device.js's unpack()).
NOT_ON_THE_PAGE = (
    "interned_names.mpy",
    "firmware_pack.mpy",
    "link/cards.mpy",
    "link/settings.mpy",
    "card_data.mpy",
    "shared_engine/*/cards.mpy",
    "shared_engine/*/game.mpy",
)
OPTIMIZED = ("-O3",)
BOARD = [WEB / "device" / name for name in ("clock.py", "web_asyncio.py", "web_boot.py")]
BOARD += [ROOT / "host/adjutant/sim/device" / name for name in ("machine.py", "oled_chip.py")]


class BuildError(RuntimeError):
    pass


def icon(size: int, maskable: bool = False):
    """The app's icon: the device's panel, lit with a big "T1", on the case's dark grey."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (size, size), "#101418")
    draw = ImageDraw.Draw(image)
    inset = size // 5 if maskable else size // 10  # a maskable icon keeps its art in the safe circle
    w = size - 2 * inset
    h = w // 2
    top = (size - h) // 2
    draw.rounded_rectangle((inset, top, inset + w, top + h), radius=size // 24, fill="#000000", outline="#3b4450",
                           width=max(1, size // 96))  # fmt: skip
    # the turn die's "T1" in the panel's pixels: a 5x3 font, scaled to whole pixels
    glyphs = {"T": ["111", "010", "010", "010", "010"], "1": ["010", "110", "010", "010", "111"]}
    cell = max(1, h // 9)
    x0 = inset + (w - cell * 7) // 2
    y0 = top + (h - cell * 5) // 2
    for n, ch in enumerate("T1"):
        for r, row in enumerate(glyphs[ch]):
            for c, bit in enumerate(row):
                if bit == "1":
                    x = x0 + (n * 4 + c) * cell
                    draw.rectangle((x, y0 + r * cell, x + cell - 1, y0 + (r + 1) * cell - 1), fill="#e8edf2")
    return image


def build(out: pathlib.Path = DIST) -> str:
    """Write the site into `out`; returns its version (a digest of every file)."""
    from adjutant.deploy import build as deploy_build
    from adjutant.deploy import compile_module

    if not (PACKAGE / "micropython.wasm").exists():
        raise BuildError("MicroPython's WebAssembly port is not installed: run `npm ci` in web/ (`make web` does)")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in PAGE:
        if name == "app.js":  # with its modules, minified: without their comments and long names
            (out / name).write_text(bundled(WEB / "src" / name))
        elif name.endswith(".js"):
            (out / name).write_text(minified((WEB / "src" / name).read_text(), name))
        elif name == "index.html":
            (out / name).write_text(page_minified((WEB / "src" / name).read_text()))
        else:
            shutil.copy(WEB / "src" / name, out / name)
    for name in SCREENSHOTS:
        if (WEB / "src" / name).exists():  # (web/screenshots.py builds the page to take them)
            shutil.copy(WEB / "src" / name, out / name)
    (out / "mp").mkdir()
    shutil.copy(PACKAGE / "micropython.wasm", out / "mp" / "micropython.wasm")
    # the port's loader, as the npm package ships it, minified as the page's scripts are (3.7 KB less)
    (out / "mp/micropython.mjs").write_text(minified((PACKAGE / "micropython.mjs").read_text(), "micropython.mjs"))
    # .mpy as a board gets it, but for line numbers: a traceback on the page names the module and
    # function only (mpy-cross -O3; the firmware has no assert for -O1 to drop): 7 KB less to download
    deploy_build(ROOT, out / "fw", flags=OPTIMIZED, board=False)
    for pattern in NOT_ON_THE_PAGE:
        for path in (out / "fw").glob(pattern):
            path.unlink()
    (out / "dev_py").mkdir()
    for path in BOARD:  # compiled as the firmware is: no comments or docstrings to download
        compile_module(path, out / "dev_py" / path.with_suffix(".mpy").name, path.name, OPTIMIZED)
    # four colours, stored as a palette: the same pixels in a third of the bytes
    icon(192).quantize(colors=4).save(out / "icon-192.png", optimize=True)
    icon(512).quantize(colors=4).save(out / "icon-512.png", optimize=True)
    icon(512, maskable=True).quantize(colors=4).save(out / "icon-maskable-512.png", optimize=True)
    # The code in few files: a request each, and a gzip stream each that finds what its modules
    # share. Each file: its path, a newline, its length, a newline, its bytes (device.js's unpack()).
    packs = {name: bytearray() for name in ("code.pack", *later_packs())}
    for folder in ("fw", "dev_py"):
        for path in sorted(p for p in (out / folder).rglob("*") if p.is_file()):
            data = path.read_bytes()
            where = path.relative_to(out).as_posix()
            packs[pack_of(where)] += b"/%s\n%d\n" % (where.encode(), len(data)) + data
        shutil.rmtree(out / folder)
    for name, pack in packs.items():
        (out / name).write_bytes(bytes(pack))
    # The big files gzipped once here, smaller than a host's gzip makes them (zopfli), and served
    # as they are: the page inflates them (DecompressionStream). The plain ones stay for a
    # browser without it, and for the tests that run the device in node.
    gzipped = (*GZIPPED, *later_packs())
    for name in gzipped:
        (out / (name + ".gz")).write_bytes(_zopfli((out / name).read_bytes()))
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    version = digest.hexdigest()[:12]
    worker = (WEB / "src/sw.js").read_text()
    kept = [n for n in files if n not in SCREENSHOTS + BUNDLED + gzipped and n != "index.html"]
    cached = ["./"] + ["./" + n for n in kept]  # "./" is index.html
    worker = worker.replace("__VERSION__", version).replace("__FILES__", json.dumps(cached))
    (out / "sw.js").write_text(minified(worker, "sw.js"))
    return version


ESBUILD = WEB / "node_modules/.bin/esbuild"


def later_packs() -> tuple[str, ...]:
    """The packs the page fetches after its first frame: the registry's games but its first (the
    game a device with no game yet begins, which comes in code.pack), all in one, one request and
    one gzip stream that finds what they share (2.6 KB less than a pack for each, with 3 games)."""
    from shared_engine.games import GAMES

    return ("games.pack",) if len(GAMES) > 1 else ()


def pack_of(path: str) -> str:
    """The pack a file of the build goes into: games.pack, if it is in the engine or device
    package of a game (the registry names them) other than the first, else code.pack."""
    from shared_engine.games import DEVICE, ENGINE, GAMES

    for entry in GAMES[1:]:
        for package in (entry[ENGINE], entry[DEVICE]):
            if path.startswith("fw/%s/" % package.replace(".", "/")):
                return "games.pack"
    return "code.pack"


def _zopfli(data: bytes) -> bytes:
    import zopfli.gzip

    return zopfli.gzip.compress(data)


def bundled(entry: pathlib.Path) -> str:
    """The page's script with the modules it imports, minified by esbuild; MicroPython's loader
    stays its own file (it finds its .wasm beside itself)."""
    args = [str(entry), "--bundle", "--minify", "--format=esm", "--external:./mp/micropython.mjs"]
    args.append("--define:LATER_PACKS=%s" % json.dumps(list(later_packs())))  # the registry's other games
    return _esbuild(entry.name, args)


def page_minified(html: str) -> str:
    """index.html with its style sheet minified and the indentation between its tags gone: the
    text a person reads is left as it is."""
    import re

    start = html.index("<style>") + len("<style>")
    end = html.index("</style>")
    html = html[:start] + minified(html[start:end], "index.css", "css").strip() + html[end:]
    return re.sub(r">\s*\n\s*<", "><", html)


def _esbuild(name: str, args: list[str], source: str | None = None) -> str:
    """esbuild's output (web/package-lock.json pins it) for `args`, `source` on its input."""
    import subprocess

    if not ESBUILD.exists():
        raise BuildError("esbuild is not installed: run `npm ci` in web/ (`make web` does)")
    done = subprocess.run([str(ESBUILD), *args], input=source, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"{name}: esbuild: {done.stderr.strip()}")
    return done.stdout


def minified(source: str, name: str, loader: str = "js") -> str:
    """A script (or a style sheet) as esbuild minifies it: same code, fewer bytes."""
    return _esbuild(name, ["--minify", f"--loader={loader}", f"--sourcefile={name}"], source)


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".py": "text/plain",
        ".mpy": "application/octet-stream",
    }

    # (path, body bytes sent or None: no body, header bytes sent) of each response, if logged
    served: ClassVar[list[tuple[str, int | None, int]] | None] = None
    PACKED = (".png", ".gz")  # served as they are: compressed already, as a host serves them

    def log_message(self, format: str, *args: object) -> None:
        pass  # quiet: the page's own status line says what matters

    def send_head(self):  # type: ignore[no-untyped-def]
        """A file as an HTTPS host serves it: gzip-encoded where the browser takes it (all but
        PNGs), with its Last-Modified, and "not modified" to a revalidation of the same."""
        import email.utils

        path = pathlib.Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            return self._logged(super().send_head(), None)
        stamp = email.utils.formatdate(int(path.stat().st_mtime), usegmt=True)
        if self.headers.get("If-Modified-Since") == stamp:
            self.send_response(304)
            self.end_headers()
            return self._logged(None, None)
        data = path.read_bytes()
        packed = path.suffix not in self.PACKED and "gzip" in self.headers.get("Accept-Encoding", "")
        body = gzip.compress(data, 9) if packed else data
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        if packed:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", stamp)
        self.end_headers()
        return self._logged(io.BytesIO(body), len(body))

    def end_headers(self) -> None:
        self.header_bytes = sum(len(line) for line in getattr(self, "_headers_buffer", [])) + 2
        super().end_headers()

    def _logged(self, body, size):  # type: ignore[no-untyped-def]
        if self.served is not None:
            self.served.append((self.path.split("?")[0], size, getattr(self, "header_bytes", 0)))
        return body


def serve(
    root: pathlib.Path, port: int, host: str = "127.0.0.1", served: list | None = None
) -> http.server.ThreadingHTTPServer:
    kind = Handler if served is None else type("LoggedHandler", (Handler,), {"served": served})

    def handler(*args, **kwargs):
        return kind(*args, directory=str(root), **kwargs)

    return http.server.ThreadingHTTPServer((host, port), handler)


def serve_in_background(root: pathlib.Path, served: list | None = None) -> tuple[http.server.ThreadingHTTPServer, str]:
    """The site on a free port, served from a thread (for the tests and the benchmark): the
    server, to shut down, and the page's address. Port 0 takes the port as it is found free.
    `served`: a list that gets (path, gzipped bytes of its body, or None: none sent) of each response."""
    server = serve(root, 0, served=served)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://localhost:{server.server_address[1]}/"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=pathlib.Path, default=DIST)
    parser.add_argument("--serve", nargs="?", const=8080, type=int, metavar="PORT")
    args = parser.parse_args()
    try:
        version = build(args.out)
    except BuildError as e:
        print(f"make web: {e}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    where = args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out
    print(f"built {where} ({size:,} bytes, version {version})")
    if args.serve is not None:
        server = serve(args.out, args.serve)
        print(f"serving the page at http://localhost:{args.serve}/ (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
