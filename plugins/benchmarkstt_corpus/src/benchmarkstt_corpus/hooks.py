"""The hooks of benchmarkstt-corpus, which other plugins implement to give ``corpus`` files it
does not read from folders (the engines plugin's ``--audio`` and ``--engine``). Declared by
this plugin (the core's ``add_hooks``), not by the core: only the corpus calls them. An
implementation is marked ``@hookimpl(optionalhook=True)``, so that its plugin loads without
this one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ContextManager, Optional

from benchmarkstt_core.hookspecs import hookspec

if TYPE_CHECKING:  # pragma: no cover
    from benchmarkstt_core.plugins import PluginHost


@hookspec
def add_corpus_arguments(parser: Any, host: PluginHost) -> None:
    """Add arguments to ``benchmarkstt-tools corpus`` that name other sources of its files
    (e.g. ``--audio`` and ``--engine``), read back by :func:`corpus_sources`."""


@hookspec
def corpus_sources(
    args: Any, host: PluginHost, cluster: Optional[Callable[[], ContextManager[tuple]]]
) -> Optional[dict]:
    """Before ``corpus`` pairs its files: turn the arguments this plugin added into folders.

    ``cluster`` is ``None`` when the corpus runs on local processes (``--jobs``); with
    ``--scheduler`` or ``--dask-local`` it is what runs tasks on the Dask cluster the corpus
    uses: ``with cluster() as (executor, workers):`` gives a
    :class:`concurrent.futures.Executor` and its number of workers (a ``--dask-local`` cluster
    lives inside the ``with`` only).

    Return ``None`` when none of the arguments was given, else a dict: ``hypotheses`` (engine
    name -> folder, scored as ``--hypothesis NAME=FOLDER``), optionally ``reference`` (a
    folder, used when ``--reference`` is not given) and ``engines`` (engine name -> what the
    result and its tables report of how the files were made: ``kind``, ``model``, ``version``,
    ``options``, ``audio_seconds``, ``processing_seconds``, ``real_time_factor``,
    ``cpu_hours_per_audio_hour``, ``failed``...).
    """
