"""asyncio as the firmware uses it, on the WebAssembly port's asyncio (which runs on JS timers).

The port lacks asyncio.run, ThreadSafeFlag and StreamReader. run() starts the
coroutine and returns: a page cannot block, the browser's event loop runs it.
A ThreadSafeFlag is an Event that clears when awaited. The page has no serial
port, so a StreamReader never has bytes.
"""

import asyncio as _port
from asyncio import (  # noqa: F401  (what the firmware uses, as the port has it)
    CancelledError,
    Event,
    TimeoutError,
    create_task,
    current_task,
    gather,
    get_event_loop,
    new_event_loop,
    sleep,
    sleep_ms,
    wait_for,
    wait_for_ms,
)


def run(coro):
    async def guarded():
        try:
            await coro
        except BaseException as e:  # a reset, the watchdog, a fault: the page must hear of it
            import js

            js.adjutantStopped(repr(e))

    return _port.create_task(guarded())


class ThreadSafeFlag:
    def __init__(self):
        self._event = _port.Event()

    def set(self):
        self._event.set()

    def clear(self):
        self._event.clear()

    async def wait(self):
        await self._event.wait()
        self._event.clear()


class StreamReader:
    def __init__(self, stream):
        self._never = _port.Event()

    async def read(self, n=-1):
        await self._never.wait()
        return b""
