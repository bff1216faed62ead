"""A parametric case that holds its parts: the board, the buttons' perfboard, the OLED under the lid.

    python hardware/enclosure.py [--board pico] [--display 0.96|1.3]

`stack()` places every part as a box from the data below; `parts()` builds the solids from
the same numbers; tests/host/test_hardware.py checks the stack (stems proud of the lid, nothing
colliding, everything inside the walls, the USB socket in its slot). Solids by manifold3d
(exact booleans), STL by numpy-stl, the exploded view by matplotlib. Sizes in mm; inside the
base, x runs along the front from the USB end, y from the front wall back, z up from the floor.
"""

from __future__ import annotations

import argparse
import pathlib

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE / "enclosure"

# Boards: PCB (length, width, thickness); the tallest part on top; what is under the PCB
# ("holes": bare, on screw bosses at its mounting holes;
# "pins": headers soldered pointing down, standing in two slotted rails); the USB socket
# (width, height) at the x = 0 end.
BOARDS = {
    "pico": {"pcb": (51.0, 21.0, 1.0), "parts": 3.2, "mount": "holes", "usb": (8.0, 3.0),
             "holes": [(2.0, 4.8), (2.0, 16.2), (49.0, 4.8), (49.0, 16.2)]},
    # YD-ESP32-S3 (the common DevKitC-1 N16R8): 57.15 x 27.94 mm, rows 25.40 mm apart, USB-C
    "esp32-s3-devkitc": {"pcb": (57.15, 27.94, 1.6), "parts": 3.6, "mount": "pins", "usb": (9.0, 3.2),
                         "rows": (1.27, 26.67)},  # header rows, y from one long edge
}  # fmt: skip
BOARDS["pico-w"] = BOARDS["pico"]
BOARDS["pico-sh1106"] = BOARDS["pico"]
CASES = ("pico", "esp32-s3-devkitc")  # Pico W and Pico + SH1106 share the Pico's case
PIN_DROP = 8.5  # a soldered header's plastic and pins below the PCB

# OLED modules: PCB (w, d, thickness); glass (w, d, thickness) and its centre's offset back
# from the PCB's centre (the header edge faces the front); the visible area (w, d).
DISPLAYS = {
    "0.96": {"pcb": (27.3, 27.8, 1.2), "glass": (26.7, 19.3, 1.5), "glass_y": 2.0, "view": (23.0, 12.0)},
    "1.3": {"pcb": (35.5, 33.5, 1.2), "glass": (34.5, 23.0, 1.6), "glass_y": 2.5, "view": (31.0, 16.0)},
}
OLED_BACK = 1.5  # parts on the module's underside
HEADER = (4.0, 5.0)  # the module's header strip: depth from its front edge, and its joints and wires below

WALL = 2.0
FLOOR = 2.0
LID = 2.0
LIP = 1.5  # the plate under the lid that sits inside the walls
HEIGHT = 24.0  # inside, floor to the lid's resting edge
CLEAR = 0.5  # between a part and a wall or another part
POCKET = 1.0  # the glass's pocket in the lid's underside
RAIL = 1.5  # the OLED rails: wall thickness, and the ledge under the module's PCB
BOSS = 5.0  # boss diameter
PILOT = 1.6  # pilot hole for an M2 self-tapping screw
LIFT = 3.0  # a bare board's underside above the floor: room for its solder joints
POST = 2.0  # room kept past the board's far end and rear edge
# The buttons: 6x6 mm tactile switches, 3.5 mm body, 3.5 mm round stem, 9.5 mm overall.
SWITCH = (6.0, 6.0, 3.5)
STEM = 9.5
STEM_PROUD = 1.5  # above the lid: 1-2 mm is pressable without snagging
BUTTON_HOLE = 3.8
BUTTON_PITCH = 14.0
PERFBOARD = (50.0, 20.0, 1.6)
USB_MARGIN = 1.5  # the slot's margin round the socket


def _box(x0: float, y0: float, z0: float, x1: float, y1: float, z1: float) -> tuple[float, ...]:
    return (x0, y0, z0, x1, y1, z1)


