"""What both commands share: the argument parser, component flags, plugin loading, errors."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from itertools import takewhile
from typing import TYPE_CHECKING, Any, Callable, NoReturn, Sequence

from ..errors import BenchmarkSTTError, UsageError
from ..names import printable
from ..redaction import redact
from ..params import param_heading
from ..plugins import PluginHost, make_plugin_manager, missing_standard_note

if TYPE_CHECKING:
    from ..registry import ComponentSpec, Registries

LOG_LEVELS = ("critical", "fatal", "error", "warn", "warning", "info", "debug", "notset")


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Shows a component flag's values as its parameters (``--wer [mode] [differ_class]``)
    and keeps the paragraphs of help texts (a blank line between them)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
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
                lines.extend(
                    textwrap.wrap(" ".join(item.split()), width, initial_indent="  ", subsequent_indent="    ")
                )
        return lines

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        usage = getattr(action, "arg_usage", None)
        if usage is not None:
            return usage
        return super()._format_args(action, default_metavar)

    def _format_usage(self, usage, actions, groups, prefix):
        text = super()._format_usage(usage, actions, groups, prefix)
        return text.replace(" ]", "]").replace("[ ", "[")


class ArgumentParser(argparse.ArgumentParser):
    """argparse without abbreviations, with ``--help`` only (``-h`` is the hypothesis), and
    usage errors in two lines: a short usage line, then the error with a suggestion for a
    mistyped flag and, for an unknown flag or choice, the plugins that failed to load (one of
    them may have provided it).

    :param plugin_failures: one line per plugin that failed (:meth:`.PluginHost.failures`)
    """

    def __init__(self, *args: Any, plugin_failures: Sequence[str] = (), **kwargs: Any):
        self.plugin_failures = list(plugin_failures)
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("add_help", False)
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def short_usage(self) -> str:
        """``usage: PROG`` with the required options, ``[options]`` and the positionals."""
        formatter = self._get_formatter()
        parts = [self.prog]
        parts += [
            f"{a.option_strings[0]} {formatter._format_args(a, a.dest.upper())}".rstrip()
            for a in self._actions
            if a.option_strings and a.required
        ]
        if any(a.option_strings and not a.required for a in self._actions):
            parts.append("[options]")
        parts += [formatter._format_args(a, a.dest) for a in self._actions if not a.option_strings]
        return "usage: " + " ".join(parts)

    def suggestion(self, message: str) -> str:
        """`` (did you mean --wer?)`` for the first unrecognized flag that starts a known flag
        or is close to one (:func:`difflib.get_close_matches`, three quarters alike).

        :example:
            >>> parser = ArgumentParser(prog="p")
            >>> for flag in ("--reference", "--reference-type", "--regex", "--wer"):
            ...     _ = parser.add_argument(flag)
            >>> parser.suggestion("unrecognized arguments: --werr")
            ' (did you mean --wer?)'
            >>> parser.suggestion("unrecognized arguments: --ref x")
            ' (did you mean --reference or --reference-type?)'
        """
        if not message.startswith("unrecognized arguments: "):
            return ""
        from difflib import get_close_matches

        known = sorted({flag for action in self._actions for flag in action.option_strings})
        for arg in message[len("unrecognized arguments: ") :].split():
            flag = arg.partition("=")[0]
            if not flag.startswith("-") or flag in ("-", "--"):
                continue
            close = [k for k in known if k.startswith(flag)][:3] or get_close_matches(flag, known, n=1, cutoff=0.75)
            if close:
                return f" (did you mean {' or '.join(close)}?)"
        return ""

    def failures_note(self, message: str) -> str:
        """`` (the plugin X failed to load: ...)`` after an unknown flag or choice while plugins
        failed, since the name may be one of theirs; else what of the standard install is not
        installed (:func:`.plugins.missing_standard_note`; :meth:`error` leaves that out after a
        suggestion of a close flag: a typo, not a missing plugin).

        :example:
            >>> parser = ArgumentParser(prog="p", plugin_failures=["benchmarkstt-punct failed to load: E: x"])
            >>> parser.failures_note("unrecognized arguments: --cer")
            ' (the plugin benchmarkstt-punct failed to load: E: x)'
            >>> parser.plugin_failures.append("benchmarkstt-other failed to register metrics: E: y")
            >>> parser.failures_note("argument -rt: invalid choice: 'ttml'")
            ' (2 plugins failed: benchmarkstt-punct failed to load: E: x; benchmarkstt-other failed to register metrics: E: y)'
            >>> parser.failures_note("argument -r: expected one argument")
            ''
        """
        if not ("unrecognized arguments: " in message or "invalid choice: " in message):
            return ""
        if not self.plugin_failures:
            return missing_standard_note()
        if len(self.plugin_failures) == 1:
            return f" (the plugin {self.plugin_failures[0]})"
        return f" ({len(self.plugin_failures)} plugins failed: {'; '.join(self.plugin_failures)})"

    def format_help(self) -> str:
        """argparse's help; an argument group with a ``describe`` callable gets its description
        from it first (what only the help shows, and costs imports to know, is known then)."""
        for group in self._action_groups:
            describe = getattr(group, "describe", None)
            if describe is not None:
                group.description = describe()
        return super().format_help()

    def parse_args(self, args: Any = None, namespace: Any = None) -> argparse.Namespace:  # type: ignore[override]
        """As argparse's, but unrecognized arguments are reported by the subcommand's parser
        when a subcommand was given (its usage line, its flags to suggest)."""
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            parser: ArgumentParser = self
            for action in self._actions:
                if isinstance(action, argparse._SubParsersAction) and getattr(parsed, action.dest, None):
                    parser = action.choices[getattr(parsed, action.dest)]
            parser.error("unrecognized arguments: " + " ".join(extras))
        return parsed

    def error(self, message: str) -> NoReturn:
        """Print the short usage line and ``PROG: error: MESSAGE``; exit with status 2."""
        suggestion = self.suggestion(message)
        note = self.failures_note(message) if not suggestion or self.plugin_failures else ""
        self.exit(2, f"{self.short_usage()}\n{self.prog}: error: {redact(message)}{suggestion}{note}\n")


class ComponentAction(argparse.Action):
    """Collects ``(name, values)`` of a component flag in command-line order.

    How many values it takes, its usage and its help are read from the spec only when a parse
    of this flag or the help needs them: a run imports only the components it uses.
    """

    def __init__(self, option_strings: list, dest: str, *, spec: ComponentSpec, **kwargs: Any):
        self.spec = spec
        super().__init__(option_strings, dest, default=None, **kwargs)

    @property
    def nargs(self) -> Any:
        """``*`` for a component with parameters, else none."""
        return "*" if self.spec.max_args else 0

    @nargs.setter
    def nargs(self, value: Any) -> None:
        """Decided by the spec (argparse sets it in ``__init__``)."""

    @property
    def help(self) -> str:
        """The component's help (:func:`help_text`)."""
        return help_text(self.spec)

    @help.setter
    def help(self, value: Any) -> None:
        """Decided by the spec (argparse sets it in ``__init__``)."""

    @property
    def arg_usage(self) -> str:
        """The values as the usage line shows them (``[mode] [differ_class]``)."""
        return self.spec.usage

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        values = list(values or [])
        try:
            self.spec.check_args(values)
        except UsageError as exc:
            raise argparse.ArgumentError(self, str(exc)) from None
        if self.spec.kind == "metrics" and values and values[-1] == "":
            # a metric's options are modes, variants, numbers and differs: an empty last one (an
            # unset shell variable, "--wer $MODE") would silently be the default; empties before
            # a value keep their places ("--conformity netflix '' '' 2" sets the third parameter)
            param = self.spec.params[len(values) - 1].name
            raise argparse.ArgumentError(self, f"{param} is empty; leave it out for the default")
        values = self.spec.convert(values, where=option_string)[0]
        calls = getattr(namespace, self.dest, None) or []
        calls.append((self.spec.name, *values))
        setattr(namespace, self.dest, calls)


