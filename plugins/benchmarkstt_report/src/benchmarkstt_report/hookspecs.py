"""The report plugin's own hook: other plugins add sections to the report page.

A plugin implements ``report_sections`` with ``@hookimpl(optionalhook=True)`` (the core's
marker: the hook is the report plugin's, not the core's) and returns its sections as
``(id, html, link)`` tuples (:class:`Section`; the plugin need not import this one). They go on
the page after the report's own sections, before the record, in the order of their ids; those
with a ``link`` get one in the page's navigation. The subtitles plugin's subtitle section
(from the result alone) and the live plugin's live section (from the corpus run's streaming
engines) are two.
"""

from __future__ import annotations

import argparse
from typing import Any, List, NamedTuple, Optional

from benchmarkstt_core.hookspecs import hookspec


class Section(NamedTuple):
    """One section a plugin adds to the report page."""

    #: its element's id (``<section id="...">``), the target of its link
    id: str
    #: its HTML, every value in it escaped
    html: str
    #: the text of its link in the page's navigation ("": none)
    link: str = ""


@hookspec
def report_sections(data: dict, args: Optional[argparse.Namespace], host: Any) -> List[tuple]:
    """This plugin's sections, ``(id, html, link)``, of the report of the corpus result ``data``
    (checked: as its shape and the metrics' declared shapes hold it), for the command whose
    arguments are ``args`` (``corpus --html``'s, ``benchmarkstt-tools report``'s; ``None``
    from Python)."""
    return []


def plugin_sections(data: dict, args: Optional[argparse.Namespace], host: Any) -> List[Section]:
    """Every plugin's :func:`report_sections`, in the order of their ids."""
    import sys

    if host.pm.hook.__dict__.get("report_sections") is None or host.pm.hook.report_sections.spec is None:
        host.pm.add_hookspecs(sys.modules[__name__])
    found = host.pm.hook.report_sections(data=data, args=args, host=host)
    return sorted((Section(*section) for sections in found for section in sections), key=lambda section: section.id)
