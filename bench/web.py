"""The phone page's figures, beside the terminal simulator's.

    make bench        (or: .venv/bin/python bench/web.py)

- Bytes a phone downloads on the first visit: what crosses the network while a new Chromium
  profile opens the page and its service worker installs the offline copy, each response's
  body gzipped as an HTTPS host sends it (a logging server: build.serve_in_background's
  `served`); also every file of web/dist/ gzipped, for comparison (target: 300 KB or less).
- First lit frame: from starting the page's device to the panel's first frame, in node (a fresh
  process each time, which compiles the WebAssembly: cold is the first after the build, warm
  the median of the next 4, with the files in the OS's cache), and in Debian's Chromium to the
  first frame with a lit pixel, cold (a new profile: no cache, no service worker) and warm (a
  reload, from the service worker's copy), the median of 5 each, plain and with the CPU
  throttled 4x as Lighthouse's mobile profile does (targets warm: 300 ms plain, 1,000 ms at
  4x); the machine's load average is printed beside them. And a first visit over Lighthouse's
  slow 4G network (150 ms round trips, 1.6 Mbps down), where a phone meets the page.
- CPU per press: the scripted 10-turn game by taps, in node (process CPU time per press, with a
  frame asked for every 16 ms as the page's animation frames do), and the same game on the
  terminal simulator (the micropython process's CPU time per press, on its simulated clock):
  the same firmware on the two ports.
- A settle (the flash's changes put on the store before a frame shows) with 40 finished games'
  files kept: the files the firmware wrote (web_boot.written()) against reading and comparing
  the whole flash, as the page did before (bench/web_settle.mjs).

Wall-clock figures depend on the machine: compare them within one run.
"""

from __future__ import annotations

import gzip
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "host"), str(ROOT / "web")]
RUNS = 5
CHROMIUM = pathlib.Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
FLAGS += ["--disable-component-update", "--disable-sync", "--disable-quic"]


def gzipped(dist: pathlib.Path) -> tuple[int, int]:
    files = [p for p in dist.rglob("*") if p.is_file()]
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), 9)) for p in files)
    return raw, packed


def presses_file(work: pathlib.Path) -> tuple[pathlib.Path, int]:
    from bench import scripted_game

    turns = [scripted_game.turn_presses(t, tapped=True) for t in range(1, scripted_game.TURNS + 1)]
    turns[-1] += scripted_game.final_presses(tapped=True)
    path = work / "presses.json"
    path.write_text(json.dumps({"turns": turns, "gap": 110}))
    return path, sum(len(t) for t in turns)


def node_runs(dist: pathlib.Path, work: pathlib.Path) -> tuple[list[float], float]:
    """(first frame ms of fresh processes, CPU ms per press over the whole game)."""
    empty = work / "none.json"
    empty.write_text(json.dumps({"turns": [], "gap": 0}))
    firsts = []
    for _ in range(RUNS):
        done = subprocess.run(
            ["node", str(ROOT / "web/test/node_game.mjs"), str(dist), str(empty)], capture_output=True, text=True
        )
        firsts.append(json.loads(done.stdout.splitlines()[0])["first_frame_ms"])
    presses, count = presses_file(work)
    done = subprocess.run(
        ["node", str(ROOT / "web/test/node_game.mjs"), str(dist), str(presses)], capture_output=True, text=True
    )
    turns = [json.loads(line) for line in done.stdout.splitlines()[1:-1]]
    return firsts, sum(t["cpu_ms"] for t in turns) / count


# The panel's first frame with a pixel lit (the first drawn one may still be dark).
LIT = (
    "(() => { const c = document.getElementById('panel'); if (!Number(c.dataset.frames || 0)) return false;"
    " const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
    " for (let i = 0; i < d.length; i += 4) if (d[i]) return true; return false; })()"
)


def chromium_runs(dist: pathlib.Path) -> dict | None:
    """Medians of RUNS cold and warm first lit frames, plain and at 4x; the first visit's bytes."""
    if not CHROMIUM.exists():
        return None
    import build

    served: list[tuple[str, int | None, int]] = []
    server, url = build.serve_in_background(dist, served)
    later = {name + ".gz" for name in build.later_packs()}  # fetched once the first frame shows
    out: dict = {}
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
            for rate in (1, 4):
                cold, warm = [], []
                for run in range(RUNS):
                    context = browser.new_context()
                    page = context.new_page()
                    if rate > 1:
                        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
                    del served[:]
                    started = time.perf_counter()
                    page.goto(url)
                    page.wait_for_function(LIT, timeout=60000)
                    cold.append((time.perf_counter() - started) * 1000)
                    # what came before the first lit frame: the other games' code comes after it
                    early = [(size or 0) + h for path, size, h in served if path.lstrip("/") not in later]
                    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
                    if rate == 1 and run == 0:  # the first visit, its offline copy installed
                        page.wait_for_timeout(1000)
                        bodies = sum(size or 0 for _, size, _ in served)
                        out["first_visit"] = (bodies + sum(h for _, _, h in served), len(served), bodies)
                        out["before_frame"] = (sum(early), len(early))
                        out["idle_cpu"] = idle_cpu(context.new_cdp_session(page), page)
                    started = time.perf_counter()
                    page.reload()
                    page.wait_for_function(LIT, timeout=60000)
                    warm.append((time.perf_counter() - started) * 1000)
                    context.close()
                out[rate] = (statistics.median(cold), statistics.median(warm), os.getloadavg()[0])
            out["slow_4g"] = statistics.median(first_frame_on(browser, url, SLOW_4G) for _ in range(RUNS))
            browser.close()
    finally:
        server.shutdown()
    return out


