"""The install screenshots the manifest names (web/src/screenshot-*.png), taken of the page itself.

    .venv/bin/python web/screenshots.py        (needs Debian's chromium and web/node_modules)

A phone's install sheet shows them: the page at its first frame, narrow (a phone upright) and wide
(a phone on its side), at 1 CSS px a pixel. Run it again when the page's look changes.
"""

from __future__ import annotations

import pathlib
import sys

WEB = pathlib.Path(__file__).resolve().parent
SHOTS = {"narrow": (390, 844), "wide": (844, 390)}


def main() -> None:
    sys.path.insert(0, str(WEB))
    import tempfile

    from playwright.sync_api import sync_playwright

    import build

    with tempfile.TemporaryDirectory() as tmp:
        dist = pathlib.Path(tmp) / "dist"
        build.build(dist)
        server, url = build.serve_in_background(dist)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
                for form, (width, height) in SHOTS.items():
                    context = browser.new_context(
                        viewport={"width": width, "height": height}, is_mobile=True, has_touch=True
                    )
                    page = context.new_page()
                    page.goto(url)
                    page.wait_for_function("Number(document.getElementById('panel').dataset.frames || 0) > 0")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(WEB / "src" / f"screenshot-{form}.png"))
                    context.close()
                browser.close()
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
