"""Running engines on audio: what the cache holds is taken from it, the rest transcribed, in
parallel up to ``jobs`` worker processes, each finished file kept in the cache at once (so
that Ctrl-C loses only what was running, and the next run resumes).

:example:
    >>> job = Job("ps", "talk", "talk.wav")
    >>> job.engine, job.id, job.start is None
    ('ps', 'talk', True)
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Dict, Iterable, List, NamedTuple, Optional

from benchmarkstt_core.names import printable

from .cache import Cache, file_hash
from .engine import EngineError, EngineSpec, HasModelFiles, Interruptible, SendsFiles, create

#: the seconds Ctrl-C waits for the answers of the cloud engines' requests on their way
GRACE = 2.0
#: the engines a worker process made, by class path and options: a model is loaded once per process
_ENGINES: Dict[tuple, Any] = {}


class Job(NamedTuple):
    """One transcription to make: an engine (by name), the id of the file it writes, the audio
    and the time range in it (``None``: from the start, to the end)."""

    engine: str
    id: str
    audio: str
    start: Optional[float] = None
    end: Optional[float] = None


class Outcome(NamedTuple):
    """What became of a job: the cache entry (``output``, ``record``) or the error's
    message, whether the entry came from the cache, and for a failure that bad audio caused,
    its kind (:data:`~benchmarkstt_engines.audio.BAD_AUDIO`: ``truncated``, ``silent``...)."""

    job: Job
    entry: Optional[dict]
    error: Optional[str]
    cached: bool
    bad_audio: Optional[str] = None


def run_job(where: str, options: tuple, spec: EngineSpec, job: Job) -> dict:
    """Transcribe one job in this process (what a worker runs): the entry, or ``error`` (this
    file's, with ``bad_audio``, its kind, when the audio caused it), or ``fatal`` (the engine's:
    its library or model is missing)."""
    from benchmarkstt_core.registry import load_object
    from benchmarkstt_core.errors import BenchmarkSTTError

    from .engine import EngineError, transcribe

    engine = _ENGINES.get((where, options))
    try:
        if engine is None:
            engine = _ENGINES[(where, options)] = load_object(where)(**dict(options))
        output, record = transcribe(engine, spec, job.audio, job.id, job.start, job.end)
    except EngineError as exc:
        return {"fatal": f"--engine {spec.name}={spec.kind}: {exc}"}
    except BenchmarkSTTError as exc:
        return {"error": str(exc), "bad_audio": getattr(exc, "kind", None)}
    except Exception as exc:  # noqa: BLE001 - an engine's failure on a file is that file's error
        return {"error": f"{job.audio}: engine {spec.kind!r} failed: {type(exc).__name__}: {exc}"}
    return {"output": output, "record": record}


class Progress:
    """One line per engine on standard error when it is a terminal: files done, audio hours,
    time left (from the mean time per file transcribed so far). The lines stay one under the
    other: each update redraws the block in place, so no engine's line overwrites another's."""

    def __init__(self, totals: Dict[str, int], jobs: int, stream: Any = None):
        self.stream = stream or sys.stderr
        self.show = self.stream.isatty()
        self.totals, self.jobs = totals, jobs
        self.done = dict.fromkeys(totals, 0)
        self.audio = dict.fromkeys(totals, 0.0)
        self.busy = dict.fromkeys(totals, 0.0)
        self.ran = dict.fromkeys(totals, 0)
        self.drawn = False

    def line(self, name: str) -> str:
        """The progress line of engine ``name`` (the time left is known once it transcribed a file)."""
        left = self.totals[name] - self.done[name]
        if self.ran[name] or not left:
            eta = f"{self.busy[name] / self.ran[name] * left / self.jobs if self.ran[name] else 0.0:.0f} s left"
        else:
            eta = "time left known after the first file"
        return (
            f"transcribe: {printable(name)}: {self.done[name]}/{self.totals[name]} files, "
            f"{self.audio[name] / 3600:.3f} audio hours, {eta}"
        )

    def update(self, outcome: Outcome) -> None:
        """Count one finished job and redraw the engines' lines."""
        name = outcome.job.engine
        self.done[name] += 1
        if outcome.entry is not None:
            self.audio[name] += outcome.entry["record"]["audio_seconds"]
            if not outcome.cached:
                self.ran[name] += 1
                self.busy[name] += outcome.entry["record"]["wall_seconds"]
        self.draw()

    def draw(self) -> None:
        """Draw the engines' lines, over the ones drawn before."""
        if self.show:
            up = f"\x1b[{len(self.totals)}F" if self.drawn else ""
            self.stream.write(up + "".join(f"{self.line(n)}\x1b[K\n" for n in self.totals))
            self.stream.flush()
            self.drawn = True


