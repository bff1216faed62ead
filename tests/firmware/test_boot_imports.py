"""Boot's imports of MicroPython's built-in modules (os, time, json...): MicroPython looks for a
file extending each on the flash at every import of it, unless boot has kept it (lazy.py)."""

import sys

from tests.firmware import rig

# CPython has no extensible built-in modules: its imports find json in sys.modules anyway
MICROPYTHON_ONLY = ("test_after_boot_kept_them_an_import_of_a_built_in_module_looks_on_the_flash_no_more",)


def _import_json():
    import json

    return json


def test_after_boot_kept_them_an_import_of_a_built_in_module_looks_on_the_flash_no_more():
    import lazy

    rig.mount(rig.blank_flash(), format_first=True)
    with open("json.py", "w") as f:  # found first, the file would extend the built-in json
        f.write("SEEN = True\n")
    sys.path.insert(0, "")  # the flash's root, first on the path as on a board
    kept = sys.modules.pop("json", None)
    try:
        assert getattr(_import_json(), "SEEN", False)  # the file is there to find: the test can tell
        sys.modules.pop("json")
        lazy.keep_built_ins()
        json = _import_json()
        assert not hasattr(json, "SEEN") and json.dumps([1]) == "[1]"
        assert sys.modules["json"] is json
    finally:
        sys.path.remove("")
        sys.modules.pop("json", None)
        if kept is not None:
            sys.modules["json"] = kept
        rig.unmount()
