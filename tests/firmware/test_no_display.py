"""A first build with no display, the wrong address or a loose wire: the device keeps going and says what to check."""

from tests.firmware import rig
from tests.firmware.table import Table

machine = rig.machine  # the simulated one, installed by rig before any firmware loads

MICROPYTHON_ONLY = ("test_boot_without_a_display_names_the_address_and_the_pins_of_each_board",)  # asyncio


def test_boot_without_a_display_names_the_address_and_the_pins_of_each_board():
    import runtime

    machine.I2C.devices = {}
    machine.Pin.pins = {}
    _, display, _ = runtime.build("pico")
    assert display.problem() == "no display answers at 0x3C on SDA=GP4 SCL=GP5: check the wiring and the address"
    machine.Pin.pins = {}
    _, display, _ = runtime.build("esp32-s3-devkitc")
    assert display.problem() == ("no display answers at 0x3C on SDA=GPIO8 SCL=GPIO9: check the wiring and the address")


def test_a_display_at_the_wrong_address_does_not_stop_the_game():
    table = Table.fresh(at=0x3D)  # the module answers at 0x3D, the board expects 0x3C
    assert table.ui.display.problem() == (
        "the display answers at 0x3D, not 0x3C: set it with `adjutant settings addr=0x3D`"
    )
    assert table.status() == "OK roll d6 ^more"  # what the panel would show
    table.press("OK")
    assert len(table.state()["track"][0]["rolls"]) == 1  # the press was a roll, logged as ever
    assert not table.chip.on and table.chip.frame() == bytearray(1024)  # nothing reached the module


def test_a_display_that_answers_again_shows_the_game_within_the_retry_time():
    from oled import RETRY_MS

    table = Table.fresh(at=0)  # a loose wire at power-on
    table.press("OK")
    machine.I2C.devices[0x3C] = table.chip  # the wire pushed back in
    table.run(RETRY_MS + 100)
    assert table.ui.display.problem() is None
    assert table.chip.on
    assert table.chip.frame() == table.ui.display.buffer  # the whole current screen, not only later changes
