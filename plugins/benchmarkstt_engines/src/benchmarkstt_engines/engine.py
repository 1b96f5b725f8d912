"""What every engine shares: its options from ``NAME=KIND:KEY=VALUE,...``, its record, and
one timed transcription.

An engine is a class registered with ``register_engines``; its ``__init__`` parameters are its
options (all keyword, with defaults); it has ``rate`` (the sample rate it wants),
``model_name()``, ``version()`` (its library's version), ``load()`` (loads its model once) and
``transcribe(audio, name, offset) -> Output`` (its own output for
:class:`~benchmarkstt_engines.audio.Audio` and the extension of the file it goes into);
``names_files = True`` when that output holds ``name`` (then part of the cache key). A local
engine has ``model_files()`` (the files or folders of its model, hashed into the cache key) and
``revision`` (a number bumped when the way this plugin runs its library changes, so that the
cache's older entries are not used); each file is decoded from the same state of the engine,
whatever it decoded before. A cloud engine has ``concurrency`` (files sent at once) and
``price_per_minute`` (:class:`SendsFiles`), and may be stopped on Ctrl-C (``interrupt()``,
:class:`Interruptible`); the attributes the engines plugin looks for are these Protocols.

:example:
    >>> parse_engine_spec("fw=faster-whisper:model=small,language=en")
    EngineSpec(name='fw', kind='faster-whisper', options=(('language', 'en'), ('model', 'small')))
    >>> public_options({"model": "base", "api_key": "s3cret"})
    {'model': 'base'}
    >>> masked("oa=openai:api_key=s3cret,model=whisper-1")
    'oa=openai:api_key=***,model=whisper-1'
    >>> public_options({"base_url": "http://me:s3cret@127.0.0.1/v1?token=t"})
    {'base_url': 'http://***@127.0.0.1/v1?token=***'}
"""

from __future__ import annotations

import re
import time
from typing import Any, NamedTuple, Optional, Protocol, runtime_checkable

from benchmarkstt_core.errors import BenchmarkSTTError, UsageError
from benchmarkstt_core.redaction import redact

#: option names whose values are secrets: never in a record, cache key, log or message
SECRET = re.compile(r"key|secret|token|password|credential", re.IGNORECASE)
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")


class EngineError(BenchmarkSTTError):
    """An engine that cannot run: its library or model is missing, or it failed on a file."""


class EngineSpec(NamedTuple):
    """``--engine NAME=KIND[:KEY=VALUE,...]``: the engine's name in the outputs, its kind
    (a registered engine) and its options (sorted)."""

    name: str
    kind: str
    options: tuple

    def public(self) -> dict:
        """The options without secrets."""
        return public_options(dict(self.options))


def masked(text: str) -> str:
    """An ``--engine`` value with the values of secret options and the credentials in URLs
    replaced by ``***``, for messages."""
    kind, colon, opts = text.partition(":")
    if not colon:
        return redact(text)
    items = [item.partition("=") for item in opts.split(",")]
    return redact(
        kind + colon + ",".join(key + eq + ("***" if eq and SECRET.search(key) else value) for key, eq, value in items)
    )


