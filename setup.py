"""The wheel carries the device's code: firmware/ and shared_engine/ as adjutant/board/, for
`adjutant deploy` and the simulator (`adjutant-sim`) from an installed package (adjutant/source.py
finds it). Everything else is in pyproject.toml."""

import pathlib
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = pathlib.Path(__file__).resolve().parent


class WithTheDevicesCode(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):  # an editable install runs from the checkout
            return
        board = pathlib.Path(self.build_lib) / "adjutant" / "board"
        for folder in ("firmware", "shared_engine"):
            shutil.rmtree(board / folder, ignore_errors=True)
            shutil.copytree(ROOT / folder, board / folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": WithTheDevicesCode})
