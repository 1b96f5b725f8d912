"""Builds the optional C kernels; setup.cfg holds everything else.

The extension is optional: where it cannot be compiled the plugin still installs and the
differs fall back to cydifflib, then to the standard library's difflib (same opcodes).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("benchmarkstt_metrics._kernels", ["src/benchmarkstt_metrics/_kernels.c"], optional=True),
    ]
)
