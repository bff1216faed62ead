"""The README's pictures of the host side: the HTML report in Chromium, and a BG Stats QR code.

    .venv/bin/python tests/tools/report_pictures.py     (or: make pictures)

Both come from the archive of tests/report_archive.py, through the CLI as a
user runs it, so the pictures show what the commands make.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(REPO), str(REPO / "host")]

from tests.report_archive import build  # noqa: E402

FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
FLAGS += ["--disable-component-update", "--disable-sync", "--disable-quic"]


def cli(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, "-m", "adjutant.cli", *args], check=True, env=env, cwd=REPO, capture_output=True)


def main() -> None:
    from playwright.sync_api import sync_playwright

    docs = REPO / "docs"
    with tempfile.TemporaryDirectory() as tmp:
        db = pathlib.Path(tmp) / "archive.sqlite3"
        build(db).close()
        env = dict(os.environ, ADJUTANT_DB=str(db), TZ="XYZ-01:00", PYTHONPATH=f"{REPO}:{REPO / 'host'}")
        page_file = pathlib.Path(tmp) / "games.html"
        cli(env, "export", "--format", "html", "-o", str(page_file))
        cli(env, "export", "--format", "bgstats", "--qr", tmp, "g0001")
        (docs / "bgstats-qr.png").write_bytes((pathlib.Path(tmp) / "bgstats-g0001.png").read_bytes())
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            page = browser.new_page(viewport={"width": 860, "height": 1180})
            page.goto(page_file.as_uri())
            page.screenshot(path=str(docs / "report.png"))
            browser.close()
    print("wrote docs/report.png, docs/bgstats-qr.png")


if __name__ == "__main__":
    main()