# Lighthouse's mobile network: 150 ms round trips, 1.6 Mbps down, 750 kbps up (a phone's first
# visit is on a network like it, not on this machine's loopback)
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}


def first_frame_on(browser, url: str, network: dict) -> float:
    """A first visit's first lit frame (a new profile) over an emulated network, in ms."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", network)
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_function(LIT, timeout=60000)
    took = (time.perf_counter() - started) * 1000
    context.close()
    return took


def idle_cpu(cdp, page, seconds: int = 10) -> float:
    """The page at rest on the mat: the share of a core its main thread's tasks took."""
    cdp.send("Performance.enable")

    def busy() -> float:
        return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "TaskDuration")

    page.wait_for_timeout(1000)
    start = busy()
    page.wait_for_timeout(seconds * 1000)
    return 100 * (busy() - start) / seconds


def settle_cost(dist: pathlib.Path, games: int = 40) -> dict:
    """bench/web_settle.mjs: a settle with `games` finished games' files on the flash, both ways."""
    done = subprocess.run(
        ["node", str(ROOT / "bench/web_settle.mjs"), str(dist), str(games)], capture_output=True, text=True
    )
    return json.loads(done.stdout.splitlines()[-1])


def simulator_cpu_per_press() -> float:
    """The same tapped game on the terminal simulator: its process's CPU ms per press."""
    from adjutant.sim.process import SimDevice

    from bench import scripted_game

    presses = scripted_game.events(tapped=True)
    with tempfile.TemporaryDirectory() as tmp, SimDevice(pathlib.Path(tmp) / "f.img", seed=3) as dev:
        dev.wait(300)
        ticks = os.sysconf("SC_CLK_TCK")

        def cpu() -> float:
            fields = pathlib.Path(f"/proc/{dev.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) * 1000 / ticks

        before = cpu()
        for button, ms in presses:
            dev.hold(button, ms, 110)
        return (cpu() - before) / len(presses)


def main() -> None:
    if shutil.which("node") is None or not (ROOT / "web/node_modules").exists():
        print("Phone page: skipped. It needs node and npm (Debian: apt install nodejs npm), then `make web` once.")
        return
    import build

    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        dist = work / "dist"
        build.build(dist)
        raw, packed = gzipped(dist)
        print("Phone page (web/dist), MicroPython WebAssembly 1.27.0, the firmware as .mpy:")
        browser = chromium_runs(dist)
        if browser is None:
            print(f"  download: the files {packed:,} B gzipped ({raw:,} B); Chromium skipped (apt install chromium)")
        else:
            sent, requests, bodies = browser["first_visit"]
            print(f"  download, first visit, as a host serves it (service worker included): {sent:,} B, headers")
            print(f"    included, over {requests} requests ({bodies:,} B of bodies); the files alone {packed:,} B")
            print(f"    gzipped ({raw:,} B); target <= 300 KB")
            early, count = browser["before_frame"]
            print(f"    of it before the first lit frame: {early:,} B over {count} requests (the other games'")
            print("    code comes after it)")
            print(f"  idle on the mat: {browser['idle_cpu']:.2f}% of a core (10 s in Chromium); target <= 0.5%")
            for rate in (1, 4):
                cold, warm, load = browser[rate]
                target = "300" if rate == 1 else "1,000"
                print(
                    f"  first lit frame in Chromium{' at 4x CPU throttling' if rate > 1 else ''}: cold median "
                    f"{cold:.0f} ms, warm (reload, from the service worker) {warm:.0f} ms, of {RUNS} each; "
                    f"load average {load:.1f}; target warm <= {target} ms"
                )
            print(
                f"  a first visit's first lit frame over a slow 4G network (150 ms round trips, 1.6 Mbps): "
                f"median {browser['slow_4g']:.0f} ms of {RUNS}"
            )
        firsts, node_press = node_runs(dist, work)
        print(f"  first frame in node: cold {firsts[0]:.0f} ms, warm median {statistics.median(firsts[1:]):.0f} ms")
        sim_press = simulator_cpu_per_press()
        print("  CPU per press, the tapped 10-turn game, a frame asked for every 16 ms:")
        print(
            f"    page in node {node_press:.1f} ms, terminal simulator {sim_press:.1f} ms (its simulated clock; "
            f"same firmware), ratio {node_press / sim_press:.2f}x"
        )
        settle = settle_cost(dist)
        print(
            f"  a settle with {settle['files']} files on the flash: {settle['written_only_ms']:.3f} ms (the files the "
            f"firmware wrote), against {settle['whole_flash_ms']:.3f} ms reading the whole flash"
        )
        print(
            json.dumps(
                {
                    "gzipped": packed,
                    "first_visit_bytes": browser and browser["first_visit"][0],
                    "before_first_frame_bytes": browser and browser["before_frame"][0],
                    "idle_cpu_percent": browser and browser["idle_cpu"],
                    "node_cold_ms": firsts[0],
                    "node_warm_ms": statistics.median(firsts[1:]),
                    "chromium_cold_ms": browser and browser[1][0],
                    "chromium_warm_ms": browser and browser[1][1],
                    "chromium_4x_cold_ms": browser and browser[4][0],
                    "chromium_4x_warm_ms": browser and browser[4][1],
                    "chromium_slow_4g_first_visit_ms": browser and browser["slow_4g"],
                    "node_cpu_ms_per_press": node_press,
                    "sim_cpu_ms_per_press": sim_press,
                    "settle_ms_40_games": settle["written_only_ms"],
                    "settle_ms_40_games_whole_flash": settle["whole_flash_ms"],
                }
            )
        )


if __name__ == "__main__":
    main()