def stack(board: str, display: str) -> dict:
    """Every part as a box (x0, y0, z0, x1, y1, z1) inside the case, the case's supports, and its sizes."""
    b, d = BOARDS[board], DISPLAYS[display]
    blen, bwid, bt = b["pcb"]
    pw, pd, pt = d["pcb"]
    gw, gd, gt = d["glass"]
    lift = PIN_DROP if b["mount"] == "pins" else LIFT
    lid_under = HEIGHT - LIP
    lid_top = HEIGHT + LID
    inner_w = max(blen + 2 * CLEAR + POST, pw + 2 * RAIL + 2 * CLEAR, PERFBOARD[0] + 2 * CLEAR)
    s: dict = {"lid_under": lid_under, "lid_top": lid_top, "parts": {}, "supports": {}}
    parts, supports = s["parts"], s["supports"]
    cx = inner_w / 2

    # the buttons' strip at the front, its stems through the lid's holes
    pb_top = lid_top + STEM_PROUD - STEM
    py = CLEAR + PERFBOARD[1] / 2
    parts["perfboard"] = _box(cx - PERFBOARD[0] / 2, CLEAR, pb_top - PERFBOARD[2], cx + PERFBOARD[0] / 2,
                              CLEAR + PERFBOARD[1], pb_top)  # fmt: skip
    s["buttons"] = [(cx + (i - 1.5) * BUTTON_PITCH, py) for i in range(4)]
    for i, (x, y) in enumerate(s["buttons"]):
        parts[f"switch {i + 1}"] = _box(x - SWITCH[0] / 2, y - SWITCH[1] / 2, pb_top, x + SWITCH[0] / 2,
                                        y + SWITCH[1] / 2, pb_top + SWITCH[2])  # fmt: skip
    s["stem_top"] = pb_top + STEM
    inset = 2.5  # the perfboard's corner holes
    s["perfboard_bosses"] = [
        (cx + sx * (PERFBOARD[0] / 2 - inset), py + sy * (PERFBOARD[1] / 2 - inset), pb_top - PERFBOARD[2])
        for sx in (-1, 1)
        for sy in (-1, 1)
    ]

    # the OLED module behind it, glass up in the lid's pocket, header edge to the front
    oy0 = CLEAR + PERFBOARD[1] + CLEAR + RAIL  # the module's front edge
    glass_top = lid_under + POCKET
    pcb_top = glass_top - gt
    gy = oy0 + pd / 2 + d["glass_y"]
    parts["oled glass"] = _box(cx - gw / 2, gy - gd / 2, pcb_top, cx + gw / 2, gy + gd / 2, glass_top)
    parts["oled pcb"] = _box(cx - pw / 2, oy0, pcb_top - pt, cx + pw / 2, oy0 + pd, pcb_top)
    edge = RAIL + 0.3  # the module's edges rest on the rails' ledges: no parts there
    parts["oled underside"] = _box(cx - pw / 2 + edge, oy0 + HEADER[0], pcb_top - pt - OLED_BACK, cx + pw / 2 - edge,
                                   oy0 + pd, pcb_top - pt)  # fmt: skip
    parts["oled header"] = _box(cx - 6.0, oy0, pcb_top - pt - HEADER[1], cx + 6.0, oy0 + HEADER[0], pcb_top - pt)
    s["view"] = (cx, gy, d["view"])
    s["pocket"] = _box(cx - gw / 2 - 0.2, gy - gd / 2 - 0.2, lid_under, cx + gw / 2 + 0.2, gy + gd / 2 + 0.2, glass_top)
    rail_z0 = pcb_top - pt - RAIL
    for side, x0, inward in (("left", cx - pw / 2 - 0.2 - RAIL, RAIL), ("right", cx + pw / 2 + 0.2, -RAIL)):
        supports[f"rail {side}"] = _box(x0, oy0, rail_z0, x0 + RAIL, oy0 + pd, lid_under)
        lx = x0 + RAIL if inward > 0 else x0 - RAIL  # its ledge, under the module's edge
        supports[f"ledge {side}"] = _box(lx, oy0, rail_z0, lx + RAIL, oy0 + pd, pcb_top - pt)

    # the board on the floor under the module, behind the header's wires, USB end at the left wall
    header_end = oy0 + HEADER[0] + CLEAR
    by0 = max(oy0, header_end) if lift + bt + b["parts"] > parts["oled header"][2] - CLEAR else oy0
    by0 = max(by0, CLEAR + PERFBOARD[1] + CLEAR + BOSS / 2)  # clear of the perfboard's rear bosses
    inner_d = max(oy0 + pd + RAIL + CLEAR, by0 + bwid + POST + CLEAR)
    parts["board"] = _box(CLEAR, by0, lift, CLEAR + blen, by0 + bwid, lift + bt)
    parts["board parts"] = _box(CLEAR + 6.0, by0, lift + bt, CLEAR + blen, by0 + bwid, lift + bt + b["parts"])
    uw, uh = b["usb"]
    uy = by0 + bwid / 2
    parts["usb socket"] = _box(-0.4, uy - uw / 2, lift + bt, 6.0, uy + uw / 2, lift + bt + uh)
    s["slot"] = (
        uy - uw / 2 - USB_MARGIN,
        lift + bt - USB_MARGIN,
        uy + uw / 2 + USB_MARGIN,
        lift + bt + uh + USB_MARGIN,
    )
    s["board_bosses"] = []
    if b["mount"] == "holes":
        s["board_bosses"] = [(CLEAR + hx, by0 + hy, lift) for hx, hy in b["holes"]]
    else:  # the pins stand in slotted rails, one per header row
        for i, ry in enumerate(b["rows"]):
            supports[f"pin rail {i + 1}"] = _box(CLEAR + 2, by0 + ry - 1.6, 0, CLEAR + blen - 2, by0 + ry + 1.6, 3.0)
        s["pin_slots"] = [(by0 + ry) for ry in b["rows"]]
    for i, (x, y, top) in enumerate(s["board_bosses"] + s["perfboard_bosses"]):
        supports[f"boss {i + 1}"] = _box(x - BOSS / 2, y - BOSS / 2, 0, x + BOSS / 2, y + BOSS / 2, top)
    s["inner"] = (inner_w, inner_d, HEIGHT)
    s["outer"] = (inner_w + 2 * WALL, inner_d + 2 * WALL, FLOOR + HEIGHT)
    return s


