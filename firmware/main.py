# Runs at boot on the device, and in the simulator as it would at boot.
import packed  # noqa: F401  # the modules from deploy's firmware.pack, when there is one (packed.py)
import runtime

runtime.run()
