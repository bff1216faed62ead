"""When games were played, though the board has no clock that survives power-off.

time.time() starts over at every boot. The host sends its time at every
connection; from then on a stamp is the real time. Before that, a stamp is
this boot's seconds, kept with the boot's id: once the host has set the clock
in the same boot, it can be dated (an estimate, and the journal then saves
it dated, with boot "~"); after a reboot it cannot.
"""

import os
import time
from binascii import hexlify

BOOT = hexlify(os.urandom(4)).decode()
_offset = None  # the host's epoch seconds minus time.time(), once it has told us


def set_time(epoch):
    global _offset
    _offset = int(epoch) - int(time.time())


def stamp():
    """[seconds, boot]: epoch seconds with boot "" once the host set the clock, else this boot's seconds."""
    now = int(time.time())
    if _offset is None:
        return [now, BOOT]
    return [now + _offset, ""]


def settle(st):
    """The stamp dated if it can be: [epoch, "~"] for this boot's seconds once the clock is set."""
    if st[1] == BOOT and _offset is not None:
        return [st[0] + _offset, "~"]
    return st


def epoch(st):
    """(epoch seconds, estimated) for a stamp, or None when it comes from another boot."""
    if not st:
        return None
    st = settle(st)
    if len(st[1]) > 1:
        return None
    return st[0], st[1] == "~"
