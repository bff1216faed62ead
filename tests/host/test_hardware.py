"""hardware/: the board data checks, the firmware's board table is generated from it, diagrams and case build."""

from __future__ import annotations

import copy
import importlib.util
import json
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from hardware import board_data, enclosure, generate

REPO = pathlib.Path(__file__).resolve().parents[2]


def test_every_board_checks_out_against_its_chip() -> None:
    boards = board_data.check_all()
    assert {"pico", "pico-w", "pico-sh1106", "esp32-s3-devkitc"} == set(boards)
    assert {b["chip"] for b in boards.values()} == {"rp2040", "esp32s3"}


def test_every_board_records_its_micropython_heap_and_where_the_figure_comes_from() -> None:
    boards = board_data.check_all()
    heaps = {name: b["heap"]["areas"] for name, b in boards.items()}
    assert heaps["pico"] == [245_888] and heaps["pico-w"] == [205_184]  # lwIP, CYW43, BTstack take ~41 KB
    assert heaps["esp32-s3-devkitc"] == [4_254_384]  # half the 8 MB octal PSRAM, one area
    assert all(b["heap"]["source"] for b in boards.values())
    assert "heap.areas must list" in " ".join(_problems("pico", lambda b: b.pop("heap")))
    assert "heap" not in (REPO / "firmware/boards.py").read_text()  # a figure for the host: not on the device


def _problems(name: str, change, chip: str | None = None) -> list[str]:
    """The problems of a listed board changed by `change`, or moved onto another chip's data."""
    board = copy.deepcopy(board_data.boards()[name])
    change(board)
    board["chip"] = chip or board["chip"]
    return board_data.problems(board, board_data.chips()[board["chip"]])


def test_bad_pins_are_named() -> None:
    def i2c(**pins):
        return lambda b: b["i2c"].update(pins)

    def button(name, pin):
        return lambda b: b["buttons"].update({name: pin})

    assert "does not exist" in _problems("esp32-s3-devkitc", i2c(sda=30))[0]
    assert "reserved: UART0 TX" in " ".join(_problems("esp32-s3-devkitc", i2c(scl=43)))
    assert "reserved: the octal PSRAM" in " ".join(_problems("esp32-s3-devkitc", i2c(scl=36)))
    # a classic ESP32 (its chip data kept for a board file a maker adds): input-only pins
    classic = {"sda": 21, "scl": 22}
    assert "input-only and cannot drive I2C SDA" in " ".join(
        _problems("esp32-s3-devkitc", lambda b: b["i2c"].update(classic, sda=34), chip="esp32")
    )
    assert "cannot be SDA of I2C0" in " ".join(_problems("pico", i2c(sda=2)))
    assert "used twice" in " ".join(_problems("pico", button("OK", 10)))
    assert "no internal pull-up" in " ".join(
        _problems("esp32-s3-devkitc", lambda b: b["i2c"].update(classic, id=0) or b["buttons"].update(OK=36), "esp32")
    )
    assert "strapping pin" in " ".join(_problems("esp32-s3-devkitc", button("OK", 0)))
    assert "reserved: USB D+" in " ".join(_problems("esp32-s3-devkitc", button("OK", 20)))


def test_the_firmware_board_table_is_generated_from_the_data() -> None:
    assert generate.firmware_boards(board_data.check_all()) == (REPO / "firmware/boards.py").read_text(), (
        "firmware/boards.py is out of date: run `make hardware`"
    )
    spec = importlib.util.spec_from_file_location("firmware_boards", REPO / "firmware/boards.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, data in board_data.boards().items():
        defined = module.board(name)
        assert defined["i2c"] == data["i2c"] and defined["buttons"] == data["buttons"]
        assert defined["display"] == {k: data["display"][k] for k in ("chip", "addr", "rotate")}
        assert "battery" not in defined  # no sense pin: the firmware would never read it


def test_wiring_diagrams_build_show_every_pin_and_are_up_to_date() -> None:
    for name, board in board_data.check_all().items():
        svg = generate.wiring_svg(board)
        root = ET.fromstring(svg)
        text = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
        for pin in [board["i2c"]["sda"], board["i2c"]["scl"], *board["buttons"].values()]:
            assert f"GPIO{pin}" in text, (name, pin)
        assert (REPO / f"hardware/wiring/{name}.svg").read_text() == svg, "run `make hardware`"


SVG = "{http://www.w3.org/2000/svg}"
CHAR_EM = 0.62  # a sans-serif character's width in ems, a little over the average, so a near miss counts


def text_boxes(svg: str) -> list[tuple[str, float, float, float, float]]:
    """(text, left, top, right, bottom) of each label, from its position, size and length."""
    root = ET.fromstring(svg)
    default = float(root.get("font-size", "16"))
    boxes = []
    for node in root.iter(SVG + "text"):
        size = float(node.get("font-size", default))
        x, y = float(node.get("x", 0)), float(node.get("y", 0))
        text = node.text or ""
        boxes.append((text, x, y - 0.8 * size, x + CHAR_EM * size * len(text), y + 0.25 * size))
    return boxes


def overlaps(svg: str) -> list[str]:
    boxes = text_boxes(svg)
    width = float(ET.fromstring(svg).get("width", "0"))
    found = [f"{t!r} runs off the picture" for t, left, _, right, _ in boxes if left < 0 or right > width]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]:
                found.append(f"{a[0]!r} overlaps {b[0]!r}")
    return found