def run_jobs(
    specs: Dict[str, EngineSpec],
    jobs_list: List[Job],
    registry: Any,
    cache: Cache,
    refresh: bool = False,
    jobs: int = 1,
    progress: Optional[Progress] = None,
    max_cost: Optional[float] = None,
    executor: Any = None,
    fatal_rows: bool = False,
) -> List[Outcome]:
    """Every job's outcome, in the order given: from ``cache`` unless ``refresh``, else
    transcribed (on ``executor`` when given, a :class:`concurrent.futures.Executor` such as a
    Dask client's; else in up to ``jobs`` worker processes, see :func:`in_workers`; a cloud engine's in
    ``concurrency`` threads) and kept in ``cache``, by this process only. With ``max_cost``, a run whose estimated
    cost for the jobs not in the cache exceeds it is refused before anything is sent.
    An engine that cannot run at all (:class:`EngineError`: its model cannot be loaded...) stops
    the run, keeping what finished; with ``fatal_rows`` (``corpus``) its files fail with the
    reason instead, and the other engines go on."""

    from .cloud import RUN_SETTINGS
    from .daemon_threads import DaemonThreads
    from .model_hash import models_hash

    engines = {name: create(registry, spec) for name, spec in specs.items()}
    wheres = {name: registry.get(spec.kind).where for name, spec in specs.items()}
    described = {
        name: {
            "kind": specs[name].kind,
            "model": engine.model_name(),
            "model_sha256": models_hash(engine.model_files()) if isinstance(engine, HasModelFiles) else "",
            "version": engine.version(),
            "revision": getattr(engine, "revision", 1),
            "options": {
                k: v
                for k, v in specs[name].public().items()
                if not (isinstance(engine, SendsFiles) and k in RUN_SETTINGS)
            },
        }
        for name, engine in engines.items()
    }
    hashes: Dict[str, str] = {}
    outcomes: Dict[int, Outcome] = {}
    todo: List[tuple] = []
    report = progress.update if progress else (lambda outcome: None)
    for n, job in enumerate(jobs_list):
        try:
            if job.audio not in hashes:
                hashes[job.audio] = file_hash(job.audio)
        except OSError as exc:
            outcomes[n] = Outcome(job, None, f"{job.audio}: cannot read it: {exc.strerror}", False)
            report(outcomes[n])
            continue
        key = cache.key(
            hashes[job.audio],
            described[job.engine],
            job.start,
            job.end,
            job.id if getattr(engines[job.engine], "names_files", False) else None,
        )
        entry = None if refresh else cache.get(key)
        if entry is not None:
            outcomes[n] = Outcome(job, entry, None, True)
            report(outcomes[n])
        else:
            todo.append((n, key, job))

    def finish(n: int, key: str, job: Job, result: dict) -> None:
        if "fatal" in result:
            if not fatal_rows:
                raise EngineError(result["fatal"])
            result = {"error": result["fatal"]}
        if "error" in result:
            outcomes[n] = Outcome(job, None, result["error"], False, result.get("bad_audio"))
        else:
            cache.put(key, result["output"], result["record"])
            outcomes[n] = Outcome(job, result, None, False)
        report(outcomes[n])

    if max_cost is not None:
        check_cost(max_cost, engines, [job for _, _, job in todo])
    if progress and todo:  # shown before the first file is done: that can take many minutes
        progress.draw()
    args = lambda job: (wheres[job.engine], specs[job.engine].options, specs[job.engine], job)  # noqa: E731
    cloud = [t for t in todo if isinstance(engines[t[2].engine], SendsFiles)]
    local = [t for t in todo if not isinstance(engines[t[2].engine], SendsFiles)]
    for name, engine in engines.items():
        mine = [t for t in cloud if t[2].engine == name]
        if mine:
            with DaemonThreads(engine.concurrency) as pool:
                in_pool(mine, args, finish, pool, interrupt_engines, until_fatal())
    if executor is not None and local:
        in_pool(local, args, finish, executor)
    elif local:
        in_workers(local, args, finish, jobs)
    return [outcomes[n] for n in range(len(jobs_list))]


def check_cost(max_cost: float, engines: Dict[str, Any], todo: List[Job]) -> None:
    """Refuse (a :class:`UsageError`) jobs whose estimated cost exceeds ``max_cost``: each
    engine's ``price_per_minute`` times the minutes of audio it has still to transcribe; a
    cloud engine without a price cannot be estimated and is refused too."""
    from benchmarkstt_core.errors import UsageError

    from .audio import AudioError, duration

    def seconds(job: Job) -> float:
        try:
            return duration(job.audio, job.start, job.end)
        except AudioError:  # not audio: it fails on its own, at no cost
            return 0.0

    total, parts = 0.0, []
    for name, engine in engines.items():
        mine = [job for job in todo if job.engine == name]
        if not mine or not isinstance(engine, SendsFiles):
            continue
        if engine.price_per_minute is None:
            raise UsageError(
                f"--max-cost: engine {name!r} has no price_per_minute= option: its cost cannot be estimated"
            )
        minutes = sum(seconds(job) for job in mine) / 60
        cost = minutes * engine.price_per_minute
        total += cost
        parts.append(
            f"{name}: {len(mine)} files, {minutes:.2f} audio minutes at {engine.price_per_minute:g} = {cost:.4f}"
        )
    if total > max_cost:
        raise UsageError(
            f"--max-cost {max_cost:g}: the estimated cost of the files not in the cache is "
            f"{total:.4f} ({'; '.join(parts)}); nothing was sent"
        )


