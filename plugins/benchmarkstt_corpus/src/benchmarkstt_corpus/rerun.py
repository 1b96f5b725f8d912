"""``corpus --rerun RESULT.json``: what a record asks for, checked as data, never run as code.

A result travels (attached to a ticket, sent by a colleague), so its record is untrusted:
:func:`read_record` refuses a result whose ``record.invocation`` fields do not have their
types, naming the field; :func:`check_plugins` refuses a record that names a module to load
that is not an installed plugin (nothing a record names is ever imported: the plugins are the
installed ones, and ``--load`` modules are only those the user gives on the command line),
and refuses a record made with a plugin that is not installed; a plugin of another version
is a warning line.

:example:
    >>> check_invocation({"reference": ["ref"]}, "r.json")
    Traceback (most recent call last):
    ...
    benchmarkstt_core.errors.UsageError: --rerun 'r.json': record.invocation.reference: a string or null, not ["ref"]
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Sequence

from benchmarkstt_core.errors import UsageError

from .pairing import engine_name

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost

NOTHING = type(None)
# field: (accepted types, what to call them)
FIELDS = {
    "reference": ((str, NOTHING), "a string or null"), "hypotheses": ((dict,), "an object of names and paths"),
    "manifest": ((str, NOTHING), "a string or null"), "reference_type": ((str,), "a string"),
    "hypothesis_type": ((str,), "a string"), "normalizers": ((list,), "a list of calls"),
    "metrics": ((list,), "a list of calls"), "load": ((list,), "a list of module names"),
    "alignments": ((bool,), "true or false"), "seed": ((int,), "a whole number"),
    "resamples": ((int,), "a whole number"), "level": ((int, float), "a number"), "alpha": ((int, float), "a number"),
    "ranking_test": ((str,), "a string"),
}
#: fields that records made before they existed lack (their defaults apply then)
OPTIONAL = {
    "on_missing": ((str,), "a string"), "allow_unpaired": ((bool,), "true or false"),
    "split_by_time": ((int, float, NOTHING), "a number or null"),
    "options": ((dict,), "an object of option names and values"),
}


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
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("record"), dict) \
            or not isinstance(data["record"].get("invocation"), dict):
        raise UsageError(f"--rerun {path!r}: not a JSON result of benchmarkstt-tools corpus "
                         f"(-o json) with its record")
    check_invocation(data["record"]["invocation"], path)
    return data


def _calls_problem(calls: list) -> str | None:
    for n, call in enumerate(calls):
        if not isinstance(call, list) or not call or not isinstance(call[0], str) \
                or not all(isinstance(a, (str, int, float, bool)) for a in call[1:]):
            return f"[{n}]: a list of a name and its arguments, not {json.dumps(call)[:40]}"
    return None


def check_invocation(invocation: dict, path: str) -> dict:
    """``invocation`` if every field the rerun reads has its type, else one line naming it
    (in the order of :data:`FIELDS`)."""
    for field, (types, what) in {**FIELDS, **OPTIONAL}.items():
        if field not in invocation:
            if field in OPTIONAL:
                continue
            raise UsageError(f"--rerun {path!r}: record.invocation.{field}: missing")
        value = invocation[field]
        bad = isinstance(value, bool) and bool not in types or not isinstance(value, types)
        if not bad and field in ("normalizers", "metrics"):
            problem = _calls_problem(value)
            if problem:
                raise UsageError(f"--rerun {path!r}: record.invocation.{field}{problem}")
        if not bad and field == "load":
            bad = not all(isinstance(v, str) for v in value)
        if not bad and field == "options":
            bad = not all(isinstance(v, (str, int, float, bool, NOTHING)) for v in value.values())
        if not bad and field == "hypotheses":
            bad = not all(isinstance(v, str) for v in value.values())
        if bad:
            raise UsageError(f"--rerun {path!r}: record.invocation.{field}: {what}, not {json.dumps(value)[:40]}")
    paths = {"reference": invocation["reference"], "manifest": invocation["manifest"],
             **{f"hypotheses.{k}": v for k, v in invocation["hypotheses"].items()}}
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
            raise UsageError(f"--rerun {path!r}: the record names module {name!r} to load, which is not an "
                             f"installed plugin; a record never loads code (give --load {name} yourself if "
                             f"you trust it)")
    warnings = []
    for entry in record.get("plugins", []):
        if not isinstance(entry, dict) or str(entry.get("name", "")).startswith("--load ") \
                or entry.get("status") != "ok":
            continue
        now = host.record(str(entry.get("name")))
        if now is None or now.status != "ok":
            raise UsageError(f"--rerun {path!r}: the record was made with plugin {entry.get('name')!r} "
                             f"({entry.get('distribution')} {entry.get('version')}), which is not installed "
                             f"here")
        if str(entry.get("version")) != now.version:
            warnings.append(f"plugin {now.name} ({now.distribution}) was {entry.get('version')} when recorded, "
                            f"is {now.version} now")
    return warnings
