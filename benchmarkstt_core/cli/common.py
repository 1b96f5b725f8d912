"""What both commands share: the argument parser, component flags, plugin loading, errors."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from itertools import takewhile
from typing import Any, Callable, NoReturn, Sequence

from ..errors import BenchmarkSTTError, UsageError

LOG_LEVELS = ("critical", "fatal", "error", "warn", "warning", "info", "debug", "notset")


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Shows a component flag's values as its parameters (``--wer [mode] [differ_class]``)
    and keeps the paragraphs of help texts (a blank line between them)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None):
        if width is None:  # as argparse does, without importing shutil at every start
            try:
                columns = int(os.environ["COLUMNS"])
            except (KeyError, ValueError):
                try:
                    columns = os.get_terminal_size(sys.stdout.fileno()).columns
                except (OSError, ValueError, AttributeError):
                    columns = 80
            width = columns - 2
        super().__init__(prog, indent_increment, max_help_position, width)

    def _split_lines(self, text: str, width: int) -> list:
        lines: list = []
        for paragraph in text.split("\n\n"):
            if lines:
                lines.append("")
            if not paragraph.startswith("  "):
                lines.extend(textwrap.wrap(" ".join(paragraph.split()), width))
                continue
            for item in paragraph.split("\n"):
                lines.extend(textwrap.wrap(" ".join(item.split()), width, initial_indent="  ",
                                           subsequent_indent="    "))
        return lines

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        usage = getattr(action, "arg_usage", None)
        if usage is not None:
            return usage
        return super()._format_args(action, default_metavar)

    def _format_usage(self, usage, actions, groups, prefix):  # type: ignore[override]
        text = super()._format_usage(usage, actions, groups, prefix)
        return text.replace(" ]", "]").replace("[ ", "[")


class ArgumentParser(argparse.ArgumentParser):
    """argparse without abbreviations, with ``--help`` only (``-h`` is the hypothesis)."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("add_help", False)
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


