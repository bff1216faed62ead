"""A flood on the serial line with no end of line: the link keeps a bounded line and answers on.

A "~" starts a frame; bytes after it are kept only up to the longest frame line
(frames.LINE_MAX). Whatever the host (or line noise) sends, the link's buffer
stays within that, and the next real request is answered.
"""

# isort: off
from tests.firmware import rig
from tests.firmware.table import Table
from tests.firmware.test_link_heap import _ask, _connected

# isort: on

import gc

from shared_engine import frames

MICROPYTHON_ONLY = True  # link.py waits on MicroPython's asyncio streams, which CPython's asyncio is not


def test_a_frame_that_never_ends_keeps_the_line_buffer_bounded_and_the_link_answers():
    table = Table.fresh()
    _, endpoint, wire = _connected(table)
    assert _ask(endpoint, wire, "hello", 1, proto=frames.PROTOCOL)  # the request code is loaded
    gc.collect()
    before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    endpoint.byte(0x7E)  # "~": a frame begins
    for i in range(100_000):  # and never ends
        endpoint.byte(65 + i % 26)
    assert len(endpoint.buf) <= frames.LINE_MAX and endpoint.overflow
    gc.collect()
    if hasattr(gc, "mem_alloc"):  # MicroPython: the heap did not grow with the flood
        assert gc.mem_alloc() - before < 2 * frames.LINE_MAX, gc.mem_alloc() - before
    endpoint.byte(10)  # the line ends: what is left of it is dropped as too long
    wire.lines = []
    replies = _ask(endpoint, wire, "hello", 2, proto=frames.PROTOCOL)
    assert replies and replies[0]["st"] == frames.OK  # and the link answers the next request
    rig.unmount()


def test_noise_with_no_frame_mark_is_not_kept_at_all():
    table = Table.fresh()
    _, endpoint, wire = _connected(table)
    for i in range(50_000):
        endpoint.byte(33 + i % 90)  # printable, never "~" (126), never a newline
    assert len(endpoint.buf) == 0
    replies = _ask(endpoint, wire, "hello", 3, proto=frames.PROTOCOL)
    assert replies and replies[0]["st"] == frames.OK
    rig.unmount()
