"""What the engines of cloud vendors (and self-hosted servers speaking their APIs) share:
retries with exponential backoff and jitter on 429, 5xx, timeouts and broken answers
(honouring ``Retry-After``), a time limit per file, bounded polling of long jobs, a vendor's
failed job as that file's error with the vendor's message, secrets kept out of every message,
and an estimated cost from ``price_per_minute``.

The SDKs' own retries are switched off (openai's ``max_retries=0``...): :func:`with_retries`
alone decides, so that one time limit and one backoff policy hold for every vendor.

:example:
    >>> backoff(0, 1.0, random=lambda: 0.5), backoff(3, 1.0, random=lambda: 0.5)
    (1.0, 8.0)
    >>> retry_after({"Retry-After": "2"}), retry_after({}), retry_after({"retry-after": "soon"})
    (2.0, None, None)
    >>> scrub("bad key sk-123 given", ["sk-123"])
    'bad key *** given'
"""

from __future__ import annotations

import contextlib
import io
import os
import random as _random
import threading
import time
import wave
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Protocol, Tuple, Union

from benchmarkstt_core.errors import BenchmarkSTTError
from benchmarkstt_core.redaction import redact

from .audio import Audio
from .engine import EngineError

#: the options of every cloud engine that change how it is called, not what it answers: not
#: part of the cache key
RUN_SETTINGS = (
    "concurrency",
    "timeout",
    "retries",
    "price_per_minute",
    "poll_interval",
    "keep_upload",
    "container_url",
    "bucket",
    "prefix",
)


#: ``creates`` of :meth:`CloudEngine.call`: the function that finds a job made by a request whose
#: answer was lost (or ``None``), and where to look for the job at the vendor
Creates = Tuple[Optional[Callable[[], Optional[Any]]], str]


class Headers(Protocol):
    """An HTTP answer's headers: a mapping, an :class:`email.message.Message` (urllib's)..."""

    def items(self) -> Iterable[Tuple[str, str]]:
        """The headers' names and values."""


#: seconds a vendor's clock may be behind this machine's: a job the vendor lists as created
#: longer than this before a request was sent cannot be the one it made (see :func:`made_before`)
CLOCK_SKEW = 600.0


def made_before(stamp: Any, since: float) -> bool:
    """Whether a vendor's creation time ``stamp`` (ISO 8601; UTC when it names no zone) is more
    than :data:`CLOCK_SKEW` seconds before ``since`` (seconds since the epoch): a list of jobs,
    newest first, that reaches such a job holds no job made by a request sent at ``since``
    further on. A stamp that cannot be read is not (the list is read on).

    :example:
        >>> made_before("2024-01-01T00:00:00.000Z", 1704067200.0 + 601), made_before("2024-01-01T00:00:00", 1704067200.0)
        (True, False)
        >>> made_before(None, 0.0), made_before("yesterday", 1e12)
        (False, False)
    """
    from datetime import datetime, timezone

    try:
        when = datetime.fromisoformat(str(stamp).replace("Z", "+00:00"))
    except ValueError:
        return False
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.timestamp() < since - CLOCK_SKEW


class Transient(Exception):
    """A failure worth another try (429, 5xx, a timeout, a dropped connection, a truncated
    answer); ``wait`` is the vendor's ``Retry-After`` in seconds when it gave one."""

    def __init__(self, message: str, wait: Optional[float] = None):
        super().__init__(message)
        self.wait = wait


class Lost(Transient):
    """A request sent whose answer was lost on its way (a connection dropped after the request
    went out, a truncated answer, a 5xx, no answer in time): the vendor may have done what was
    asked all the same. ``late``: no answer in time (the vendor may still be doing it)."""

    def __init__(self, message: str, wait: Optional[float] = None, late: bool = False):
        super().__init__(message, wait)
        self.late = late


class VendorFailed(BenchmarkSTTError):
    """The vendor answered that it cannot transcribe this file (a failed job, a 4xx other than
    429): this file's failure with the vendor's message; not retried."""


def backoff(attempt: int, base: float, random: Callable[[], float] = _random.random) -> float:
    """The wait before try ``attempt + 1``: ``base * 2**attempt``, times a jitter in [0.5, 1.5).

    :example:
        >>> backoff(0, 1.0, random=lambda: 0.5), backoff(3, 1.0, random=lambda: 0.0)
        (1.0, 4.0)
    """
    return base * 2**attempt * (0.5 + random())


