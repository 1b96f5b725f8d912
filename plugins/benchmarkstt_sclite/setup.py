"""Builds the optional C kernel; setup.cfg holds everything else.

Where it cannot be compiled the plugin still installs, and the alignment runs in Python
(``benchmarkstt_sclite.alignment.py_kernel``: the same steps).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("benchmarkstt_sclite._kernel", ["src/benchmarkstt_sclite/_kernel.c"], optional=True),
    ]
)
