# Runs at boot on the device, and in the simulator as it would at boot.
import firmware_pack

firmware_pack.mount()  # the code deploy packed in one file, found without a walk of the flash
import runtime  # noqa: E402  (from the pack)

runtime.run()