def parts(board: str, display: str):
    """(base, lid, outer size): the solids, built from stack()'s numbers."""
    import manifold3d as m

    s = stack(board, display)
    inner_w, inner_d, _ = s["inner"]
    outer = s["outer"]

    def at(x: float, y: float, z: float) -> tuple[float, float, float]:  # inside coordinates -> the base's
        return (x + WALL, y + WALL, z + FLOOR)

    def cube(box: tuple[float, ...]) -> m.Manifold:
        x0, y0, z0, x1, y1, z1 = box
        return m.Manifold.cube((x1 - x0, y1 - y0, z1 - z0)).translate(at(x0, y0, z0))

    base = m.Manifold.cube(outer) - m.Manifold.cube((inner_w, inner_d, HEIGHT + 1)).translate(at(0, 0, 0))
    y0, z0, y1, z1 = s["slot"]
    base = base - m.Manifold.cube((WALL * 3, y1 - y0, z1 - z0)).translate(at(-2 * WALL, y0, z0))
    for x, y, top in s["board_bosses"] + s["perfboard_bosses"]:
        boss = m.Manifold.cylinder(top, BOSS / 2, BOSS / 2, 32).translate(at(x, y, 0))
        pilot = m.Manifold.cylinder(top, PILOT / 2, PILOT / 2, 16).translate(at(x, y, 0.01 + top / 3))
        base = base + boss - pilot
    for name, box in s["supports"].items():
        if not name.startswith(("boss", "rail", "ledge")):
            base = base + cube(box)
    for y in s.get("pin_slots", []):  # a slot down each pin rail for the header's pins
        base = base - cube((CLEAR + 3, y - 0.6, 0.0, CLEAR + BOARDS[board]["pcb"][0] - 3, y + 0.6, 4.0))

    # the lid: top plate, the lip plate inside the walls, pocket, window, holes, rails
    lid = m.Manifold.cube((outer[0], outer[1], LID)).translate((0, 0, FLOOR + HEIGHT))
    lid = lid + m.Manifold.cube((inner_w - 0.4, inner_d - 0.4, LIP)).translate(at(0.2, 0.2, HEIGHT - LIP))
    lid = lid - cube(s["pocket"])
    vx, vy, (vw, vd) = s["view"]
    lid = lid - cube((vx - vw / 2, vy - vd / 2, HEIGHT - LIP - 1, vx + vw / 2, vy + vd / 2, HEIGHT + LID + 1))
    for x, y in s["buttons"]:
        hole = m.Manifold.cylinder(LIP + LID + 2, BUTTON_HOLE / 2, BUTTON_HOLE / 2, 32)
        lid = lid - hole.translate(at(x, y, HEIGHT - LIP - 1))
    for name, box in s["supports"].items():
        if name.startswith(("rail", "ledge")):
            lid = lid + cube(box)
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


def _box_faces(box: tuple[float, ...]) -> list[np.ndarray]:
    x0, y0, z0, x1, y1, z1 = box
    c = np.array([[x, y, z] for x in (x0, x1) for y in (y0, y1) for z in (z0, z1)])
    quads = ((0, 1, 3, 2), (4, 5, 7, 6), (0, 1, 5, 4), (2, 3, 7, 6), (0, 2, 6, 4), (1, 3, 7, 5))
    return [c[list(q)] for q in quads]


LID_UP = 96  # how far the lid is drawn above its place