def retry_after(headers: Headers) -> Optional[float]:
    """The seconds of a ``Retry-After`` header (case-insensitive), ``None`` without one (or
    with an HTTP date, which vendors' rate limits do not send).

    :example:
        >>> retry_after({"retry-after": "2.5"}), retry_after({"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"})
        (2.5, None)
    """
    for key, value in headers.items():
        if key.lower() == "retry-after":
            try:
                return max(0.0, float(value))
            except ValueError:
                return None
    return None


def scrub(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every secret value replaced by ``***``, and the credentials of URLs
    (:func:`~benchmarkstt_core.redaction.redact`).

    :example:
        >>> scrub("GET /v1?q=s3cret: HTTP 401 from https://me:pw@h/", ["s3cret", ""])
        'GET /v1?q=***: HTTP 401 from https://***@h/'
    """
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    return redact(text)


def wav_bytes(audio: Audio) -> bytes:
    """The audio as a 16-bit mono WAV file, what is sent to the vendor.

    :example:
        >>> wav_bytes(Audio(b"\\x01\\x00" * 4, 16000))[:4], len(wav_bytes(Audio(b"\\x01\\x00" * 4, 16000)))
        (b'RIFF', 52)
    """
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(audio.rate)
        w.writeframes(audio.samples)
    return out.getvalue()


def positive(value: Any, option: str, whole: bool = False, least: float = 0, above: bool = False) -> Any:
    """An option's number of at least ``least`` (``concurrency=4``, ``retries=0``...); with
    ``above``, more than ``least`` (``timeout=600``, ``poll_interval=5``: 0 would fail every
    file, or poll a vendor without a pause).

    :example:
        >>> positive("2.5", "timeout", above=True), positive("3", "concurrency", whole=True, least=1)
        (2.5, 3)
        >>> positive("0", "poll_interval", above=True)
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: engine option poll_interval='0': expected a number above 0
    """
    from benchmarkstt_core.errors import UsageError

    try:
        number = int(value) if whole else float(value)
    except (TypeError, ValueError):
        number = None
    if number is None or not (number > least if above else number >= least):
        raise UsageError(
            f"engine option {option}={value!r}: expected a {'whole ' if whole else ''}"
            f"number {'above' if above else 'of at least'} {least:g}"
        )
    return number


def shared_options(timeout: Union[int, str], polling: bool = False) -> Callable[[type], type]:
    """A class decorator adding the help of the options every cloud engine has to its
    docstring (its ``:param:`` lines are the options' help): ``timeout`` is its default.

    :example:
        >>> @shared_options(600)
        ... class Engine:
        ...     '''An engine.'''
        >>> Engine.__doc__.splitlines()[2]
        ':param concurrency: files sent at once (default 4)'
    """
    lines = [
        "",
        ":param concurrency: files sent at once (default 4)",
        f":param timeout: seconds per file, {'upload, polling and ' if polling else ''}retries included "
        f"(default {timeout})",
        ":param retries: tries after a 429, 5xx, timeout or broken answer (default 5)",
        ":param price_per_minute: the price of one audio minute, for the estimated cost",
    ]
    if polling:
        lines.append(":param poll_interval: seconds between two polls of a job (default 5)")

    def add(cls: type) -> type:
        import inspect

        cls.__doc__ = inspect.cleandoc(cls.__doc__ or "") + "\n" + "\n".join(lines)
        return cls

    return add


class CloudEngine:
    """The options and calls every cloud engine shares.

    ``credential_variables``: the environment variables the vendor's SDK reads its secrets from
    (scrubbed from every message); ``distribution`` and ``module``: the SDK, ``extra`` the
    extra that installs it."""

    rate = 16000
    distribution = ""
    module = ""
    extra = ""
    kind = ""
    credential_variables: tuple = ()
    model = ""

    def setup(
        self, concurrency: Any, timeout: Any, retries: Any, price_per_minute: Any, poll_interval: Any = 5
    ) -> None:
        """Check and keep the shared options."""
        self.concurrency = positive(concurrency, "concurrency", whole=True, least=1)
        self.timeout = positive(timeout, "timeout", above=True)
        self.retries = positive(retries, "retries", whole=True)
        self.price_per_minute = (
            None if price_per_minute in (None, "") else positive(price_per_minute, "price_per_minute")
        )
        self.poll_interval = positive(poll_interval, "poll_interval", above=True)
        self.stopping = threading.Event()
        self.submitted: set = set()
        self.submitted_lock = threading.Lock()

    @contextlib.contextmanager
    def outstanding(self, job: str) -> Iterator[None]:
        """While in this block, vendor job ``job`` is cancelled by :meth:`interrupt` (Ctrl-C)."""
        with self.submitted_lock:
            self.submitted.add(job)
        try:
            yield
        finally:
            with self.submitted_lock:
                self.submitted.discard(job)

    def cancel(self, job: str) -> None:
        """Cancel (or delete) vendor job ``job``, submitted and not finished: what an engine
        whose vendor allows it implements; by default nothing can be cancelled."""

    def interrupt(self) -> list:
        """On Ctrl-C: stop every poll and retry of this engine at once, and :meth:`cancel`
        each outstanding job (one try each: the run is stopping; a job that could not be
        cancelled is logged as a warning, since it may run on at the vendor). The jobs it
        asked to cancel.

        :example:
            >>> engine = CloudEngine()
            >>> engine.setup(1, 10, 0, None)
            >>> with engine.outstanding("job-1"):
            ...     engine.interrupt()
            ['job-1']
            >>> engine.poll(lambda: None, "job-2", time.monotonic() + 10)
            Traceback (most recent call last):
            benchmarkstt_engines.cloud.VendorFailed: job-2: interrupted
        """
        with self.submitted_lock:
            jobs = sorted(self.submitted)
        self.stopping.set()
        for job in jobs:
            try:
                self.cancel(job)
            except (BenchmarkSTTError, Transient) as exc:
                import logging

                logging.getLogger(__name__).warning(
                    "%s: could not cancel job %s (it may run on at the vendor): %s",
                    self.kind,
                    job,
                    scrub(str(exc), self.secrets()),
                )
        return jobs

    def model_name(self) -> str:
        """The vendor's model."""
        return self.model

    def version(self) -> str:
        """The SDK's version (``not installed`` without it)."""
        from .engine import installed_version

        return installed_version(self.distribution)

    def sdk(self) -> Any:
        """The vendor's SDK module; an :class:`EngineError` naming the extra without it."""
        import importlib

        from .engine import missing_library

        try:
            return importlib.import_module(self.module)
        except ImportError:
            raise missing_library(self.kind, self.module, self.extra) from None

    def secrets(self) -> list:
        """The values of the credential variables that are set."""
        return [os.environ[v] for v in self.credential_variables if os.environ.get(v)]

    def call(
        self,
        what: Callable[[float], Any],
        label: str,
        sleep: Optional[Callable[[float], object]] = None,
        deadline: Optional[float] = None,
        creates: Optional[Creates] = None,
    ) -> Any:
        """``what(seconds_left)`` with retries (see :func:`with_retries`) within this file's
        time limit; every message scrubbed of secrets.

        With ``creates`` (``(find, how)``), ``what`` is the request that creates a job at the
        vendor, made so that no job is made twice: tried again after a failure that made none
        (not sent, 429); after a lost answer (:class:`Lost`), ``find()`` looks for the job in
        the vendor's list by the unique tag the request gave it, and answers instead when it is
        there. When it is not there, the request is sent again, unless the vendor may still be
        making the job (no answer in time) or there is no ``find``: then this file fails, with
        ``how`` (where to look for the job at the vendor).

        :example:
            >>> engine = CloudEngine()
            >>> engine.setup(1, 10, 3, None)
            >>> made = []
            >>> def submit(left):
            ...     made.append("job-1")
            ...     raise Lost("connection failed: dropped")
            >>> engine.call(submit, "vendor", creates=(lambda: "job-1" if made else None, "GET /jobs")), made
            ('job-1', ['job-1'])
            >>> try:
            ...     engine.call(submit, "vendor", creates=(None, "GET /jobs lists it"))
            ... except VendorFailed as exc:
            ...     for part in str(exc).split("; "):
            ...         print(part)
            vendor: connection failed: dropped
            the job may exist at the vendor all the same (GET /jobs lists it): not sent again, so as not to pay twice
        """
        deadline = deadline if deadline is not None else time.monotonic() + self.timeout
        if creates is not None:
            what = made_once(what, creates[0], creates[1], label)
        try:
            if self.stopping.is_set():
                raise VendorFailed(f"{label}: interrupted")
            return with_retries(what, deadline, self.retries, label, sleep or self.stopping.wait)
        except VendorFailed as exc:
            raise VendorFailed(scrub(str(exc), self.secrets())) from None
        except EngineError as exc:
            raise EngineError(scrub(str(exc), self.secrets())) from None

    def poll(
        self,
        check: Callable[[], Optional[Any]],
        label: str,
        deadline: float,
        sleep: Optional[Callable[[float], object]] = None,
    ) -> Any:
        """Call ``check`` (whose calls retry on their own) every ``poll_interval`` seconds until
        it returns something other than ``None``, or this file's time limit is reached."""
        while True:
            if self.stopping.is_set():
                raise VendorFailed(f"{label}: interrupted")
            found = check()
            if found is not None:
                return found
            if time.monotonic() + self.poll_interval > deadline:
                raise VendorFailed(f"{label}: not finished within the time limit (option timeout=)")
            (sleep or self.stopping.wait)(self.poll_interval)


def made_once(
    what: Callable[[float], Any], find: Optional[Callable[[], Optional[Any]]], how: str, label: str
) -> Callable[[float], Any]:
    """``what``, the request that creates a job, as one try of :meth:`CloudEngine.call` with
    ``creates``: a lost answer looks for the job with ``find`` rather than making it again."""

    def attempt(left: float) -> Any:
        try:
            return what(left)
        except Lost as exc:
            lost = f"{label}: {exc}; the job may exist at the vendor all the same ({how})"
            try:
                found = find() if find is not None else None
            except VendorFailed as looking:
                raise VendorFailed(
                    f"{lost}: not sent again, so as not to pay twice; looking for it: {looking}"
                ) from None
            if found is not None:
                return found
            if find is None or exc.late:
                raise VendorFailed(f"{lost}: not sent again, so as not to pay twice") from None
            raise Transient(str(exc), exc.wait) from None

    return attempt


def request(
    method: str, url: str, headers: Mapping[str, str], body: Optional[bytes], left: float, label: str, where: str = ""
) -> str:
    """One HTTP call of a vendor's REST API (the standard library's): its answer as it came
    (checked to be whole JSON when not empty);
    a :class:`Transient` failure for 429 and a request that could not be sent, a
    :class:`Lost` one for a 5xx, a timeout, a connection dropped after the request was sent or
    a broken answer; an :class:`EngineError` for refused credentials (401, 403), and with ``where``
    (the storage the call goes to) for 403 and 404; a :class:`VendorFailed` with the
    vendor's message for any other refusal."""
    import http.client
    import socket
    import urllib.error
    import urllib.request

    call = urllib.request.Request(url, data=body, headers=dict(headers), method=method)
    try:
        with urllib.request.urlopen(call, timeout=left) as answer:
            data = answer.read()
    except urllib.error.HTTPError as exc:
        raise refusal(exc.code, exc.read().decode("utf-8", "replace"), exc.headers, label, where) from None
    except urllib.error.URLError as exc:  # while connecting or sending: the request did not go out whole
        raise Transient(f"connection failed: {exc.reason or type(exc).__name__}") from None
    except (socket.timeout, TimeoutError):
        raise Lost("no answer in time", late=True) from None
    except (http.client.HTTPException, ConnectionError) as exc:
        raise Lost(f"connection failed: {exc or type(exc).__name__}") from None
    return whole_json(data.decode("utf-8", "replace"))


def whole_json(text: str) -> str:
    """``text`` when it is empty or whole JSON, else a :class:`Lost` failure (a truncated
    answer).

    :example:
        >>> whole_json('{"id": "job-1"}')
        '{"id": "job-1"}'
        >>> whole_json('{"id": "jo')
        Traceback (most recent call last):
        ...
        benchmarkstt_engines.cloud.Lost: the answer is not whole JSON (truncated?)
    """
    import json

    if text.strip():
        try:
            json.loads(text)
        except ValueError:
            raise Lost("the answer is not whole JSON (truncated?)") from None
    return text


def httpx_answer(run: Callable[[Callable[[Any], None]], Any], label: str) -> str:
    """The body of the HTTP answer to an SDK's call over httpx, as it came: ``run(keep)``
    makes the call with ``keep`` among its httpx client's response hooks (which reads each
    answer whole and keeps the last). Failures as :func:`request` has them, judged on that
    answer rather than on the SDK's exceptions (which drop ``Retry-After``): a timeout, a
    dropped connection, a broken answer, 429 and 5xx are :class:`Transient` (:class:`Lost`
    unless the request could not be sent)..."""
    import httpx

    answers: list = []

    def keep(response: Any) -> None:
        response.read()
        answers.append(response)

    try:
        run(keep)
    except (
        httpx.ConnectError,
        httpx.ConnectTimeout,
        httpx.WriteError,
        httpx.WriteTimeout,
        httpx.PoolTimeout,
    ) as exc:  # the request did not go out whole
        raise Transient(f"connection failed: {exc or type(exc).__name__}") from None
    except httpx.TimeoutException:
        raise Lost("no answer in time", late=True) from None
    except httpx.TransportError as exc:
        raise Lost(f"connection failed: {exc or type(exc).__name__}") from None
    except Exception:  # noqa: BLE001 - the SDK's error for an HTTP answer: judged on the answer below
        if not answers:
            raise
    answer = answers[-1]
    if not 200 <= answer.status_code < 300:
        raise refusal(answer.status_code, answer.text, answer.headers, label)
    return whole_json(answer.text)


def refusal(status: int, text: str, headers: Headers, label: str, where: str = "") -> Exception:
    """The failure of a vendor's HTTP answer ``status`` other than 2xx: an
    :class:`EngineError` for refused credentials (401, 403), a :class:`Transient` one for 429
    and a :class:`Lost` one for 5xx (with ``Retry-After``), else a :class:`VendorFailed` with
    the vendor's message.
    With ``where`` (a bucket, a container), 403 and 404 are an :class:`EngineError` naming
    it: every file would fail alike, so the run stops.

    :example:
        >>> refusal(429, '{"error": "slow down"}', {"Retry-After": "3"}, "deepgram").wait
        3.0
        >>> print(refusal(400, '{"err_msg": "bad model"}', {}, "deepgram"))
        deepgram: HTTP 400: bad model
        >>> print(refusal(404, '<Error><Code>ContainerNotFound</Code><Message>The specified container does not '
        ...               'exist.\\nRequestId:1</Message></Error>', {}, "azure", "container 'https://a/audio'"))
        engine 'azure': container 'https://a/audio': HTTP 404: ContainerNotFound: The specified container does not exist.
    """
    message = f"HTTP {status}: {vendor_message(text)}"
    if where and status in (403, 404):
        return EngineError(f"engine {label!r}: {where}: {message}")
    if status in (401, 403):
        return EngineError(f"engine {label!r}: credentials refused: {message}")
    if status == 429:
        return Transient(message, retry_after(headers))
    if status >= 500:
        return Lost(message, retry_after(headers))
    return VendorFailed(f"{label}: {message}")


def vendor_message(text: str) -> str:
    """The message in a vendor's error answer (``error``, ``message``, ``err_msg``, ``detail``
    fields, nested or not; Azure Storage's XML ``Code`` and first line of ``Message``), else
    the answer's first 200 characters.

    :example:
        >>> vendor_message('{"error": {"message": "Audio file is too short"}}')
        'Audio file is too short'
        >>> vendor_message('{"err_code": "Bad Request", "err_msg": "bad model"}')
        'bad model'
    """
    import json

    import re

    try:
        found: Any = json.loads(text)
    except ValueError:
        xml = re.search(r"<Code>(.*?)</Code>\s*<Message>([^\n<]*)", text)
        return f"{xml[1]}: {xml[2].strip()}" if xml else " ".join(text.split())[:200]
    for _ in range(3):
        if not isinstance(found, dict):
            break
        inner = next((found[k] for k in ("error", "message", "err_msg", "detail") if found.get(k)), None)
        if inner is None:
            break
        found = inner
    return str(found if not isinstance(found, dict) else " ".join(text.split())[:200])


def with_retries(
    what: Callable[[float], Any],
    deadline: float,
    retries: int,
    label: str,
    sleep: Callable[[float], object] = time.sleep,
    base: float = 1.0,
) -> Any:
    """``what(seconds_left)``, tried again after a :class:`Transient` failure up to
    ``retries`` times, waiting the vendor's ``Retry-After`` when given, else an exponential
    backoff with jitter, never past ``deadline`` (``time.monotonic()``): then the file fails.

    :example:
        >>> answers = iter([Transient("429", wait=0.0), "done"])
        >>> def what(left):
        ...     answer = next(answers)
        ...     if isinstance(answer, Exception):
        ...         raise answer
        ...     return answer
        >>> with_retries(what, time.monotonic() + 10, 3, "openai", sleep=lambda s: None)
        'done'
    """
    attempt = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise VendorFailed(f"{label}: no answer within the time limit (option timeout=)")
        try:
            return what(left)
        except Transient as exc:
            if attempt >= retries:
                raise VendorFailed(f"{label}: {exc} (gave up after {attempt + 1} tries)") from None
            wait = exc.wait if exc.wait is not None else backoff(attempt, base)
            if time.monotonic() + wait >= deadline:
                raise VendorFailed(
                    f"{label}: {exc}; no time left to try again within the time limit (option timeout=)"
                ) from None
            sleep(wait)
            attempt += 1


class RestEngine(CloudEngine):
    """A cloud engine called through its vendor's documented REST API (standard library
    HTTP, no SDK): ``base_url`` (the vendor's address unless given), the key from
    ``credential_variables[0]``, sent in ``auth_header`` after ``auth_prefix``."""

    default_base_url = ""
    auth_header = "Authorization"
    auth_prefix = "Bearer "
    api = ""
    base_url: Optional[str] = None

    def version(self) -> str:
        """The REST API's version (there is no SDK to name)."""
        return f"REST {self.api}"

    def load(self) -> str:
        """The key; an :class:`EngineError` naming its variable when it is not set."""
        variable = self.credential_variables[0]
        key = os.environ.get(variable)
        if not key:
            raise EngineError(f"engine {self.kind!r} needs the environment variable {variable}")
        return key

    def url(self, path: str) -> str:
        """The address of ``path`` of the API (``base_url`` or the vendor's)."""
        return (self.base_url or self.default_base_url).rstrip("/") + path

    def send(
        self,
        method: str,
        path: str,
        body: Optional[bytes] = None,
        content_type: Optional[str] = None,
        deadline: Optional[float] = None,
        creates: Optional[Creates] = None,
    ) -> str:
        """One call of the API, with retries, within the file's time limit: the answer's text.
        With ``creates`` (``(find, how)``), the call creates a job: see :meth:`CloudEngine.call`."""
        headers = self.auth()
        if content_type:
            headers["Content-Type"] = content_type
        return self.call(
            lambda left: request(method, self.url(path), headers, body, left, self.kind),
            self.kind,
            deadline=deadline,
            creates=creates,
        )

    def once(self, method: str, path: str, left: float = 30) -> str:
        """One call of the API without a body, tried once (a cancellation while the run stops)."""
        return request(method, self.url(path), self.auth(), None, left, self.kind)

    def auth(self) -> dict:
        """The authentication header."""
        return {self.auth_header: self.auth_prefix + self.load()}


def shifted(text: str, offset: float, keys: tuple, scale: float = 1.0) -> str:
    """A vendor's JSON answer with ``offset`` seconds (times ``scale``: 1000 for answers in
    milliseconds) added to every number under one of ``keys``, at any depth: the times of a
    time range cut from a longer recording, from the recording's start; unchanged (as it
    came) when ``offset`` is 0.

    :example:
        >>> shifted('{"words": [{"word": "hi", "start": 0.5, "end": 0.9}]}', 10, ("start", "end"))
        '{"words": [{"word": "hi", "start": 10.5, "end": 10.9}]}'
        >>> shifted('{"words": [{"text": "hi", "start": 500}]}', 1, ("start",), 1000)
        '{"words": [{"text": "hi", "start": 1500}]}'
    """
    import json

    if not offset:
        return text
    amount = offset * scale

    def number(value: Any) -> Any:
        return int(round(value + amount)) if isinstance(value, int) else round(value + amount, 6)

    def move(item: Any) -> Any:
        if isinstance(item, dict):
            return {
                k: (number(v) if k in keys and isinstance(v, (int, float)) and not isinstance(v, bool) else move(v))
                for k, v in item.items()
            }
        return [move(v) for v in item] if isinstance(item, list) else item

    return json.dumps(move(json.loads(text)), ensure_ascii=False)