def help_text(spec: ComponentSpec) -> str:
    """A component's help: its description's paragraphs, then its documented parameters."""
    paragraphs = [spec.description or "(no description)"]
    params = [
        f"  {param_heading(spec, p)}{': ' + p.doc if p.doc else ''}"
        for p in spec.params
        if p.doc or spec.types.get(p.name)
    ]
    if params:
        paragraphs.append("\n".join(params))
    return "\n\n".join(paragraphs).replace("%", "%%")


def wrap_paragraphs(text: str, width: int = 78) -> str:
    """Wrap each paragraph of ``text`` (paragraphs are separated by blank lines)."""
    return "\n\n".join(textwrap.fill(" ".join(p.split()), width) for p in text.split("\n\n"))


def add_component_flags(group: Any, registry: Any, dest: str) -> None:
    """One ``--NAME`` flag per component of ``registry``, collected into ``dest`` (``None``
    when none is given, also when no plugin gives a component of that kind)."""
    group.set_defaults(**{dest: None})
    for spec in registry:
        # added as add_argument would, without its check of the usage (which reads the spec)
        group._add_action(ComponentAction(["--" + spec.name], dest, spec=spec))


def add_common_options(parser: argparse.ArgumentParser) -> None:
    """``--log-level``, ``--load`` and ``--help``."""
    parser.add_argument(
        "--log-level",
        type=str.lower,
        choices=LOG_LEVELS,
        default="warning",
        metavar="{" + ",".join(LOG_LEVELS) + "}",
        help="Set the logging output level",
    )
    parser.add_argument(
        "--load",
        nargs="+",
        metavar="MODULE_NAME",
        default=[],
        help="Load modules from the working directory that add components: plugin modules "
        "with hook implementations, or plain modules whose classes with normalize() "
        "or compare() become normalizers or metrics (e.g. --load myclasses)",
    )
    parser.add_argument("--help", action="help", help="Show this help message and exit")


