"""Builds the optional C kernel; setup.cfg holds everything else.

Where it cannot be compiled the plugin still installs, and the time-constrained alignment
runs in Python (``benchmarkstt_timing.tcalign.py_tc_align``: the same alignment).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("benchmarkstt_timing._kernel", ["src/benchmarkstt_timing/_kernel.c"], optional=True),
    ]
)
