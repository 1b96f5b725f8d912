"""The engines plugin's public API: what another plugin may import to run engines and use
their cache, as the ``transcribe`` command does (the live plugin streams recordings through
it). These names keep their meaning within the plugin's major version (a plugin that uses
them declares ``benchmarkstt-engines>=2.0,<3``); the plugin's other modules are its own.

Running engines on files:

- :func:`add_engine_arguments`: ``--engine``, ``--cache``, ``--refresh``, ``--max-cost``;
- :func:`engine_specs`: the ``--engine`` values by name, their kinds checked;
  :func:`create`: the engine a spec names (its options checked);
- :func:`cache_of`: the transcript cache ``--cache`` names;
- :class:`Job`, :func:`run_jobs`, :class:`Outcome`: transcribe, from the cache when it has
  it, keeping each finished file in it (Ctrl-C keeps what finished);
- :func:`audio_files`: the audio files of paths and folders, by id;
- :func:`write_output`: write a file whole (renamed into place), or not at all.

Writing an engine (a class registered by the ``register_engines`` hook, see
docs/plugins.md): its ``transcribe(audio, name, offset)`` gets the :class:`Audio` that
:func:`decode` makes and returns an :class:`Output`; :class:`EngineError` is a failure of the
engine itself (its library or model missing, its key refused: the run stops),
:func:`missing_library` names the extra that installs a library, :func:`installed_version`
the version of a distribution.

Calling a vendor: :class:`Transient` is a failure worth another try (``wait``: the
vendor's ``Retry-After``), :class:`VendorFailed` this file's failure with the vendor's
message; :func:`backoff` is the wait before a retry (1 s, 2 s, 4 s... times a jitter),
:func:`retry_after` reads ``Retry-After``, :func:`positive` checks a numeric option.

:example:
    >>> from benchmarkstt_engines import api
    >>> spec = api.parse_engine_spec("ps=pocketsphinx:chunk=0.5")
    >>> spec.name, spec.kind, dict(spec.options)
    ('ps', 'pocketsphinx', {'chunk': '0.5'})
    >>> api.backoff(2, 1.0, random=lambda: 0.5)
    4.0
"""

from __future__ import annotations

from .audio import Audio, decode
from .cloud import Transient, VendorFailed, backoff, positive, retry_after
from .command import add_engine_arguments, cache_of, engine_specs, write_output
from .engine import EngineError, EngineSpec, Output, create, installed_version, missing_library, parse_engine_spec
from .jobs import Job, Outcome, run_jobs
from .sources import audio_files

__all__ = [
    "Audio",
    "EngineError",
    "EngineSpec",
    "Job",
    "Outcome",
    "Output",
    "Transient",
    "VendorFailed",
    "add_engine_arguments",
    "audio_files",
    "backoff",
    "cache_of",
    "create",
    "decode",
    "engine_specs",
    "installed_version",
    "missing_library",
    "parse_engine_spec",
    "positive",
    "retry_after",
    "run_jobs",
    "write_output",
]
