"""The simulated device: the unchanged firmware on the MicroPython unix port.

device/ holds what runs inside MicroPython (the simulated board); the modules
here control it from CPython: press buttons, pass time, read the screen.
"""
