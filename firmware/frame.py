"""One frame on the panel: the whole screen, or only a count's digits while a hold counts.

The UI (ui.py) says what changed (ui.dirty, ui.count) and this draws it: the screen on top, then
the message over it, and sends what changed to the display.
"""

import gfx
from screens.base import number


def render(ui):
    fb = ui.display
    count, ui.count = ui.count, None
    area = None  # where the display scans for changes: the digits, if a count was all
    if count is not None:
        value, y, scale, width = count
        area = ((128 - width) // 2, y, width, gfx.CHAR * scale)
        if not ui.dirty:  # a hold counting: the digits, many times a second, not the whole screen
            fb.fill_rect(area[0], y, width, area[3], 0)
            number(fb, value, y, scale)
            fb.show(area)
            return
    fb.fill(0)
    for _ in range(2):  # a screen that fails is left for the mat, drawn once more, and said
        try:
            ui.top().draw(fb)
            break
        except Exception as e:  # the mat failing too (no heap): the message alone, on a clear panel
            ui.fault(e)
            fb.fill(0)
    if ui.toast and (ui.toast_ms is None or ui.top().newsworthy):  # a warning covers anything
        gfx.toast(fb, ui.toast, ui.toast_ms is None)
    fb.show(area)
    ui.dirty = False
