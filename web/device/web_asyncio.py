"""asyncio as the firmware uses it, on the WebAssembly port's asyncio (which runs on JS timers).

The port lacks asyncio.run, ThreadSafeFlag and StreamReader. run() starts the
coroutine and returns: a page cannot block, the browser's event loop runs it.
A ThreadSafeFlag is an Event that clears when awaited. The page has no serial
port, so a StreamReader never has bytes.
"""

import asyncio as _port

CancelledError = _port.CancelledError
TimeoutError = _port.TimeoutError
Event = _port.Event
create_task = _port.create_task
sleep = _port.sleep
sleep_ms = _port.sleep_ms
wait_for = _port.wait_for
wait_for_ms = _port.wait_for_ms
gather = _port.gather
current_task = _port.current_task
get_event_loop = _port.get_event_loop
new_event_loop = _port.new_event_loop

FAILED = []  # what ended a task started by run(): the page restarts the firmware on it


def run(coro):
    async def guarded():
        try:
            await coro
        except BaseException as e:  # a reset, the watchdog, a fault: the page must hear of it
            FAILED.append(e)
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
