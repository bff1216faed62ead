"""A parametric case: an open base that holds the board, and a lid with the OLED window and four button holes.

    python hardware/enclosure.py [--board pico] [--display 0.96|1.3]

Solid modelling by manifold3d (exact booleans); STL written by numpy-stl; a
preview PNG drawn by matplotlib. All sizes in mm. The lid sits on a 1.5 mm
lip inside the base's wall; print both flat, no supports.
"""

from __future__ import annotations

import argparse
import pathlib

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE / "enclosure"

# Board outlines (length x width x height with parts) and where their USB socket is.
BOARDS = {
    "pico": (51.0, 21.0, 4.0),
    "pico-w": (51.0, 21.0, 4.0),
    "pico-sh1106": (51.0, 21.0, 4.0),
    "esp32-devkit": (55.0, 28.0, 5.0),
    "esp32-c3-supermini": (22.5, 18.0, 4.0),
}
# OLED modules: PCB (w, h), the visible window (w, h), window centre offset from the PCB centre (y).
DISPLAYS = {
    "0.96": ((27.5, 27.8), (23.0, 12.0), 1.5),
    "1.3": ((35.5, 33.5), (31.0, 16.0), 1.0),
}
WALL = 2.0
FLOOR = 2.0
LID = 2.0
LIP = 1.5
HEIGHT = 22.0  # inside: board on standoffs, wiring, the module under the lid
BUTTON_HOLE = 3.8  # a 6x6 mm tactile switch's 3.5 mm stem, with play
BUTTON_PITCH = 14.0
USB = (12.0, 8.0)  # slot in the end wall


def parts(board: str, display: str):
    import manifold3d as m

    blen, bwid, _ = BOARDS[board]
    (pw, ph), (ww, wh), wy = DISPLAYS[display]
    inner_w = max(blen, pw, 4 * BUTTON_PITCH) + 8
    inner_d = max(ph + BUTTON_PITCH + 16, bwid + 8)
    outer = (inner_w + 2 * WALL, inner_d + 2 * WALL, HEIGHT + FLOOR)

    base = m.Manifold.cube(outer)
    hollow = m.Manifold.cube((inner_w, inner_d, HEIGHT + 1)).translate((WALL, WALL, FLOOR))
    base = base - hollow
    # USB slot in the left end wall, level with a board lying on 3 mm standoffs
    slot = m.Manifold.cube((WALL * 3, USB[0], USB[1])).translate((-WALL, outer[1] / 2 - USB[0] / 2, FLOOR + 2))
    base = base - slot
    for sx in (WALL + 6, WALL + 6 + blen - 8):  # two standoffs under the board
        post = m.Manifold.cylinder(3.0, 2.5, 2.5, 24).translate((sx, outer[1] / 2, FLOOR))
        base = base + post

    lid = m.Manifold.cube((outer[0], outer[1], LID))
    lip = m.Manifold.cube((inner_w - 0.4, inner_d - 0.4, LIP)).translate((WALL + 0.2, WALL + 0.2, -LIP))
    lid = lid + lip
    # the window for the display, in the upper part of the lid
    cx = outer[0] / 2
    cy = WALL + 8 + ph / 2
    window = m.Manifold.cube((ww, wh, LID * 4)).translate((cx - ww / 2, cy - wh / 2 + wy, -LID))
    lid = lid - window
    # four button holes in a row below it: UP, DOWN, OK, BACK from left to right
    by = WALL + 8 + ph + BUTTON_PITCH / 2 + 2
    for i in range(4):
        bx = cx + (i - 1.5) * BUTTON_PITCH
        hole = m.Manifold.cylinder(LID * 4, BUTTON_HOLE / 2, BUTTON_HOLE / 2, 32).translate((bx, by, -LID * 2))
        lid = lid - hole
    return base, lid, outer


def to_stl(solid, path: pathlib.Path) -> np.ndarray:
    from stl import mesh

    shape = solid.to_mesh()
    verts = np.asarray(shape.vert_properties)[:, :3]
    tris = np.asarray(shape.tri_verts)
    data = np.zeros(len(tris), dtype=mesh.Mesh.dtype)
    data["vectors"] = verts[tris]
    mesh.Mesh(data).save(str(path))
    # numpy-stl stamps the time into the 80-byte header: a fixed one keeps `make hardware`
    # reproducible, so a rebuild of an unchanged case leaves the committed file as it was.
    with open(path, "r+b") as f:
        f.write(f"Adjutant {path.name}".encode().ljust(80)[:80])
    return verts[tris]


def preview(triangles: list[np.ndarray], path: pathlib.Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    fig = Figure(figsize=(8, 4.5), dpi=110)
    ax = fig.add_subplot(projection="3d")
    colors = ("#8ab4d8", "#d8b48a")
    for tris, color in zip(triangles, colors):
        ax.add_collection3d(Poly3DCollection(tris, facecolor=color, edgecolor="#33333322", linewidths=0.2))
    everything = np.concatenate([t.reshape(-1, 3) for t in triangles])
    lo, hi = everything.min(axis=0), everything.max(axis=0)
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[1])
    ax.set_zlim(lo[2], hi[2])
    ax.set_box_aspect(tuple(hi - lo))  # true proportions
    ax.view_init(elev=55, azim=-70)
    ax.set_title(title)
    ax.set_axis_off()
    fig.subplots_adjust(0, 0, 1, 0.92)
    fig.savefig(path)


def build(board: str = "pico", display: str = "0.96", out: pathlib.Path = OUT) -> list[pathlib.Path]:
    out.mkdir(exist_ok=True)
    base, lid, outer = parts(board, display)
    stem = f"case-{board}-{display}in"
    base_tris = to_stl(base, out / f"{stem}-base.stl")
    lid_tris = to_stl(lid, out / f"{stem}-lid.stl")
    shown = lid_tris + np.array([outer[0] + 10, 0, 0])  # beside the base
    png = out / f"{stem}.png"
    preview([base_tris, shown], png, f"{board}, {display} in OLED: base and lid ({outer[0]:.0f} x {outer[1]:.0f} mm)")
    return [out / f"{stem}-base.stl", out / f"{stem}-lid.stl", png]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--board", default="pico", choices=sorted(BOARDS))
    parser.add_argument("--display", default="0.96", choices=sorted(DISPLAYS))
    args = parser.parse_args()
    for path in build(args.board, args.display):
        print(f"wrote {path.relative_to(HERE.parent)}")


if __name__ == "__main__":
    main()
