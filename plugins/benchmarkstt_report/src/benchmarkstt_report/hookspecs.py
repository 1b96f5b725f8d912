"""The report plugin's own hook: other plugins add sections to ``corpus --html``'s page.

A plugin implements ``report_sections`` with ``@hookimpl(optionalhook=True)`` (the core's
marker: the hook is the report plugin's, not the core's) and returns the HTML of its sections
(``<section id="...">``, escaped), or ``""``; they go on the page after the other sections,
before the record. The live plugin's live section is one.
"""

from __future__ import annotations

import argparse
from typing import Any

from benchmarkstt_core.hookspecs import hookspec


@hookspec
def report_sections(args: argparse.Namespace, host: Any) -> str:
    """The HTML of this plugin's sections for the report of the corpus run ``args``."""
    return ""


def plugin_sections(args: argparse.Namespace, host: Any) -> str:
    """What every plugin's ``report_sections`` gives, in the order pluggy calls them."""
    import sys

    if host.pm.hook.__dict__.get("report_sections") is None or host.pm.hook.report_sections.spec is None:
        host.pm.add_hookspecs(sys.modules[__name__])
    return "".join(host.pm.hook.report_sections(args=args, host=host))