def completion_argv() -> list:
    """While argcomplete asks for completions: the words typed so far, after the command."""
    import shlex  # only while completing

    line = os.environ.get("COMP_LINE", "")[: int(os.environ.get("COMP_POINT", "0") or 0)]
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
            values = [value] if equals else list(takewhile(lambda a: not a.startswith("-"), args[i + 1 :]))
            if values:
                pre.load = values
    return pre


def setup_logging(level: str) -> None:
    """Configure Python logging at ``level`` on stderr (at the default level Python's own
    last-resort handler already prints warnings, so logging is not even imported); a
    message's control characters are escaped (a name in it cannot forge a log line)."""
    if level in ("warn", "warning"):
        return
    escaped_logging(level)


def escaped_logging(level: str = "warning") -> None:
    """Python logging on stderr at ``level`` (unless it is set up already), each message's control
    characters and line breaks escaped: a file name, word or engine name in a message cannot
    forge a line or act on the terminal. A long-running command (the API server) sets it up at
    the default level too, before anything logs."""
    import logging  # only where something logs: see setup_logging

    class Printable(logging.Formatter):
        def formatMessage(self, record: logging.LogRecord) -> str:
            return printable(redact(super().formatMessage(record)))

    handler = logging.StreamHandler()
    handler.setFormatter(Printable("%(levelname)s:%(name)s: %(message)s"))
    level = {"warn": "warning", "fatal": "critical"}.get(level, level)
    logging.basicConfig(level=getattr(logging, level.upper(), logging.WARNING), handlers=[handler])


def say(prog: str, line: str) -> None:
    """One line on standard error from the command ``prog``, its names escaped (a file name
    cannot move the cursor or forge a line) and credentials in URLs redacted.

    :example:
        >>> import contextlib, io
        >>> with contextlib.redirect_stderr(io.StringIO()) as err:
        ...     say("benchmarkstt-tools corpus", "warning: ep" + chr(27) + "[2J.txt")
        >>> print(err.getvalue(), end="")
        benchmarkstt-tools corpus: warning: ep\\x1b[2J.txt
    """
    from benchmarkstt_core.redaction import redact

    sys.stderr.write(f"{prog}: {printable(redact(line))}\n")


def load_host(pre: argparse.Namespace) -> PluginHost:
    """The plugins (with ``--load`` modules) and their components; prints the warnings of
    broken or clashing ones."""
    host = make_plugin_manager(load=pre.load)
    host.registries  # noqa: B018 (registering components may warn too: name clashes)
    for message in host.messages:
        sys.stderr.write(f"benchmarkstt: warning: {printable(message)}\n")
    return host


def autocomplete(parser: argparse.ArgumentParser, registries: Registries | None = None) -> None:
    """Bash completion through argcomplete, when a completion is being asked for; component
    flags complete their values from ``registries`` (:mod:`.completion`)."""
    if "_ARGCOMPLETE" in os.environ:
        try:
            import argcomplete
        except ImportError:
            return
        if registries is not None:
            from .completion import add_completers

            add_completers(parser, registries)
        argcomplete.autocomplete(parser)


def guarded(prog: str, argv: Sequence[str], body: Callable[[argparse.Namespace], int]) -> int:
    """Run ``body(preparsed)``; turn any error into one ``PROG: error: ...`` line and an exit status.

    A traceback is shown only with ``--log-level debug`` or ``BENCHMARKSTT_PLUGIN_ERRORS=raise``.
    """
    pre = preparse(argv)

    def traceback_if_debug() -> None:
        if pre.log_level == "debug" or os.environ.get("BENCHMARKSTT_PLUGIN_ERRORS", "").lower() == "raise":
            import traceback  # only for a failure shown in debug

            traceback.print_exc()

    try:
        return body(pre)
    except BenchmarkSTTError as exc:
        traceback_if_debug()
        sys.stderr.write(f"{prog}: error: {printable(redact(str(exc)))}\n")
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
        sys.stderr.write(
            f"{prog}: error: unexpected failure: {printable(redact(str(exc))) or type(exc).__name__} "
            f"(run with --log-level debug for a traceback)\n"
        )
        return 1


def add_plugin_arguments(parser: Any, host: PluginHost) -> list:
    """Let plugins add options to a command that scores files (the ``add_benchmark_arguments``
    hook); return their ``dest`` names."""
    return [name for names in host.hook.add_benchmark_arguments(parser=parser, host=host) for name in names or ()]


def plugin_defaults(args: Any, names: list) -> dict:
    """The values given to the options plugins added: the defaults of the component parameters
    of their names.

    :example:
        >>> import argparse
        >>> plugin_defaults(argparse.Namespace(sound_labels="keep", other=None), ["sound_labels", "other"])
        {'sound_labels': 'keep'}
    """
    return {name: getattr(args, name) for name in names if getattr(args, name, None) is not None}
