"""``benchmarkstt-tools plugins``: every plugin, where it comes from, what it adds, what it
overrides, what it lost to another plugin, and what failed."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from ..files import write_stdout

if TYPE_CHECKING:  # pragma: no cover
    from ..plugins import PluginHost


class PluginsCommand:
    """List the installed plugins with their distribution, version, status, components, overrides, clashes and errors"""

    name = "plugins"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """``--json`` and ``--traceback``."""
        parser.add_argument("--json", action="store_true", help="print the list as JSON")
        parser.add_argument("--traceback", action="store_true", help="show the full traceback of errors")

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Print one block per plugin."""
        host.registries  # noqa: B018 (fills the records' components)
        if args.json:
            write_stdout(json.dumps([r.as_dict() for r in host.records], indent=2) + "\n")
            return 0
        lines = []
        for r in host.records:
            lines.append(f"{r.name}  {r.distribution} {r.version}  [{r.status}]{'  standard' if r.standard else ''}")
            for kind, names in sorted(r.components.items()):
                lines.append(f"    {kind.replace('_', ' ')}: {', '.join(names)}")
            lines.extend(f"    overrides: {item}" for item in r.overrides)
            lines.extend(f"    ignored: {item}" for item in r.ignored)
            lines.extend(f"    clash: {item}" for item in r.clashes)
            for error in r.errors:
                text = error if args.traceback else error.splitlines()[0]
                lines.extend(
                    "    error: " + line if i == 0 else "    " + line
                    for i, line in enumerate(text.rstrip().splitlines())
                )
        write_stdout("\n".join(lines) + "\n")
        return 0
