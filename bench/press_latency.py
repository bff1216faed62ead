"""A press's latency on MicroPython's real rp2 build: a button edge to the last I2C byte of its refresh.

    make bench        (or: .venv/bin/python bench/press_latency.py [--detail] [ANCHOR_COMMIT])

The scripted 10-turn game (bench/scripted_game.py), pressed on the emulated Pico's pins as
`adjutant deploy` lays the firmware out (.mpy), on the emulated clock (the rp2 instrument:
`tools/pico` of the shared folder beside the checkout, or ADJUTANT_PICO_TOOLS; without it this
says how to get it and exits 0). Beside it, the same for the anchor firmware (the one before
the merged presses, with its own scripted game, which asks for more presses).

An edge is answered by the first refresh that starts within 100 ms of it and before the next
edge (the rp2 instrument's drive.py counts the same); its latency runs from the edge to that
refresh's last byte on the wire, so the debounce, the firmware's work and the wire are all in
it. Printed per firmware: mean, 90th percentile and maximum in ms, the busy cycles in that
time, the wire's share, and whether the game ended as the rules say (a press counted twice or
lost would change the score). --detail prints every answered edge: the press it belongs to,
its button and hold, and its figures. --flash-timing plays both with the emulated flash busy for
a W25Q16JV's typical times (a page program 0.4 ms, a sector erase 45 ms), as on a Pico; without
it a flash write takes no time, as in the anchor's first figures. The target: p90 <= 45 ms, and
no press in play over 100 ms.
"""

from __future__ import annotations

import os
import pathlib
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench")]

from boards import tools  # noqa: E402

ANCHOR = "ae2ec62"  # the firmware of the first figures: mean 52 ms, p90 82, max 106
MS = 1_000_000
ANSWER_WINDOW_MS = 100


def checkout_at(commit: str, out: pathlib.Path) -> pathlib.Path | None:
    """The tree at `commit` (firmware, engine, deploy and its scripted game), or None if this clone lacks it."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True)
    if archive.returncode != 0:
        return None
    out.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive.stdout, check=True)
    return out


def image(tool: pathlib.Path, checkout: pathlib.Path, work: pathlib.Path, name: str) -> pathlib.Path:
    staged, img = work / f"stage-{name}", work / f"{name}.img"
    python, micropython = ROOT / ".venv/bin/python", ROOT / ".venv/bin/micropython"
    subprocess.run([str(python), str(tool / "stage.py"), str(checkout), str(staged)], check=True, capture_output=True)
    subprocess.run(
        [str(micropython), "-X", "heapsize=8M", str(tool / "mkfs.py"), str(staged), str(img)],
        check=True,
        capture_output=True,
    )
    return img


def play(drive, work: pathlib.Path, checkout: pathlib.Path, img: pathlib.Path) -> dict:
    """The scripted game of `checkout` on its firmware: every answered edge, and the final score."""
    for name in ("bench", "bench.scripted_game", "shared_engine", "shared_engine.frames"):
        sys.modules.pop(name, None)  # each checkout's own presses and frames
    game, frames = drive.load_checkout(checkout)
    sys.path.remove(str(checkout))
    events = game.events()
    pico = drive.Pico(work, img)
    try:
        pico.boot()
        pico.run(3000)
        n0, e0 = len(pico.transfers), len(pico.edges)
        starts = []
        for button, ms in events:
            starts.append(pico.stats()["ns"])
            pico.press(button, ms, game.PAUSE_MS)
        pico.run(2000)
        faults = drive.faults(pico.serial)  # before the Ctrl-C below, whose KeyboardInterrupt is no fault
        runs = drive.bursts(pico.transfers[n0:])
        edges = [e for e in pico.edges[e0:] if e[1] in drive.BUTTON_PINS.values()]
        answers = []
        for k, (t, _gpio, level, busy) in enumerate(edges):
            nxt = edges[k + 1][0] if k + 1 < len(edges) else float("inf")
            hit = next((r for r in runs if t <= r[0][0] < min(t + ANSWER_WINDOW_MS * MS, nxt)), None)
            if hit is None:
                continue
            press = max(i for i, s in enumerate(starts) if s <= t)
            answers.append(
                {
                    "press": press,
                    "button": events[press][0],
                    "held": events[press][1],
                    "edge": "down" if level == 0 else "up",
                    "ms": (hit[-1][1] - t) / MS,
                    "busy": hit[-1][5] - busy,
                    "wire_ms": sum(x[1] - x[0] for x in hit) / MS,
                }
            )
        pico.send(b"\x03")
        pico.run(500)
        pico.send(b"\x04")
        pico.run(4000)
        reply = pico.link_state(frames)
        state = reply.get("state") if reply else None
        final = (state.get("end") or {}).get("final") if state else None
        return {
            "presses": len(events),
            "answers": answers,
            "score_ok": final == game.expected_totals(),
            "faults": faults,
            "final": final,
        }
    finally:
        pico.close()


def line(name: str, run: dict) -> str:
    from drive import pct  # the rp2 instrument's percentile: the same figure as its measure.sh

    ms = [a["ms"] for a in run["answers"]]
    busy = [a["busy"] for a in run["answers"]]
    wire = [a["wire_ms"] for a in run["answers"]]
    right = "score right" if run["score_ok"] else "SCORE WRONG: %s" % run["final"]
    right += "; FAULTS: %s" % run["faults"][:2] if run["faults"] else ""
    return (
        f"  {name:<22} {run['presses']:3d} presses, {len(ms):3d} answered: mean {statistics.mean(ms):5.1f} ms, "
        f"p90 {pct(ms, 0.9):5.1f}, max {max(ms):5.1f}; busy mean {statistics.mean(busy) / 1e6:.2f} M cycles, "
        f"p90 {pct(busy, 0.9) / 1e6:.2f} M; wire mean {statistics.mean(wire):.1f} ms; {right}"
    )


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    detail = "--detail" in sys.argv
    if "--flash-timing" in sys.argv:
        os.environ["PICO_FLASH_TIMING"] = "1"  # drive.py passes it to the emulator
    tool = tools()
    if tool is None:
        print(
            "press latency: skipped, the rp2 instrument is not here (the shared folder's tools/pico beside "
            "the checkout, or ADJUTANT_PICO_TOOLS)"
        )
        return
    sys.path.insert(0, str(tool))
    import drive

    commit = args[0] if args else ANCHOR
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        subprocess.run(["bash", str(tool / "setup.sh"), str(work)], check=True, capture_output=True)
        runs = [("now", ROOT)]
        before = checkout_at(commit, work / "before-src")
        if before is not None:
            runs.append((f"before ({commit})", before))
        flash = "flash busy as a W25Q16JV's" if os.environ.get("PICO_FLASH_TIMING") else "flash writes untimed"
        print(
            "Press latency on MicroPython v1.28.0 RPI_PICO (emulated clock; %s): an edge to its refresh's "
            "last byte" % flash
        )
        for name, checkout in runs:
            run = play(drive, work, checkout, image(tool, checkout, work, name.split()[0]))
            print(line(name, run), flush=True)
            if detail:
                for a in run["answers"]:
                    print(
                        f"    press {a['press']:3d} {a['button']:<4} {a['held']:4d} ms {a['edge']:<4} "
                        f"{a['ms']:6.1f} ms  {a['busy'] / 1e6:5.2f} M  wire {a['wire_ms']:4.1f} ms"
                    )
        if before is None:
            print(f"  before ({commit}): not in this clone")
        print("target: p90 <= 45 ms, no press in play over 100 ms")


if __name__ == "__main__":
    main()
