"""Compile every .py file under the given folders with mpy-cross.

    python tests/tools/check_mpy_cross.py path/to/mpy-cross shared_engine firmware

Writes nothing into the tree; exits 1 naming each file that does not compile.
"""

import pathlib
import subprocess
import sys
import tempfile


def main() -> int:
    mpy_cross, *folders = sys.argv[1:]
    files = sorted(p for folder in folders for p in pathlib.Path(folder).rglob("*.py"))
    failed = 0
    with tempfile.TemporaryDirectory() as out:
        for path in files:
            result = subprocess.run(
                [mpy_cross, "-o", str(pathlib.Path(out) / "x.mpy"), str(path)], capture_output=True, text=True
            )
            if result.returncode != 0:
                failed += 1
                print(f"mpy-cross: {path}: {result.stderr.strip() or result.stdout.strip()}")
    print(f"mpy-cross: {len(files) - failed} of {len(files)} files compiled")
    return 1 if failed or not files else 0


if __name__ == "__main__":
    sys.exit(main())
