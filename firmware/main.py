# Runs at boot on the device, and in the simulator as it would at boot.
import os

try:
    os.remove("maintenance")  # `adjutant deploy` asked for one boot with the REPL free and no watchdog
except OSError:
    import runtime

    runtime.run()