def parse_engine_spec(text: str) -> EngineSpec:
    """Parse ``NAME=KIND[:KEY=VALUE[,KEY=VALUE...]]``; a :class:`UsageError` naming the
    argument (its secret values masked) when it does not fit."""
    where = f"--engine {masked(text)!r}"
    name, eq, rest = text.partition("=")
    if not eq or not NAME.match(name):
        raise UsageError(
            f"{where}: expected NAME=KIND[:KEY=VALUE,...] with a NAME of letters, "
            f"digits, '.', '_' or '-' (e.g. ps=pocketsphinx)"
        )
    kind, _, opts = rest.partition(":")
    if not kind:
        raise UsageError(f"{where}: no engine kind after {name}=")
    options = {}
    for item in filter(None, opts.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise UsageError(f"{where}: option {item!r} is not KEY=VALUE")
        if key in options:
            raise UsageError(f"{where}: option {key!r} given twice")
        options[key] = value
    return EngineSpec(name, kind, tuple(sorted(options.items())))


def public_options(options: dict) -> dict:
    """``options`` without the ones whose names say they are secrets (keys, tokens...), and
    the credentials in URLs redacted (``base_url=https://user:secret@host/?api_key=...``)."""
    return {k: redact(v) if isinstance(v, str) else v for k, v in options.items() if not SECRET.search(k)}


def flag(value: Any, option: str) -> bool:
    """An option's ``true``/``false`` value.

    :example:
        >>> flag("yes", "offline"), flag(False, "offline")
        (True, False)
    """
    if isinstance(value, bool):
        return value
    text = str(value).lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise UsageError(f"engine option {option}={value!r}: expected true or false")


def library_version(distribution: str) -> str:
    """The installed version of ``distribution``."""
    from importlib.metadata import version

    return version(distribution)


def installed_version(distribution: str) -> str:
    """The version of ``distribution``, or ``not installed``.

    :example:
        >>> installed_version("no-such-distribution")
        'not installed'
    """
    from importlib.metadata import PackageNotFoundError

    try:
        return library_version(distribution)
    except PackageNotFoundError:
        return "not installed"


@runtime_checkable
class SendsFiles(Protocol):
    """A cloud engine: its files are sent on ``concurrency`` threads (its run settings are no
    part of its record), at ``price_per_minute`` (``None``: unknown) for ``--max-cost``."""

    concurrency: int
    price_per_minute: Optional[float]


@runtime_checkable
class Interruptible(Protocol):
    """An engine that stops polling and cancels its outstanding vendor jobs on Ctrl-C."""

    def interrupt(self) -> list:
        """The jobs it cancelled."""
        ...


@runtime_checkable
class HasModelFiles(Protocol):
    """A local engine whose model's files or folders are hashed into its cache key."""

    def model_files(self) -> list:
        """The model's files or folders on this machine."""
        ...


class ModelEngine:
    """What the engines whose library loads a model by name or path share: ``model`` (the
    name or path given, or ``pkg:MODULE``: see :mod:`.model_packages`), the model loaded on
    first use into ``_model``, the version of ``distribution``, 16 kHz audio."""

    #: the engine's kind (``--engine NAME=KIND``)
    name = ""
    #: where a model goes, for the error of one that cannot be loaded
    where = ""
    distribution = ""
    rate = 16000
    model = ""
    revision = 1
    _model: Any = None

    def model_name(self) -> str:
        """The model name or path, as given."""
        return self.model

    def model_path(self) -> str:
        """The model as the library takes it: ``pkg:MODULE`` as the folder its package holds."""
        from .model_packages import resolve_model

        return resolve_model(self.model)

    def model_files(self) -> list:
        """The model's file or folder when it is on this machine (a name the library looks up
        in its own cache or downloads has none)."""
        import os

        path = self.model_path()
        return [path] if os.path.exists(path) else []

    def version(self) -> str:
        """The library's version (``not installed`` without it)."""
        return installed_version(self.distribution)


def missing_library(kind: str, module: str, extra: str) -> EngineError:
    """The error of an engine whose library is not installed, naming the extra to install.

    :example:
        >>> print(missing_library("vosk", "vosk", "vosk"))
        engine 'vosk' needs the Python module 'vosk': pip install 'benchmarkstt-engines[vosk]'
    """
    return EngineError(
        f"engine {kind!r} needs the Python module {module!r}: pip install 'benchmarkstt-engines[{extra}]'"
    )


def create(registry: Any, spec: EngineSpec) -> Any:
    """The engine ``spec`` names, built with its options; a :class:`UsageError` naming the
    ``--engine`` for an unknown kind or option, or an option's value the engine refuses.

    :example:
        >>> from benchmarkstt_core.plugins import make_plugin_manager
        >>> engines = make_plugin_manager().registries.engines
        >>> create(engines, parse_engine_spec("oa=openai:timeout=soon"))
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: --engine oa=openai: engine option timeout='soon': expected a number above 0
    """
    component = registry.get(spec.kind)
    known = [p.name for p in component.params]
    where = f"--engine {spec.name}={spec.kind}"
    for key, _ in spec.options:
        if key not in known:
            raise UsageError(f"{where}: unknown option {key!r} (options of {spec.kind}: {', '.join(known) or 'none'})")
    try:
        return component.cls(**dict(spec.options))
    except UsageError as exc:  # which of the engines given has that option
        raise UsageError(f"{where}: {exc}") from None


class Output(NamedTuple):
    """An engine's own output for one file, and the extension of the file it is written to."""

    text: str
    extension: str


class Transcription(NamedTuple):
    """One engine's output for one audio file (or time range) and its record."""

    output: str
    record: dict


def transcribe(
    engine: Any, spec: EngineSpec, path: str, name: str, start: Optional[float] = None, end: Optional[float] = None
) -> Transcription:
    """Decode ``path`` for ``engine`` and transcribe it, timing the engine alone: ``name`` is
    the file id written into outputs that carry one (CTM)."""
    from .audio import decode

    audio = decode(path, engine.rate, start, end)
    engine.load()  # once per process: not part of any file's processing time
    wall, cpu = time.perf_counter(), time.process_time()
    output = engine.transcribe(audio, name, start or 0.0)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    record = {
        "kind": spec.kind,
        "model": engine.model_name(),
        "version": engine.version(),
        "options": spec.public(),
        "extension": output.extension,
        "audio_seconds": audio.seconds,
        "wall_seconds": wall,
        "cpu_seconds": cpu,
    }
    return Transcription(output.text, record)
