"""hardware/: the board data checks, the firmware's board table is generated from it, diagrams and case build."""

from __future__ import annotations

import copy
import importlib.util
import pathlib
import xml.etree.ElementTree as ET

import pytest

from hardware import board_data, enclosure, generate

REPO = pathlib.Path(__file__).resolve().parents[1]


def test_every_board_checks_out_against_its_chip() -> None:
    boards = board_data.check_all()
    assert {"pico", "pico-w", "esp32-devkit", "esp32-c3-supermini"} <= set(boards)
    assert {b["chip"] for b in boards.values()} == {"rp2040", "esp32", "esp32c3"}


def _problems(name: str, change) -> list[str]:
    board = copy.deepcopy(board_data.boards()[name])
    change(board)
    return board_data.problems(board, board_data.chips()[board["chip"]])


def test_bad_pins_are_named() -> None:
    def i2c(**pins):
        return lambda b: b["i2c"].update(pins)

    def button(name, pin):
        return lambda b: b["buttons"].update({name: pin})

    assert "does not exist" in _problems("esp32-devkit", i2c(sda=40))[0]
    assert "reserved: UART0 TX" in " ".join(_problems("esp32-devkit", i2c(scl=1)))
    assert "input-only and cannot drive I2C SDA" in " ".join(_problems("esp32-devkit", i2c(sda=34)))
    assert "cannot be SDA of I2C0" in " ".join(_problems("pico", i2c(sda=2)))
    assert "used twice" in " ".join(_problems("pico", button("OK", 10)))
    assert "no internal pull-up" in " ".join(_problems("esp32-devkit", button("OK", 36)))
    assert "strapping pin" in " ".join(_problems("esp32-c3-supermini", button("OK", 9)))
    assert "reserved: USB D+" in " ".join(_problems("esp32-c3-supermini", button("OK", 19)))


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


@pytest.mark.parametrize("display", ["0.96", "1.3"])
def test_the_case_builds_as_closed_solids_with_a_window_and_four_button_holes(
    tmp_path: pathlib.Path, display: str
) -> None:
    from stl import mesh

    base, lid, outer = enclosure.parts("pico", display)
    assert lid.genus() == 5  # the display window and the four button holes go through
    assert base.volume() > 0 and lid.volume() > 0
    written = enclosure.build("pico", display, tmp_path)
    for path in written[:2]:
        solid = mesh.Mesh.from_file(str(path))
        assert solid.is_closed()
        size = solid.max_ - solid.min_
        assert size[0] == pytest.approx(outer[0]) and size[1] == pytest.approx(outer[1])
    assert written[2].read_bytes().startswith(b"\x89PNG")
    assert outer[0] > enclosure.BOARDS["pico"][0] + 2 * enclosure.WALL  # the board fits inside
    # `make hardware` is reproducible: built again, each file is the committed one, byte for byte
    # (numpy-stl's timestamped header is replaced by a fixed one), so a rebuild leaves git clean
    for path in written[:2]:
        assert path.read_bytes() == (REPO / "hardware/enclosure" / path.name).read_bytes(), path.name