def exploded(base_tris: np.ndarray, lid_tris: np.ndarray, s: dict, path: pathlib.Path, title: str) -> None:
    """The base, the parts and the lid pulled apart upwards, each where it goes."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    fig = Figure(figsize=(8, 7), dpi=110)
    ax = fig.add_subplot(projection="3d")
    ax.computed_zorder = False  # drawn in the order added: base, parts bottom up, lid, then the lid's holes
    lift = {"board": 32, "perfboard": 50, "switch": 50, "oled": 72}  # each group above the base's rim
    colours = {"board": "#2e8b57", "perfboard": "#c8a16599", "switch": "#222222", "oled": "#1d3557", "usb": "#999999"}
    ax.add_collection3d(Poly3DCollection(base_tris, facecolor="#8ab4d855", edgecolor="#33333322", linewidths=0.2))
    for name, box in sorted(s["parts"].items(), key=lambda item: item[1][2]):  # bottom up: tops drawn last
        group = "usb" if name.startswith("usb") else name.split()[0]
        up = lift.get("board" if group == "usb" else group, 0)
        x0, y0, z0, x1, y1, z1 = box
        moved = (x0 + WALL, y0 + WALL, z0 + FLOOR + up, x1 + WALL, y1 + WALL, z1 + FLOOR + up)
        ax.add_collection3d(Poly3DCollection(_box_faces(moved), facecolor=colours[group], edgecolor="#222222"))
    lid_up = lid_tris + np.array([0, 0, LID_UP])
    ax.add_collection3d(Poly3DCollection(lid_up, facecolors="#d8b48a", edgecolors="#d8b48a", linewidths=0.3))
    top = FLOOR + HEIGHT + LID + LID_UP + 0.05  # the lid's outer face, where its holes open
    for x, y in s["buttons"]:  # each button hole's rim, dark, so the holes read at this size
        turn = np.linspace(0, 2 * np.pi, 40)
        rx, ry = x + WALL + BUTTON_HOLE / 2 * np.cos(turn), y + WALL + BUTTON_HOLE / 2 * np.sin(turn)
        ax.plot(rx, ry, np.full_like(turn, top), color="#222222", linewidth=1.6, zorder=10)
    vx, vy, (vw, vd) = s["view"]
    cx, cy = vx + WALL, vy + WALL
    window = np.array([(cx - vw / 2, cy - vd / 2), (cx + vw / 2, cy - vd / 2), (cx + vw / 2, cy + vd / 2),
                       (cx - vw / 2, cy + vd / 2), (cx - vw / 2, cy - vd / 2)])  # fmt: skip
    ax.plot(window[:, 0], window[:, 1], np.full(len(window), top), color="#222222", linewidth=1.2, zorder=10)
    # each part named beside it, at its height in this view
    outer_w, outer_d, _ = s["outer"]
    label_x, label_y = outer_w + 14, outer_d / 2
    labels = [
        (top, "lid: window + 4 button holes"),
        (s["parts"]["oled pcb"][5] + FLOOR + lift["oled"], "OLED module (slides into the lid's rails)"),
        (s["parts"]["perfboard"][5] + FLOOR + lift["perfboard"], "4 buttons on the 50 x 20 mm perfboard"),
        (s["parts"]["board"][5] + FLOOR + lift["board"], "board (USB to the left wall's slot)"),
        (FLOOR + HEIGHT / 2, "base: bosses, rails, USB slot"),
    ]
    for z, text in labels:
        ax.text(label_x, label_y, z, text, fontsize=8, color="#111111")
    everything = np.concatenate([base_tris.reshape(-1, 3), lid_up.reshape(-1, 3)])
    lo, hi = everything.min(axis=0), everything.max(axis=0)
    hi[0] += 45  # room for the labels on the right
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[1])
    ax.set_zlim(lo[2], hi[2])
    ax.set_box_aspect(tuple(hi - lo))
    ax.view_init(elev=28, azim=-58)
    ax.set_title(title)
    ax.set_axis_off()
    fig.subplots_adjust(0, 0, 1, 0.94)
    fig.savefig(path)


def build(board: str = "pico", display: str = "0.96", out: pathlib.Path = OUT) -> list[pathlib.Path]:
    out.mkdir(exist_ok=True)
    base, lid, outer = parts(board, display)
    stem = f"case-{board}-{display}in"
    base_tris = to_stl(base, out / f"{stem}-base.stl")
    lid_tris = to_stl(lid, out / f"{stem}-lid.stl")
    png = out / f"{stem}.png"
    size = f"{outer[0]:.0f} x {outer[1]:.0f} x {outer[2] + LID:.0f} mm"
    title = f"{board}, {display} in OLED ({size}): base, board, buttons, OLED, lid"
    exploded(base_tris, lid_tris, stack(board, display), png, title)
    return [out / f"{stem}-base.stl", out / f"{stem}-lid.stl", png]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--board", default="pico", choices=CASES)
    parser.add_argument("--display", default="0.96", choices=sorted(DISPLAYS))
    args = parser.parse_args()
    for path in build(args.board, args.display):
        print(f"wrote {path.relative_to(HERE.parent)}")


if __name__ == "__main__":
    main()
