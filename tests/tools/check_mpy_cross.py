"""Compile every .py file under the given folders with mpy-cross, for each board's CPU.

    python tests/tools/check_mpy_cross.py path/to/mpy-cross shared_engine firmware

Writes nothing into the tree; exits 1 naming each file that does not compile.
"""

import pathlib
import subprocess
import sys
import tempfile

# The CPUs of the boards hardware/ supports (Pico, ESP32, ESP32-C3) and of the simulator:
# the display driver's viper loops are machine code for each.
ARCHS = ("armv6m", "xtensawin", "rv32imc", "x64")


def main() -> int:
    mpy_cross, *folders = sys.argv[1:]
    files = sorted(p for folder in folders for p in pathlib.Path(folder).rglob("*.py"))
    failed = 0
    with tempfile.TemporaryDirectory() as out:
        for path in files:
            for arch in ARCHS:
                result = subprocess.run(
                    [mpy_cross, "-march=" + arch, "-o", str(pathlib.Path(out) / "x.mpy"), str(path)],
                    capture_output=True,
                    text=True,
                )
                if result.returncode != 0:
                    failed += 1
                    print(f"mpy-cross -march={arch}: {path}: {result.stderr.strip() or result.stdout.strip()}")
    print(f"mpy-cross: {len(files) * len(ARCHS) - failed} of {len(files)} files x {len(ARCHS)} CPUs compiled")
    return 1 if failed or not files else 0


if __name__ == "__main__":
    sys.exit(main())
