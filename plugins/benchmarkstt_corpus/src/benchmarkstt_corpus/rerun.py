"""``corpus --rerun RESULT.json``: what a record asks for, checked as data, never run as code.

A result travels (attached to a ticket, sent by a colleague), so its record is untrusted:
:func:`read_record` refuses a result whose ``record.invocation`` fields do not have their
types, naming the field; :func:`check_plugins` refuses a record that names a module to load
that is not an installed plugin (nothing a record names is ever imported: the plugins are the
installed ones, and ``--load`` modules are only those the user gives on the command line),
and refuses a record made with a plugin that is not installed; a plugin of another version
is a warning line. The rules and entity lists that run are the text the record holds
(:func:`recorded_files`), never the local files of those names; the inputs it names are read
only if they are regular files of at most :data:`MAX_FILE_SIZE` bytes; the scoring of one
recording may take :data:`TIME_LIMIT` seconds (a regular expression that backtracks for ever
ends the run with one error line).

:example:
    >>> check_invocation({"reference": ["ref"]}, "r.json")
    Traceback (most recent call last):
    ...
    benchmarkstt_core.errors.UsageError: --rerun 'r.json': record.invocation.reference: a string, not ['ref']
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Sequence

from benchmarkstt_core.errors import UsageError

from .pairing import engine_name
from .shape import Invocation, Record, Transcription, check

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost

#: the largest file (manifest, input) a record makes the tool read, and the longest text a
#: normalizer may make: the API's limit of an answer and of a normalizer's text
MAX_FILE_SIZE = 64 * 1024 * 1024
#: the seconds the scoring of one recording may take (the default time limit of an API request)
TIME_LIMIT = 60.0


def read_record(path: str) -> dict:
    """The JSON result at ``path`` with a checked ``record.invocation``, or one clear error."""
    from .result import FORMAT

    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise UsageError(f"--rerun {path!r}: cannot read it: {exc.strerror}") from None
    except ValueError as exc:
        raise UsageError(f"--rerun {path!r}: not JSON: {exc}") from None
    except RecursionError:
        raise UsageError(f"--rerun {path!r}: its JSON is nested too deeply to read") from None
    if (
        not isinstance(data, dict)
        or data.get("format") != FORMAT
        or not isinstance(data.get("record"), dict)
        or not isinstance(data["record"].get("invocation"), dict)
    ):
        raise UsageError(f"--rerun {path!r}: not a JSON result of benchmarkstt-tools corpus (-o json) with its record")
    check(data["record"], Record, f"--rerun {path!r}", "record")
    check(data.get("transcription") or {}, dict[str, Transcription], f"--rerun {path!r}", "transcription")
    check_invocation(data["record"]["invocation"], path)
    return data


def check_invocation(invocation: dict, path: str) -> dict:
    """``invocation`` if it has the shape of :class:`~benchmarkstt_corpus.shape.Invocation`
    and names something to score, else one line naming the field."""
    check(invocation, Invocation, f"--rerun {path!r}", "record.invocation")
    paths = {
        "reference": invocation["reference"],
        "manifest": invocation["manifest"],
        **{f"hypotheses.{k}": v for k, v in invocation["hypotheses"].items()},
    }
    for field, value in paths.items():
        if value and "\0" in value:
            raise UsageError(f"--rerun {path!r}: record.invocation.{field}: a path with a NUL character")
    if not invocation["manifest"] and not invocation["reference"]:
        raise UsageError(f"--rerun {path!r}: record.invocation: names neither a manifest nor a reference")
    for name, folder in invocation["hypotheses"].items():
        engine_name(name, f"--rerun {path!r}: record.invocation.hypotheses")
        if not folder:
            raise UsageError(f"--rerun {path!r}: record.invocation.hypotheses.{name}: an empty path")
    return invocation


def recorded_files(record: dict) -> tuple:
    """``(path, text)`` of every file the record's normalizers and metrics read whose text it
    holds (``normalization.files`` and ``metric_files``, checked by :func:`read_record`).

    :example:
        >>> recorded_files({"normalization": {"files": [{"path": "r.csv", "sha256": "aa", "text": "a,b"}]},
        ...                 "metric_files": [{"path": "e.json", "sha256": "bb"}]})
        (('r.csv', 'a,b'),)
    """
    files = [*(record.get("normalization") or {}).get("files", []), *record.get("metric_files", [])]
    return tuple((f["path"], f["text"]) for f in files if f.get("text") is not None)


def plugin_modules(host: PluginHost) -> set:
    """The modules of the installed plugins (as their entry points name them)."""
    return {r.origin.partition(":")[0] for r in host.records if not r.name.startswith("--load ")}


def check_plugins(record: dict, host: PluginHost, path: str, given: Sequence[str]) -> list:
    """Refuse a record that names a module to load that is neither an installed plugin nor
    given with ``--load`` now, or was made with a plugin that is not installed; the warning
    lines of plugins of another version."""
    installed = plugin_modules(host)
    for name in record["invocation"].get("load", []):
        if name not in given and name not in installed:
            raise UsageError(
                f"--rerun {path!r}: the record names module {name!r} to load, which is not an "
                f"installed plugin; a record never loads code (give --load {name} yourself if "
                f"you trust it)"
            )
    warnings = []
    for entry in record.get("plugins", []):
        if (
            not isinstance(entry, dict)
            or str(entry.get("name", "")).startswith("--load ")
            or entry.get("status") != "ok"
        ):
            continue
        now = host.record(str(entry.get("name")))
        if now is None or now.status != "ok":
            raise UsageError(
                f"--rerun {path!r}: the record was made with plugin {entry.get('name')!r} "
                f"({entry.get('distribution')} {entry.get('version')}), which is not installed "
                f"here"
            )
        if str(entry.get("version")) != now.version:
            warnings.append(
                f"plugin {now.name} ({now.distribution}) was {entry.get('version')} when recorded, is {now.version} now"
            )
    return warnings