def test_no_label_of_a_wiring_diagram_overlaps_another_or_leaves_the_picture() -> None:
    for name, board in board_data.check_all().items():
        assert overlaps(generate.wiring_svg(board)) == [], name


def test_the_overlap_check_sees_labels_that_run_into_each_other() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" font-size="13">'
        '<text x="10" y="20">GND</text><text x="14" y="26" font-size="11">0.96in SSD1306</text>'
        '<text x="250" y="60">a label too long</text></svg>'
    )
    assert overlaps(svg) == ["'a label too long' runs off the picture", "'GND' overlaps '0.96in SSD1306'"]


def test_the_buttons_gnd_bus_is_wired_to_a_gnd_pin_of_the_board() -> None:
    for name, board in board_data.check_all().items():
        root = ET.fromstring(generate.wiring_svg(board))
        gnd = generate.COLORS["GND"]
        bus = [
            line
            for line in root.iter(SVG + "polyline")
            if line.get("stroke") == gnd and "275," in line.get("points", "")
        ]
        assert len(bus) == 1, name
        points = [tuple(map(float, p.split(","))) for p in bus[0].get("points", "").split()]
        pins = [(float(c.get("cx", 0)), float(c.get("cy", 0))) for c in root.iter(SVG + "circle")]
        labels = {t.text: float(t.get("y", 0)) for t in root.iter(SVG + "text")}
        gnd_row = next(y for text, y in labels.items() if text and text.startswith("GND: "))
        end = points[-1]
        assert end[0] == 267 and abs(end[1] - (gnd_row - 4)) < 1, (name, end)  # at the board's GND pin
        assert (262.0, end[1]) in pins, name


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Two boxes share volume (touching faces do not count: a board resting on its bosses)."""
    eps = 1e-6
    return all(a[i] < b[i + 3] - eps and b[i] < a[i + 3] - eps for i in range(3))


def stack_faults(board: str, display: str) -> list[str]:
    s = enclosure.stack(board, display)
    parts, supports = s["parts"], s["supports"]
    inner_w, inner_d, _ = s["inner"]
    faults = []
    proud = s["stem_top"] - s["lid_top"]
    if not 1.0 <= proud <= 2.0:
        faults.append(f"the stems stand {proud:.1f} mm proud of the lid, not 1-2 mm")
    for name, box in parts.items():
        x0, y0, z0, x1, y1, z1 = box
        if name == "usb socket":  # it reaches into the slot in the end wall, and must fit it
            sy0, sz0, sy1, sz1 = s["slot"]
            if not (x0 < 0 and sy0 <= y0 and y1 <= sy1 and sz0 <= z0 and z1 <= sz1):
                faults.append("the USB socket does not line up with its slot")
            continue
        top = s["lid_under"] + enclosure.POCKET if name == "oled glass" else s["lid_under"]
        if x0 < 0 or y0 < 0 or z0 < 0 or x1 > inner_w or y1 > inner_d or z1 > top + 1e-6:
            faults.append(f"{name} is not inside the case: {box}")
    boxes = list(parts.items()) + list(supports.items())
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1 :]:
            if _overlap(box_a, box_b):
                faults.append(f"{a} collides with {b}")
    glass, pocket = parts["oled glass"], s["pocket"]
    in_pocket = all(pocket[i] <= glass[i] and glass[i + 3] <= pocket[i + 3] for i in range(2))
    if not in_pocket or glass[5] != pocket[5]:  # its outline inside the pocket, its face against the lid
        faults.append("the glass does not sit in the lid's pocket")
    vx, vy, (vw, vd) = s["view"]
    if not (
        glass[0] <= vx - vw / 2 and vx + vw / 2 <= glass[3] and glass[1] <= vy - vd / 2 and vy + vd / 2 <= glass[4]
    ):
        faults.append("the window shows more than the glass")
    if parts["oled pcb"][2] != supports["ledge left"][5] or parts["oled pcb"][2] != supports["ledge right"][5]:
        faults.append("the module does not rest on the rails' ledges")
    for i, (x, y) in enumerate(s["buttons"]):
        sw = parts[f"switch {i + 1}"]
        if abs((sw[0] + sw[3]) / 2 - x) > 1e-6 or abs((sw[1] + sw[4]) / 2 - y) > 1e-6:
            faults.append(f"switch {i + 1} is not under its hole")
    if parts["perfboard"][2] != min(top for _, _, top in s["perfboard_bosses"]):
        faults.append("the perfboard does not rest on its bosses")
    return faults


@pytest.mark.parametrize("display", sorted(enclosure.DISPLAYS))
@pytest.mark.parametrize("board", sorted(board_data.boards()))
def test_every_board_and_display_stacks_up_stems_proud_and_nothing_colliding(board: str, display: str) -> None:
    assert stack_faults(board, display) == []


def test_the_stack_check_fails_when_the_stems_fall_short_or_parts_collide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(enclosure, "STEM_PROUD", 3.0)  # stems that snag
    assert "the stems stand 3.0 mm proud of the lid, not 1-2 mm" in stack_faults("pico", "0.96")
    monkeypatch.setattr(enclosure, "STEM_PROUD", 1.5)
    monkeypatch.setattr(enclosure, "STEM", 7.0)  # a shorter switch: raised to reach, its body meets the lid
    assert any(f.startswith("switch 1 is not inside the case") for f in stack_faults("pico", "0.96"))
    monkeypatch.setattr(enclosure, "STEM", 9.5)
    monkeypatch.setattr(enclosure, "OLED_BACK", 8.0)  # a module with tall parts underneath: onto the board
    assert "oled underside collides with board parts" in stack_faults("esp32-s3-devkitc", "0.96")


def test_the_parts_list_names_the_switch_and_perfboard_the_case_is_built_for() -> None:
    text = (REPO / "hardware/README.md").read_text()
    assert f"**stem height {enclosure.STEM:g} mm**" in text
    assert "%g x %g mm" % enclosure.PERFBOARD[:2] in text


@pytest.mark.parametrize("display", sorted(enclosure.DISPLAYS))
@pytest.mark.parametrize("board", enclosure.CASES)
def test_each_case_builds_as_closed_solids_with_a_window_and_four_button_holes(
    tmp_path: pathlib.Path, board: str, display: str
) -> None:
    from stl import mesh

    base, lid, outer = enclosure.parts(board, display)
    assert lid.genus() == 5  # the display window and the four button holes go through
    assert base.volume() > 0 and lid.volume() > 0
    written = enclosure.build(board, display, tmp_path)
    for path in written[:2]:
        solid = mesh.Mesh.from_file(str(path))
        assert solid.is_closed()
        size = solid.max_ - solid.min_
        assert size[0] == pytest.approx(outer[0]) and size[1] == pytest.approx(outer[1])
    assert written[2].read_bytes().startswith(b"\x89PNG")
    # `make hardware` is reproducible: built again, each file is the committed one, byte for byte
    # (numpy-stl's timestamped header is replaced by a fixed one; matplotlib is pinned and brings
    # its own freetype), so a rebuild leaves git clean
    for path in written:
        assert path.read_bytes() == (REPO / "hardware/enclosure" / path.name).read_bytes(), path.name


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"name": "pico",', "boards/pico.json: line 1, column 17: not JSON (Expecting property name"),
        (None, "boards/pico.json: i2c.sda: missing"),
        ("sda-text", 'boards/pico.json: i2c.sda: must be a whole number, not "GP4"'),
        ("pin-twice", "boards/pico.json: GPIO 10 is used twice (button UP and button OK)"),
        ("unknown-chip", "boards/pico.json: chip: unknown chip 'rp2350'; known: "),
    ],
)
def test_make_hardware_on_a_bad_board_file_prints_one_line_naming_the_file_and_field(
    tmp_path: pathlib.Path, text: str | None, said: str
) -> None:
    folder = tmp_path / "boards"
    folder.mkdir()
    board = json.loads((REPO / "hardware/boards/pico.json").read_text())
    if text is None:
        del board["i2c"]["sda"]
    elif text == "sda-text":
        board["i2c"]["sda"] = "GP4"
    elif text == "pin-twice":
        board["buttons"]["OK"] = 10
    elif text == "unknown-chip":
        board["chip"] = "rp2350"
    raw = text if text and text.startswith("{") else json.dumps(board)
    (folder / "pico.json").write_text(raw)
    done = subprocess.run(
        [sys.executable, "hardware/generate.py", "--boards", str(folder)], capture_output=True, text=True, cwd=REPO
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("make hardware: " + said), lines[0]
