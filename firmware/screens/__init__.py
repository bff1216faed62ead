"""The device's screens; each module holds one screen or a few small related ones."""