def until_fatal() -> Callable[..., dict]:
    """:func:`run_job` for the threads of one cloud engine: once a job found that the engine
    cannot run (its container or bucket refused, its key refused...), the jobs that start
    after it answer the same without sending anything (every file would be refused alike;
    the thread that met it starts no other upload before this is known)."""
    fatal: List[dict] = []

    def run(*job_args: Any) -> dict:
        if fatal:
            return fatal[0]
        result = run_job(*job_args)
        if "fatal" in result:
            fatal.append(result)
        return result

    return run


def in_pool(
    todo: Iterable[tuple],
    args: Callable,
    finish: Callable,
    executor: Any,
    interrupt: Optional[Callable[[], None]] = None,
    run: Callable[..., dict] = run_job,
) -> None:
    """Run the jobs of ``todo`` on ``executor`` (a Dask client's executor, or threads for a
    cloud engine's, which wait on the network; ``run`` runs each), finishing each as it completes;
    on Ctrl-C or an engine that cannot run, the jobs not started are cancelled and what
    finished is kept. On Ctrl-C, ``interrupt`` (for threads in this process) stops the
    running jobs, whose results that come in within :data:`GRACE` seconds are kept too (a
    request still on its way is not waited for: see :mod:`.daemon_threads`)."""
    from concurrent.futures import FIRST_COMPLETED, wait

    running = {executor.submit(run, *args(job)): (n, key, job) for n, key, job in todo}
    try:
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                finish(*running.pop(future), future.result())
    except KeyboardInterrupt:
        if interrupt is not None:
            for future in running:
                future.cancel()
            interrupt()
            for future in wait(running, timeout=GRACE).done:
                if not future.cancelled() and "output" in future.result():
                    finish(*running[future], future.result())
        raise
    finally:
        for future in running:
            future.cancel()


def in_workers(todo: List[tuple], args: Callable, finish: Callable, jobs: int) -> None:
    """Run the local engines' jobs of ``todo`` in up to ``jobs`` worker processes (one for
    ``jobs`` 1 too: an engine decoding a file holds the process it runs in until it returns,
    so Ctrl-C could not stop it before the file's end), finishing each as it completes.
    Ctrl-C, SIGTERM and SIGHUP end the workers at once (the files they were transcribing are
    dropped, what finished is kept), then :func:`stopped_by` says so. An engine that cannot run
    stops them too."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, wait

    from benchmarkstt_core.stopping import ignore_sigint, sigint_held, signals_noted, stop_workers
    from benchmarkstt_core.workers import WorkerPool

    others = set(multiprocessing.active_children())  # a Python caller's own processes stay
    failure: Optional[BaseException] = None
    with signals_noted() as noted:
        with sigint_held():  # the workers are forked here (ignore_sigint runs in them after)
            pool = WorkerPool(min(jobs, len(todo)), initializer=ignore_sigint)
        try:
            running = {pool.submit(run_job, *args(job)): (n, key, job) for n, key, job in todo}
            while running and not noted:
                done, _ = wait(running, timeout=0.2, return_when=FIRST_COMPLETED)
                for future in done:
                    finish(*running.pop(future), future.result())
        except BaseException as exc:  # an engine that cannot run, or a pool a signal broke
            failure = exc
        if noted or failure is not None:
            stop_workers(others)
            pool.shutdown(wait=True, cancel_futures=True)
    if noted:
        stopped_by(noted[0])
    if failure is not None:
        raise failure
    pool.shutdown()


def stopped_by(signum: int) -> None:
    """After the workers are stopped: Ctrl-C raises :class:`KeyboardInterrupt` (the command's
    ``error: interrupted``, exit status 130); SIGTERM and SIGHUP an
    :class:`~benchmarkstt_core.stopping.Interrupted` saying so (exit status 143 and 129).

    :example:
        >>> import signal
        >>> stopped_by(signal.SIGTERM)
        Traceback (most recent call last):
        ...
        benchmarkstt_core.stopping.Interrupted: terminated (SIGTERM) while transcribing; what finished is in the cache
    """
    import signal

    from benchmarkstt_core.stopping import HOW, Interrupted

    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Interrupted(f"{HOW[signal.Signals(signum).name]} while transcribing; what finished is in the cache", signum)


def interrupt_engines() -> None:
    """Ctrl-C: every engine of this process that has outstanding vendor jobs stops polling
    and cancels them (see :meth:`~benchmarkstt_engines.cloud.CloudEngine.interrupt`); they
    are dropped, so that a later run in this process makes new ones."""
    for made, engine in list(_ENGINES.items()):
        if isinstance(engine, Interruptible):
            engine.interrupt()
            del _ENGINES[made]