class ComponentAction(argparse.Action):
    """Collects ``(name, values)`` of a component flag in command-line order."""

    def __init__(self, option_strings: list, dest: str, spec: Any = None, **kwargs: Any):
        self.spec = spec
        self.arg_usage = spec.usage
        super().__init__(option_strings, dest, nargs="*" if spec.max_args else 0, default=None, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        values = list(values or [])
        try:
            self.spec.check_args(values)
        except UsageError as exc:
            raise argparse.ArgumentError(self, str(exc)) from None
        calls = getattr(namespace, self.dest, None) or []
        calls.append((self.spec.name, *values))
        setattr(namespace, self.dest, calls)


def help_text(spec: Any) -> str:
    """A component's help: its description's paragraphs, then its documented parameters."""
    paragraphs = [spec.description or "(no description)"]
    params = [f"  {p.name}: {p.doc}" for p in spec.params if p.doc]
    if params:
        paragraphs.append("\n".join(params))
    return "\n\n".join(paragraphs).replace("%", "%%")


def wrap_paragraphs(text: str, width: int = 78) -> str:
    """Wrap each paragraph of ``text`` (paragraphs are separated by blank lines)."""
    return "\n\n".join(textwrap.fill(" ".join(p.split()), width) for p in text.split("\n\n"))


def add_component_flags(group: Any, registry: Any, dest: str) -> None:
    """One ``--NAME`` flag per component of ``registry``, collected into ``dest``."""
    for spec in registry:
        group.add_argument("--" + spec.name, action=ComponentAction, spec=spec, dest=dest,
                           help=help_text(spec))


def add_common_options(parser: argparse.ArgumentParser) -> None:
    """``--log-level``, ``--load`` and ``--help``."""
    parser.add_argument("--log-level", type=str.lower, choices=LOG_LEVELS, default="warning",
                        metavar="{" + ",".join(LOG_LEVELS) + "}", help="Set the logging output level")
    parser.add_argument("--load", nargs="+", metavar="MODULE_NAME", default=[],
                        help="Load modules from the working directory that add components: plugin modules "
                             "with hook implementations, or plain modules whose classes with normalize() "
                             "or compare() become normalizers or metrics (e.g. --load myclasses)")
    parser.add_argument("--help", action="help", help="Show this help message and exit")


def completion_argv() -> list:
    """While argcomplete asks for completions: the words typed so far, after the command."""
    import shlex

    line = os.environ.get("COMP_LINE", "")[:int(os.environ.get("COMP_POINT", "0") or 0)]
    try:
        return shlex.split(line)[1:]
    except ValueError:
        return line.split()[1:]


def preparse(argv: Sequence[str]) -> argparse.Namespace:
    """Read ``--load`` and ``--log-level`` before plugins are loaded (the rest waits).

    A plain scan, read as argparse reads them (the last one given counts); mistakes in
    them are left for the full parser to report.

    :example:
        >>> preparse(["--wer", "--load", "a", "b", "-r", "x", "--log-level=DEBUG"])
        Namespace(load=['a', 'b'], log_level='debug')
    """
    if "_ARGCOMPLETE" in os.environ:
        argv = completion_argv()
    pre = argparse.Namespace(load=[], log_level="warning")
    args = list(argv)
    for i, arg in enumerate(args):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        if name == "--log-level":
            value = value if equals else (args[i + 1] if i + 1 < len(args) else "warning")
            pre.log_level = value.lower()
        elif name == "--load":
            values = [value] if equals else list(takewhile(lambda a: not a.startswith("-"), args[i + 1:]))
            if values:
                pre.load = values
    return pre


def setup_logging(level: str) -> None:
    """Configure Python logging at ``level`` on stderr (at the default level Python's own
    last-resort handler already prints warnings, so logging is not even imported)."""
    if level in ("warn", "warning"):
        return
    import logging

    level = {"warn": "warning", "fatal": "critical"}.get(level, level)
    logging.basicConfig(level=getattr(logging, level.upper(), logging.WARNING),
                        format="%(levelname)s:%(name)s: %(message)s")


def load_host(pre: argparse.Namespace) -> Any:
    """The plugins: from the plugin cache when it is valid (:mod:`..plugincache`), else
    loaded in full (with ``--load`` modules) and cached; prints the warnings of broken ones."""
    from ..plugincache import cached_host, save
    from ..plugins import make_plugin_manager

    host = None if pre.load else cached_host()
    if host is None:
        host = make_plugin_manager(load=pre.load)
        host.registries  # registering components may warn too (name clashes)
        if not pre.load:
            save(host)
    for message in host.messages:
        sys.stderr.write(f"benchmarkstt: warning: {message}\n")
    return host


_GC_PAUSED = []


def pause_gc() -> None:
    """Console scripts only: no cyclic garbage collection while starting up.

    Start-up makes tens of thousands of objects (modules, classes, the parser) and frees
    almost none; collecting them costs ~5 ms a run. :func:`startup_done` turns it back on.
    """
    import gc

    if gc.isenabled():
        gc.disable()
        _GC_PAUSED.append(True)


def startup_done() -> None:
    """The command's own work begins: what start-up made is frozen out of garbage
    collection (it lives until exit), and collection resumes if :func:`pause_gc` paused it."""
    if _GC_PAUSED:
        import gc

        _GC_PAUSED.clear()
        gc.freeze()
        gc.enable()


def finish(status: int) -> NoReturn:
    """Console scripts only: exit with ``status`` once output is flushed and ``atexit``
    callbacks have run, skipping the interpreter's teardown (~10 ms a run).

    With other threads still running it exits the usual way, which waits for them.
    """
    import atexit

    threading = sys.modules.get("threading")
    run_exitfuncs = getattr(atexit, "_run_exitfuncs", None)
    if run_exitfuncs is None or (threading is not None and threading.active_count() > 1):
        sys.exit(status)
    run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            status = status or 1
    os._exit(status)


def autocomplete(parser: argparse.ArgumentParser) -> None:
    """Bash completion through argcomplete, when a completion is being asked for."""
    if "_ARGCOMPLETE" in os.environ:
        try:
            import argcomplete
        except ImportError:
            return
        argcomplete.autocomplete(parser)


def guarded(prog: str, argv: Sequence[str], body: Callable[[argparse.Namespace], int]) -> int:
    """Run ``body(preparsed)``; turn any error into one ``PROG: error: ...`` line and an exit status.

    A traceback is shown only with ``--log-level debug`` or ``BENCHMARKSTT_PLUGIN_ERRORS=raise``.
    """
    pre = preparse(argv)

    def traceback_if_debug() -> None:
        if pre.log_level == "debug" or os.environ.get("BENCHMARKSTT_PLUGIN_ERRORS", "").lower() == "raise":
            import traceback

            traceback.print_exc()

    try:
        return body(pre)
    except BenchmarkSTTError as exc:
        traceback_if_debug()
        sys.stderr.write(f"{prog}: error: {exc}\n")
        return exc.exit_code
    except KeyboardInterrupt:
        sys.stderr.write(f"{prog}: error: interrupted\n")
        return 130
    except MemoryError:
        traceback_if_debug()
        sys.stderr.write(f"{prog}: error: out of memory: the inputs are too large for this machine\n")
        return 1
    except Exception as exc:
        traceback_if_debug()
        sys.stderr.write(f"{prog}: error: unexpected failure: {exc or type(exc).__name__} "
                         f"(run with --log-level debug for a traceback)\n")
        return 1
