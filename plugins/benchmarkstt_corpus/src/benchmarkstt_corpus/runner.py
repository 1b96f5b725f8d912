"""Running the items of a corpus: in this process, on a local process pool, or on Dask.

Items go out in small batches through a bounded window (a few batches per worker), and
results are folded into the :class:`~benchmarkstt_corpus.result.Aggregator` as they come
back, so the client holds the small rows and never the texts. Workers read the files
themselves. Ctrl-C, SIGTERM and SIGHUP stop the work, its workers and their temporary
folders, and :class:`Interrupted` says how far it got (exit status 128 + the signal's
number: 130 for Ctrl-C).

:example:
    >>> list(batches(list(range(5)), 2))
    [[0, 1], [2, 3], [4]]
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import tempfile
import threading
import time
from concurrent.futures import FIRST_COMPLETED, wait
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

from benchmarkstt_core.errors import BenchmarkSTTError, UsageError
from benchmarkstt_core.stopping import (
    HOW,
    Interrupted,
    Stopped,
    ignore_sigint,
    sigint_held,
    signals_noted,
    stop_signals_held,
    stop_workers,
)
from benchmarkstt_core.workers import WorkerPool

from . import stats
from .scoring import Batch, score_batch


def interrupted(stop: KeyboardInterrupt, done: int, total: int) -> Interrupted:
    """The one-line error of a run that ``stop`` ended after ``done`` of ``total`` items.

    :example:
        >>> import signal
        >>> error = interrupted(Stopped(signal.SIGTERM), 3, 10)
        >>> str(error), error.exit_code
        ('terminated (SIGTERM) after 3 of 10 files; nothing was written', 143)
    """
    signum = getattr(stop, "signum", signal.SIGINT)
    return Interrupted(f"{HOW[signal.Signals(signum).name]} after {done} of {total} files; nothing was written", signum)


def batches(items: Sequence, size: int) -> Iterator[Sequence]:
    """``items`` cut into slices of ``size``, each made when it is asked for (a slice of
    :class:`~benchmarkstt_corpus.pairing.PairedItems` is columns, its items made where it
    is scored)."""
    return (items[i : i + size] for i in range(0, len(items), size))


#: items per task at most on local workers (the window of tasks in flight stays small, and a
#: task fits the pipe's buffer to be sent ahead: ``WorkerPool(send_ahead=True)``)
LOCAL_TASK = 32
#: items per task at most on Dask, where a task costs tens of milliseconds of CPU time between
#: the client, the scheduler and the worker whatever its size: at 100,000 small files x 2
#: engines, tasks of 32 made ``--dask-local 2`` take 1.87x ``--jobs 1``'s wall time
DASK_TASK = 1024


def batch_size(count: int, workers: int, most: int = LOCAL_TASK) -> int:
    """Items per task: about eight tasks per worker, at most ``most`` items each.

    :example:
        >>> batch_size(100, 2), batch_size(1000, 2), batch_size(10 ** 5, 16), batch_size(10 ** 5, 2, DASK_TASK)
        (6, 32, 32, 1024)
    """
    return max(1, min(most, count // max(1, workers * 8)))


class Progress:
    """``done/total files, rate, time left`` on one line of a terminal; silent elsewhere.

    :param total: the number of items
    :param stream: where to write (default: standard error, only if it is a terminal)
    """

    def __init__(self, total: int, stream: Any = None):
        stream = stream if stream is not None else sys.stderr
        self.stream = stream if stream.isatty() else None
        self.total = total
        self.start = time.monotonic()
        self.shown = 0.0

    def update(self, done: int) -> None:
        """Show ``done`` items finished (at most five times a second)."""
        if self.stream is None:
            return
        now = time.monotonic()
        if now - self.shown < 0.2 and done < self.total:
            return
        self.shown = now
        elapsed = max(now - self.start, 1e-9)
        rate = done / elapsed
        left = (self.total - done) / rate if rate else 0
        self.stream.write(f"\r{done}/{self.total} files, {rate:.1f} files/s, {left:.0f} s left ")
        self.stream.flush()

    def close(self) -> None:
        """Clear the line."""
        if self.stream is not None:
            self.stream.write("\r\033[K")
            self.stream.flush()


def run_local(spec: Any, items: Sequence, jobs: int, take: Callable, checker: Any = None) -> None:
    """Score ``items`` on ``jobs`` local processes (in this process when ``jobs`` is 1, in the
    batches a worker gets: a batch's set-up is paid once for its items); ``checker``: the
    :class:`~benchmarkstt_corpus.scoring.Scorer` that checked the run, which scores in this
    process (it is not built twice)."""
    if jobs <= 1:
        for batch in batches(items, batch_size(len(items), 1)):
            for scored in score_batch(spec, batch, checker):
                take(scored)
        return

    others = set(multiprocessing.active_children())  # a Python caller's own processes stay
    # a stop signal is only noted (see signals_noted), as for Dask: raised anywhere in this
    # process, inside the pool's locks and threads, it could leave its shutdown waiting
    # forever; the scheduling loop sees it within 0.2 s and the pool is stopped from a known state
    with signals_noted() as noted:
        with sigint_held():  # the workers are forked here (ignore_sigint runs in them after)
            workers = min(jobs, -(-len(items) // batch_size(len(items), jobs)))
            pool = WorkerPool(workers, initializer=ignore_sigint, send_ahead=True)  # short batches
        try:
            schedule(pool, spec, items, jobs, take, noted=noted)
        except BaseException:
            stop_workers(others)
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        if noted:
            stop_workers(others)
            pool.shutdown(wait=True, cancel_futures=True)
    if noted:
        raise Stopped(noted[0])
    pool.shutdown()


def schedule(
    executor: Any,
    spec: Any,
    items: Sequence,
    workers: int,
    take: Callable,
    noted: list | None = None,
    most: int = LOCAL_TASK,
) -> set:
    """Score ``items`` in batches of at most ``most`` (:func:`batch_size`) on ``executor`` (a
    :class:`concurrent.futures.Executor`: a local process pool, or a Dask client's
    ``get_executor()``), keeping three batches per worker in flight, and ``take`` every scored
    item as its batch completes; meanwhile a thread imports what the statistics after them use
    (:func:`~.stats.load_modules`). With
    ``noted`` (of :func:`signals_noted`), it looks at that list five times a second and
    returns as soon as a signal is in it, with the futures still pending (none when every
    item was taken)."""
    work = iter(batches(items, batch_size(len(items), workers, most)))
    every = None if noted is None else 0.2

    def submit(count: int) -> set:
        return {executor.submit(score_batch, spec, Batch(batch)) for batch in window(work, count)}

    pending = submit(3 * workers)
    # the statistics' modules (0.1 s of imports) load while the workers score, not after them
    loading = threading.Thread(target=stats.load_modules, name="benchmarkstt-statistics", daemon=True)
    loading.start()
    try:
        while pending and not noted:
            done, pending = wait(pending, timeout=every, return_when=FIRST_COMPLETED)
            for future in done:
                for scored in future.result():
                    take(scored)
                pending |= submit(1)
    finally:
        loading.join()
    return pending


def window(work: Iterator, count: int) -> list:
    """The next ``count`` batches of ``work`` (fewer at its end)."""
    out = []
    for batch in work:
        out.append(batch)
        if len(out) == count:
            break
    return out


def dask_client(scheduler: str | None, local_workers: int | None, scratch: str, children: bool = False) -> tuple:
    """``(client, cluster)``: a client of the scheduler at ``scheduler``, or of a new
    ``LocalCluster`` of ``local_workers`` single-threaded processes on 127.0.0.1 whose
    workers keep their files under ``scratch`` (and may start processes: ``children``)."""
    try:
        import logging

        from distributed import Client, LocalCluster
    except ImportError:
        raise UsageError("--scheduler and --dask-local need Dask: pip install 'benchmarkstt-corpus[dask]'") from None
    if scheduler:
        try:
            return Client(scheduler, timeout=10), None
        except (OSError, TimeoutError) as exc:
            raise BenchmarkSTTError(f"--scheduler {scheduler}: cannot connect: {exc}") from None
    import dask

    with dask.config.set(local_cluster_config(scratch, children)), stop_signals_held():
        # no dashboard, and the scheduler's HTTP server on a free port (by default it tries 8787,
        # and warns on standard error when another cluster has it); no worker's log on standard
        # error: a task's error (a record's regex over the time limit) is this process's one line
        cluster = LocalCluster(
            n_workers=local_workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            silence_logs=logging.CRITICAL,
        )
        # silence_logs holds the handlers' level only until the cluster's close lifts it, and the
        # scheduler (in this process) then logs its connections closing, a traceback after a
        # stop: this process's "distributed" logger says nothing below CRITICAL from here on
        logging.getLogger("distributed").setLevel(logging.CRITICAL)
        return Client(cluster), cluster


def local_cluster_config(scratch: str, children: bool = False) -> dict:
    """Dask settings for ``--dask-local``: a cluster that only lives for one run on this
    machine needs no profiler and fewer monitors, whose periodic work would take CPU from the
    workers (measured in docs/performance.md); a forkserver starts the workers faster than
    spawning a fresh Python for each, where it exists (not on Windows); with ``children`` the
    workers are not daemonic processes, so that they can score in a child process under a
    time limit (:func:`~benchmarkstt_corpus.scoring.in_child`; otherwise daemonic, so that
    they end with this process); the workers' files go under ``scratch`` (a temporary folder of the run's, removed however it ends)."""
    config = {
        "temporary-directory": scratch,
        "distributed.worker.profile.enabled": False,  # samples every worker's stack every 10 ms
        "distributed.admin.system-monitor.interval": "5s",
        "distributed.admin.system-monitor.gil.enabled": False,
        "distributed.worker.memory.monitor-interval": "1s",
        "distributed.admin.tick.interval": "1s",
        "distributed.scheduler.work-stealing": False,  # tasks are queued on the scheduler anyway
        # a worker may start a process: with a time limit it scores in a child (scoring.in_child)
        "distributed.worker.daemon": not children,
    }
    if "forkserver" in multiprocessing.get_all_start_methods():
        config["distributed.worker.multiprocessing-method"] = "forkserver"
    return config


def run_dask(spec: Any, items: Sequence, scheduler: str | None, local_workers: int | None, take: Callable) -> None:
    """Score ``items`` on a Dask cluster; results stream back as they complete. A stop signal
    is only noted while Dask runs (see :func:`signals_noted`): the scheduling loop sees it,
    the tasks in flight are cancelled and settle (a result being fetched when the cluster
    closed would print its own traceback), the client and the cluster are closed, and
    :class:`Stopped` is raised here."""
    with signals_noted() as noted:
        with dask_executor(scheduler, local_workers, children=bool(spec.time_limit)) as (executor, workers):
            if not noted:
                left = schedule(executor, spec, items, workers, take, noted=noted, most=DASK_TASK)
                if left:  # stopped: the client logs each cancelled task's callback as an error
                    import logging

                    logging.getLogger("tornado.application").setLevel(logging.CRITICAL)
                executor.shutdown(wait=False)
                wait(left, timeout=10)
    if noted:
        raise Stopped(noted[0])


@contextmanager
def dask_executor(scheduler: str | None, local_workers: int | None, children: bool = False) -> Iterator[tuple]:
    """``(executor, workers)``: a :class:`concurrent.futures.Executor` of a Dask client (of
    the scheduler at ``scheduler``, or of a local cluster of ``local_workers`` processes
    keeping their files in a temporary folder) and the number of its workers; the client
    (and the local cluster) closed on leaving. What other plugins use to run their own
    tasks on the cluster the corpus uses (the engines plugin's transcription)."""
    with tempfile.TemporaryDirectory(prefix="benchmarkstt-dask-") as scratch:
        client, cluster = dask_client(scheduler, local_workers, scratch, children)
        try:
            workers = max(1, len(client.scheduler_info().get("workers", {})) or (local_workers or 1))
            yield client.get_executor(pure=False), workers
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
