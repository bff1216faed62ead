# Runs at boot on the device, and in the simulator as it would at boot.
import runtime

runtime.run()
