"""Builds the optional C kernel of SubER's edit distance with shifts; setup.cfg holds everything else.

Where it cannot be compiled the plugin still installs and SubER runs the same algorithm in
Python (same numbers, slower).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("benchmarkstt_subtitles._ter", ["src/benchmarkstt_subtitles/_ter.c"], optional=True),
    ]
)
