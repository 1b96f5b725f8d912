"""Stand-ins of the cloud vendors' HTTP APIs on 127.0.0.1, for the cloud engines' tests: each
speaks its vendor's documented paths and authentication header, checks the request's
parameters and body, answers in the shape of the vendor's documented examples, and injects
faults on demand (one per request, in order: ``429`` with ``Retry-After: 1``, ``500``,
``drop`` (the connection closed without an answer), ``slow`` (an answer after
``slow_seconds``), ``truncated`` (half the JSON), ``short`` (fewer bytes than
``Content-Length``), ``lost`` (the request done, then the connection closed without an
answer: a job made whose answer is lost), ``hang`` (no answer until the client cuts the connection, a minute at
most: ``cut`` is then recorded in the request), ``fail`` (the vendor's own refusal or failed job), ``None``: none)."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from email.parser import BytesParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Dict, List, Optional, Tuple
from urllib.parse import parse_qs, urlsplit

from processes import like_a_terminal

Answer = Tuple[int, object, dict]


def words_of(text: str) -> List[tuple]:
    """``(word, start, end)`` for each word of ``text``, half a second each."""
    return [(w, round(0.5 * i, 2), round(0.5 * i + 0.4, 2)) for i, w in enumerate(text.split())]


def verbose_json(text: str) -> str:
    """OpenAI's ``verbose_json`` answer for ``text`` (the API reference's example's shape)."""
    words = [{"word": w, "start": s, "end": e} for w, s, e in words_of(text)]
    end = words[-1]["end"] if words else 0.0
    segment = {
        "id": 0,
        "seek": 0,
        "start": 0.0,
        "end": end,
        "text": " " + text,
        "tokens": [50364, 440, 50414],
        "temperature": 0.0,
        "avg_logprob": -0.28,
        "compression_ratio": 1.27,
        "no_speech_prob": 0.01,
    }
    return json.dumps(
        {
            "task": "transcribe",
            "language": "english",
            "duration": end,
            "text": text,
            "segments": [segment],
            "words": words,
        }
    )


def deepgram_json(text: str) -> str:
    """Deepgram's pre-recorded answer for ``text``."""
    words = [
        {"word": w.lower(), "start": s, "end": e, "confidence": 0.99, "punctuated_word": w}
        for w, s, e in words_of(text)
    ]
    return json.dumps(
        {
            "metadata": {
                "transaction_key": "deprecated",
                "request_id": "a1b2",
                "sha256": "0" * 64,
                "created": "2024-01-01T00:00:00.000Z",
                "duration": 3.0,
                "channels": 1,
                "models": ["30089e05"],
            },
            "results": {"channels": [{"alternatives": [{"transcript": text, "confidence": 0.99, "words": words}]}]},
        }
    )


def assemblyai_json(text: str, job: str) -> str:
    """AssemblyAI's completed transcript for ``text`` (times in milliseconds)."""
    words = [
        {"text": w, "start": int(s * 1000), "end": int(e * 1000), "confidence": 0.97, "speaker": None}
        for w, s, e in words_of(text)
    ]
    return json.dumps(
        {
            "id": job,
            "status": "completed",
            "audio_url": "https://cdn.assemblyai.com/upload/x",
            "text": text,
            "words": words,
            "utterances": None,
            "confidence": 0.97,
            "audio_duration": 3,
            "language_code": "en_us",
            "error": None,
        }
    )


def speechmatics_json(text: str, job: str) -> str:
    """Speechmatics' ``json-v2`` transcript for ``text``."""
    results = [
        {
            "type": "word",
            "start_time": s,
            "end_time": e,
            "alternatives": [{"content": w, "confidence": 0.98, "language": "en", "speaker": "UU"}],
        }
        for w, s, e in words_of(text)
    ]
    return json.dumps(
        {
            "format": "2.9",
            "job": {"created_at": "2024-01-01T00:00:00.000Z", "data_name": "x.wav", "duration": 3, "id": job},
            "metadata": {
                "created_at": "2024-01-01T00:00:00.000Z",
                "type": "transcription",
                "transcription_config": {"language": "en"},
            },
            "results": results,
        }
    )


def parse_multipart(content_type: str, body: bytes) -> Dict[str, list]:
    """The fields of a ``multipart/form-data`` body: name -> values (text; for a file,
    ``(filename, bytes)``)."""
    if not content_type.startswith("multipart/form-data"):
        return {}
    message = BytesParser().parsebytes(f"Content-Type: {content_type}\r\n\r\n".encode() + body)
    fields: Dict[str, list] = {}
    for part in message.get_payload():
        name = part.get_param("name", header="content-disposition")
        filename = part.get_filename()
        data = part.get_payload(decode=True)
        fields.setdefault(name, []).append((filename, data) if filename else data.decode())
    return fields


class StandIn:
    """A vendor's API: ``transcripts`` map what identifies a file (its id for OpenAI, which
    sends the file name; else the SHA-256 of the WAV sent) to the text answered; ``faults``
    are consumed one per request; ``requests`` records each request."""

    auth = ("Authorization", "Bearer {key}")

    def __init__(self, key: str, transcripts: Dict[str, str], slow_seconds: float = 3.0):
        self.key, self.transcripts, self.slow_seconds = key, transcripts, slow_seconds
        self.faults: List[Optional[str]] = []
        self.requests: List[dict] = []
        self.jobs: Dict[str, dict] = {}
        self.hold: set = set()  # the transcripts whose jobs never finish (for Ctrl-C)
        self.page_size: Optional[int] = None  # at most this many jobs a page of a list, whatever the limit asked
        self.crowd = 0  # the jobs other clients make just after each job: they come first in a list
        self.lock = threading.Lock()
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                stand_in.handle(self)

            do_POST = do_PUT = do_DELETE = do_GET

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def handle(self, h: BaseHTTPRequestHandler) -> None:
        body = h.rfile.read(int(h.headers.get("Content-Length", 0)))
        with self.lock:
            fault = self.faults.pop(0) if self.faults and self.faulty(h.command, h.path) else None
            self.requests.append(
                {
                    "time": time.monotonic(),
                    "method": h.command,
                    "path": h.path,
                    "fault": fault,
                    "headers": h.headers,
                    "body": body,
                }
            )
        if not self.authorised(h):
            header = self.auth[0]
            return self.send(h, 401, {"error": {"message": f"Incorrect API key provided: {h.headers.get(header)}"}})
        if fault == "429":
            return self.send(h, 429, {"error": {"message": "Rate limit reached"}}, {"Retry-After": "1"})
        if fault == "500":
            return self.send(h, 500, {"error": {"message": "The server had an error"}})
        if fault == "drop":
            h.close_connection = True
            h.connection.shutdown(2)
            return None
        if fault == "hang":
            return self.hang(h)
        if fault == "slow":
            time.sleep(self.slow_seconds)
        url = urlsplit(h.path)
        status, answer, headers = self.route(h.command, url.path, parse_qs(url.query), h.headers, body, fault)
        if fault == "lost":
            h.close_connection = True
            h.connection.shutdown(2)
            return None
        data = (
            answer
            if isinstance(answer, bytes)
            else (answer if isinstance(answer, str) else json.dumps(answer)).encode()
        )
        if fault == "truncated":
            data = data[: len(data) // 2]
        try:
            h.send_response(status)
            for k, v in headers.items():
                h.send_header(k, v)
            h.send_header("Content-Type", "application/json")
            h.send_header("Content-Length", str(len(data) * (2 if fault == "short" else 1)))
            h.end_headers()
            h.wfile.write(data)
        except OSError:  # the client gave up waiting (the slow fault)
            h.close_connection = True
        if fault == "short":
            h.close_connection = True
        return None

    def hang(self, h: BaseHTTPRequestHandler) -> None:
        """Answer nothing; record in the request whether the client cut the connection (within
        a minute)."""
        import socket

        record = self.requests[-1]
        h.close_connection = True
        h.connection.settimeout(60)
        try:
            record["cut"] = h.connection.recv(1) == b""
        except socket.timeout:
            record["cut"] = False
        except OSError:  # reset by the client
            record["cut"] = True

    def faulty(self, method: str, path: str) -> bool:
        """Whether this request takes the next fault (every request, unless a stand-in says
        otherwise: those an SDK sends on its own, in the background)."""
        return True

    def authorised(self, h: BaseHTTPRequestHandler) -> bool:
        """Whether the request carries the key the vendor's way."""
        header, form = self.auth
        return h.headers.get(header) == form.format(key=self.key)

    def route(self, method: str, path: str, query: dict, headers, body: bytes, fault: Optional[str]) -> Answer:
        raise NotImplementedError

    @staticmethod
    def send(h: BaseHTTPRequestHandler, status: int, body: dict, headers: Optional[dict] = None) -> None:
        data = json.dumps(body).encode()
        h.send_response(status)
        for k, v in (headers or {}).items():
            h.send_header(k, v)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(data)))
        h.end_headers()
        h.wfile.write(data)

    def text_of(self, wav: bytes) -> Optional[str]:
        """The transcript of the WAV sent (by its SHA-256), ``None`` if it is not one of them."""
        return self.transcripts.get(hashlib.sha256(wav).hexdigest()) if wav.startswith(b"RIFF") else None

    def new_job(self, **state) -> str:
        with self.lock:
            job = f"job-{len(self.jobs) + 1}"
            last = max([j["created"] for j in self.jobs.values()], default=0.0)
            self.jobs[job] = {"polls": 0, "created": max(time.time(), last + 0.001), **state}
        return job

    def crowded(self, job: str, **other) -> str:
        """``job``, followed by :attr:`crowd` jobs of other clients (``other``: their state)."""
        for _ in range(self.crowd):
            self.new_job(other=True, **other)
        return job

    def listed(self, keep, limit: int, after) -> tuple:
        """``(page, more)``: the jobs ``keep(state)`` holds, newest first, from just after the one
        ``after(job, state)`` holds (from the first with ``after`` ``None``), at most ``limit``
        (and :attr:`page_size`); ``more``: whether the list goes on."""
        jobs = [(job, state) for job, state in reversed(list(self.jobs.items())) if keep(state)]
        if after is not None:
            jobs = jobs[next((n + 1 for n, (job, state) in enumerate(jobs) if after(job, state)), len(jobs)) :]
        size = min(limit, self.page_size or limit)
        return jobs[:size], len(jobs) > size


def iso(seconds: float) -> str:
    """A time as vendors write them: ``2024-01-01T00:00:00.000000Z``."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{int(seconds % 1 * 1e6):06d}Z"


class OpenAIStandIn(StandIn):
    """``POST /v1/audio/transcriptions``: multipart ``file``, ``model``, ``response_format``,
    ``timestamp_granularities[]``; ``Authorization: Bearer KEY``; ``fail``: a 400."""

    @property
    def url(self) -> str:
        return super().url + "/v1"

    def route(self, method, path, query, headers, body, fault) -> Answer:
        if (method, path) != ("POST", "/v1/audio/transcriptions"):
            return 404, {"error": {"message": f"no route {method} {path}"}}, {}
        fields = parse_multipart(headers.get("Content-Type", ""), body)
        self.requests[-1]["fields"] = fields
        problems = [
            name
            for name, want in (("model", "whisper-1"), ("response_format", "verbose_json"))
            if fields.get(name) != [want]
        ]
        if sorted(fields.get("timestamp_granularities[]", [])) != ["segment", "word"]:
            problems.append("timestamp_granularities[]")
        if "file" not in fields or not fields["file"][0][1].startswith(b"RIFF"):
            problems.append("file")
        if problems:
            return 400, {"error": {"message": f"bad fields: {', '.join(problems)}"}}, {}
        if fault == "fail":
            return 400, {"error": {"message": "Audio file is too short. Minimum audio length is 0.1 seconds."}}, {}
        return 200, verbose_json(self.transcripts[fields["file"][0][0].rsplit(".", 1)[0]]), {}


class DeepgramStandIn(StandIn):
    """``POST /v1/listen?model=...`` with the audio as the body; ``Authorization: Token KEY``;
    ``fail``: a 400 with Deepgram's ``err_msg``."""

    auth = ("Authorization", "Token {key}")

    def route(self, method, path, query, headers, body, fault) -> Answer:
        if (method, path) != ("POST", "/v1/listen"):
            return 404, {"err_code": "NOT_FOUND", "err_msg": f"no route {method} {path}"}, {}
        self.requests[-1]["query"] = query
        text = self.text_of(body)
        if fault == "fail" or text is None or not query.get("model") or headers.get("Content-Type") != "audio/wav":
            return (
                400,
                {
                    "err_code": "Bad Request",
                    "err_msg": "Bad Request: failed to process audio: corrupt or unsupported data",
                    "request_id": "a1b2",
                },
                {},
            )
        return 200, deepgram_json(text), {}


class AssemblyAIStandIn(StandIn):
    """``POST /v2/upload`` (the audio), ``POST /v2/transcript`` (``audio_url``), ``GET
    /v2/transcript/ID`` (``queued``, ``processing``, then ``completed``; ``fail``: ``error``; a
    transcript in ``hold``: ``processing`` for ever),
    ``GET /v2/transcript`` (the list, latest first, with each ``audio_url``), ``DELETE
    /v2/transcript/ID``; ``Authorization: KEY``."""

    auth = ("Authorization", "{key}")

    def route(self, method, path, query, headers, body, fault) -> Answer:
        if (method, path) == ("POST", "/v2/upload"):
            upload = self.new_job(text=self.text_of(body))
            return 200, {"upload_url": f"https://cdn.assemblyai.com/upload/{upload}"}, {}
        if (method, path) == ("POST", "/v2/transcript"):
            request = json.loads(body)
            upload = self.jobs.get(request.get("audio_url", "").rsplit("/", 1)[-1])
            if upload is None or upload["text"] is None:
                return 400, {"error": "Download error, unable to download audio_url"}, {}
            job = self.crowded(
                self.new_job(
                    text=upload["text"], request=request, failed=fault == "fail", held=upload["text"] in self.hold
                ),
                request={"audio_url": "https://cdn.assemblyai.com/upload/someone-else"},
            )
            return 200, {"id": job, "status": "queued", "audio_url": request["audio_url"]}, {}
        if (method, path) == ("GET", "/v2/transcript"):
            limit = int(query.get("limit", ["10"])[0])
            before = query.get("before_id", [None])[0]
            page, more = self.listed(
                lambda state: "request" in state, limit, None if before is None else lambda job, state: job == before
            )
            listed = [
                {
                    "id": job,
                    "resource_url": f"https://api.assemblyai.com/v2/transcript/{job}",
                    "status": "queued",
                    "created": iso(state["created"])[:-1],
                    "completed": None,
                    "audio_url": state["request"]["audio_url"],
                    "error": None,
                }
                for job, state in page
            ]
            url = f"https://api.assemblyai.com/v2/transcript?limit={limit}"
            return (
                200,
                {
                    "page_details": {
                        "limit": limit,
                        "result_count": len(listed),
                        "current_url": url,
                        "prev_url": f"{url}&before_id={page[-1][0]}" if more else None,
                        "next_url": None,
                    },
                    "transcripts": listed,
                },
                {},
            )
        job = path.rsplit("/", 1)[-1]
        if path.startswith("/v2/transcript/") and job in self.jobs:
            state = self.jobs[job]
            if method == "DELETE":
                state["deleted"] = True
                return 200, {"id": job, "status": "completed", "text": "Deleted by user."}, {}
            state["polls"] += 1
            if state["polls"] < 2 or state["held"]:
                return 200, {"id": job, "status": "processing"}, {}
            if state["failed"]:
                return 200, {"id": job, "status": "error", "error": "Audio duration is too short."}, {}
            return 200, assemblyai_json(state["text"], job), {}
        return 404, {"error": f"no route {method} {path}"}, {}


class SpeechmaticsStandIn(StandIn):
    """``POST /v2/jobs`` (multipart ``data_file`` and ``config``), ``GET /v2/jobs/ID``
    (``running``, then ``done``; ``fail``: ``rejected`` with errors; a transcript in
    ``hold``: ``running`` for ever), ``GET
    /v2/jobs/ID/transcript?format=json-v2``, ``DELETE /v2/jobs/ID``, ``GET /v2/jobs`` (the
    list, latest first, with each job's ``config``); ``Authorization: Bearer KEY``."""

    def route(self, method, path, query, headers, body, fault) -> Answer:
        parts = path.strip("/").split("/")
        if (method, path) == ("POST", "/v2/jobs"):
            fields = parse_multipart(headers.get("Content-Type", ""), body)
            config = json.loads(fields.get("config", ["{}"])[0])
            text = self.text_of(fields["data_file"][0][1]) if "data_file" in fields else None
            if text is None or config.get("type") != "transcription":
                return 400, {"code": 400, "error": "Invalid Input"}, {}
            job = self.new_job(text=text, config=config, failed=fault == "fail", held=text in self.hold)
            return 201, {"id": self.crowded(job, config={"tracking": {"reference": "someone-else"}})}, {}
        if (method, path) == ("GET", "/v2/jobs"):
            limit = int(query.get("limit", ["100"])[0])
            before = query.get("created_before", [None])[0]
            page, _ = self.listed(lambda state: before is None or iso(state["created"]) < before, limit, None)
            return (
                200,
                {
                    "jobs": [
                        {
                            "id": job,
                            "created_at": iso(state["created"]),
                            "data_name": "x.wav",
                            "duration": 3,
                            "status": "running",
                            "config": state["config"],
                        }
                        for job, state in page
                    ]
                },
                {},
            )
        if parts[:2] == ["v2", "jobs"] and len(parts) >= 3 and parts[2] in self.jobs:
            job, state = parts[2], self.jobs[parts[2]]
            if method == "DELETE" and len(parts) == 3:
                state["deleted"], state["forced"] = True, query.get("force") == ["true"]
                return 200, {"job": {"id": job, "status": "deleted"}}, {}
            if len(parts) == 4 and parts[3] == "transcript" and query.get("format") == ["json-v2"]:
                return 200, speechmatics_json(state["text"], job), {}
            if len(parts) == 3:
                state["polls"] += 1
                status = "running" if state["polls"] < 2 or state["held"] else "rejected" if state["failed"] else "done"
                errors = (
                    [{"timestamp": "2024-01-01T00:00:01Z", "message": "unable to decode audio"}]
                    if status == "rejected"
                    else []
                )
                return (
                    200,
                    {
                        "job": {
                            "id": job,
                            "status": status,
                            "data_name": "x.wav",
                            "duration": 3,
                            "created_at": "2024-01-01T00:00:00.000Z",
                            "errors": errors,
                        }
                    },
                    {},
                )
        return 404, {"code": 404, "error": f"no route {method} {path}"}, {}


def azure_json(text: str, source: str) -> str:
    """An Azure batch transcription result file for ``text`` (the shape of Microsoft's
    documented example: ``recognizedPhrases`` with ``nBest`` and word times in ticks and ISO
    8601)."""
    words = words_of(text)
    ticks = lambda seconds: float(round(seconds * 10_000_000))  # noqa: E731
    end = words[-1][2] if words else 0.0
    phrase = {
        "recognitionStatus": "Success",
        "channel": 0,
        "offset": "PT0S",
        "duration": f"PT{end}S",
        "offsetInTicks": 0.0,
        "durationInTicks": ticks(end),
        "nBest": [
            {
                "confidence": 0.93,
                "lexical": text,
                "itn": text,
                "maskedITN": text,
                "display": text,
                "words": [
                    {
                        "word": w,
                        "offset": f"PT{s}S",
                        "duration": f"PT{round(e - s, 2)}S",
                        "offsetInTicks": ticks(s),
                        "durationInTicks": ticks(e - s),
                        "confidence": 0.9,
                    }
                    for w, s, e in words
                ],
            }
        ],
    }
    return json.dumps(
        {
            "source": source,
            "timestamp": "2024-01-01T00:00:00Z",
            "durationInTicks": ticks(end),
            "duration": f"PT{end}S",
            "combinedRecognizedPhrases": [
                {"channel": 0, "lexical": text, "itn": text, "maskedITN": text, "display": text}
            ],
            "recognizedPhrases": [phrase],
        }
    )


class AzureStandIn(StandIn):
    """Azure AI Speech batch transcription (2024-11-15 and v3.2), with the blob container the
    audio is uploaded to and Microsoft's storage of result files, on one server:

    - ``PUT /audio/NAME?SAS`` (``x-ms-blob-type: BlockBlob``), ``GET``/``DELETE`` of it: the
      container, whose SAS token is ``sas``; no subscription key may come here; any other
      container is not there (404 ``ContainerNotFound``, Azure Storage's XML error) but
      ``locked``, which refuses the token (403 ``AuthorizationPermissionMismatch``);
    - ``POST /speechtotext/transcriptions:submit?api-version=2024-11-15`` (or ``POST
      /speechtotext/v3.2/transcriptions``): ``contentUrls``, ``locale``, ``displayName``,
      ``properties``; ``Ocp-Apim-Subscription-Key: KEY``; ``201`` with ``self``;
    - ``GET .../transcriptions/ID``: ``NotStarted``, ``Running``, then ``Succeeded`` (``fail``
      at submission: ``Failed`` with ``properties.error``; a transcript in ``hold``: ``Running``
      for ever);
    - ``GET .../transcriptions/ID/files``: the ``Transcription`` and ``TranscriptionReport``
      files, whose ``contentUrl`` is ``/results/ID.json?sig=results`` (no key may come there);
    - ``DELETE .../transcriptions/ID``: ``204``;
    - ``GET .../transcriptions``: the list, a page of one transcription each (``@nextLink``:
      ``skip``)."""

    auth = ("Ocp-Apim-Subscription-Key", "{key}")
    sas = "sv=2023-11-03&sp=racwd&sig=c2FzLXNlY3JldA%3D%3D"

    def __init__(self, key: str, transcripts: Dict[str, str], slow_seconds: float = 3.0):
        super().__init__(key, transcripts, slow_seconds)
        self.blobs: Dict[str, bytes] = {}

    def authorised(self, h: BaseHTTPRequestHandler) -> bool:
        url = urlsplit(h.path)
        if url.path.startswith("/speechtotext/"):
            return super().authorised(h)
        if self.auth[0] in h.headers:  # the key must not go to storage
            return False
        if url.path.startswith("/results/"):
            return url.query == "sig=results"
        return url.query == self.sas  # a container

    def route(self, method, path, query, headers, body, fault) -> Answer:
        if not path.startswith(("/audio/", "/results/", "/speechtotext/")):
            code, message = (
                (
                    "AuthorizationPermissionMismatch",
                    "This request is not authorized to perform this operation using this permission.",
                )
                if path.startswith("/locked/")
                else ("ContainerNotFound", "The specified container does not exist.")
            )
            error = (
                f'<?xml version="1.0" encoding="utf-8"?><Error><Code>{code}</Code><Message>{message}\n'
                f"RequestId:5c1d2e3f-0000-0000-0000-000000000000\nTime:2024-01-01T00:00:00.0000000Z"
                f"</Message></Error>"
            )
            return (403 if code != "ContainerNotFound" else 404), error.encode(), {}
        if path.startswith("/audio/"):
            name = path[len("/audio/") :]
            if method == "PUT" and headers.get("x-ms-blob-type") == "BlockBlob":
                self.blobs[name] = body
                return 201, b"", {}
            if method == "GET" and name in self.blobs:
                return 200, self.blobs[name], {}
            if method == "DELETE" and self.blobs.pop(name, None) is not None:
                return 202, b"", {}
            return 404, {"code": "BlobNotFound"}, {}
        if path.startswith("/results/"):
            job = path[len("/results/") :].rsplit(".", 1)[0]
            state = self.jobs.get(job)
            return (200, azure_json(state["text"], state["source"]), {}) if state else (404, {}, {})
        version = "v3.2" if path.startswith("/speechtotext/v3.2/") else query.get("api-version", [""])[0]
        rest = path[len("/speechtotext/v3.2/" if version == "v3.2" else "/speechtotext/") :]
        if version not in ("2024-11-15", "v3.2"):
            return 400, {"error": {"code": "InvalidArgument", "message": "unsupported api-version"}}, {}
        api = "" if version == "v3.2" else f"?api-version={version}"
        base = f"{self.url}/speechtotext/{'v3.2/' if version == 'v3.2' else ''}transcriptions"
        if method == "POST" and rest == ("transcriptions" if version == "v3.2" else "transcriptions:submit"):
            request = json.loads(body)
            urls = request.get("contentUrls") or []
            blob = urlsplit(urls[0]).path[len("/audio/") :] if len(urls) == 1 else ""
            if (
                blob not in self.blobs
                or not request.get("locale")
                or not request.get("displayName")
                or not isinstance(request.get("properties"), dict)
            ):
                return 400, {"error": {"code": "InvalidPayload", "message": "bad transcription"}}, {}
            text = self.text_of(self.blobs[blob])
            job = self.new_job(
                text=text,
                request=request,
                source=urls[0],
                failed=fault == "fail" or text is None,
                held=text in self.hold,
            )
            created = {
                "self": f"{base}/{job}{api}",
                "links": {"files": f"{base}/{job}/files{api}"},
                "locale": request["locale"],
                "displayName": request["displayName"],
                "status": "NotStarted",
                "properties": request["properties"],
            }
            return 201, created, {"Location": f"{base}/{job}{api}"}
        if method == "GET" and rest == "transcriptions":
            skip = int(query.get("skip", ["0"])[0])
            listed = [
                {
                    "self": f"{base}/{job}{api}",
                    "displayName": state["request"]["displayName"],
                    "status": "Running",
                    "locale": state["request"]["locale"],
                }
                for job, state in self.jobs.items()
            ]
            page = {"values": listed[skip : skip + 1]}
            if skip + 1 < len(listed):
                page["@nextLink"] = f"{base}{api or '?'}{'&' if api else ''}skip={skip + 1}&top=1"
            return 200, page, {}
        parts = rest.split("/")
        if parts[0] == "transcriptions" and len(parts) >= 2 and parts[1] in self.jobs:
            job, state = parts[1], self.jobs[parts[1]]
            if method == "DELETE" and len(parts) == 2:
                state["deleted"] = True
                return 204, b"", {}
            if method == "GET" and len(parts) == 2:
                state["polls"] += 1
                status = (
                    "NotStarted"
                    if state["polls"] < 2
                    else "Running"
                    if state["polls"] < 3 or state["held"]
                    else "Failed"
                    if state["failed"]
                    else "Succeeded"
                )
                answer = {
                    "self": f"{base}/{job}{api}",
                    "status": status,
                    "locale": state["request"]["locale"],
                    "properties": dict(state["request"]["properties"]),
                }
                if status == "Failed":
                    answer["properties"]["error"] = {
                        "code": "InvalidData",
                        "message": "The audio file could not be decoded.",
                    }
                return 200, answer, {}
            if method == "GET" and parts[2:] == ["files"] and state["polls"] >= 3:
                content = f"{self.url}/results/{job}.json?sig=results"
                return (
                    200,
                    {
                        "values": [
                            {
                                "self": f"{base}/{job}/files/1{api}",
                                "name": "contenturl_0.json",
                                "kind": "Transcription",
                                "properties": {"size": 1000},
                                "links": {"contentUrl": content},
                            },
                            {
                                "self": f"{base}/{job}/files/2{api}",
                                "name": "report.json",
                                "kind": "TranscriptionReport",
                                "properties": {"size": 300},
                                "links": {"contentUrl": f"{self.url}/results/report.json?sig=results"},
                            },
                        ]
                    },
                    {},
                )
        return 404, {"error": {"code": "NotFound", "message": f"no route {method} {path}"}}, {}


def usp(path: str, request_id: str, body: dict) -> str:
    """A text message of the Speech service's WebSocket protocol: headers, a blank line, JSON."""
    return (
        f"X-RequestId:{request_id}\r\nContent-Type:application/json; charset=utf-8\r\nPath:{path}\r\n\r\n"
        + json.dumps(body)
    )


class AzureSpeechStandIn:
    """Azure AI Speech real-time recognition as the Speech SDK speaks to it (a WebSocket at
    ``/speech/recognition/conversation/cognitiveservices/v1?language=...&format=detailed&
    wordLevelTimestamps=true``, subprotocol ``USP``, ``Ocp-Apim-Subscription-Key: KEY``):
    the SDK sends ``speech.config`` and ``speech.context`` text messages and binary ``audio``
    messages (a two-byte header length, headers, data: a WAV header first, an empty one at the
    end of the audio); each turn is answered ``turn.start``, ``speech.startDetected``, one
    ``speech.phrase`` (``Success``, ``NBest`` with ``Words`` in 100 ns ticks) for the words of
    the audio (by the SHA-256 of its samples), ``speech.endDetected`` and an
    ``EndOfDictation`` phrase at the end of the audio received, ``turn.end``. Faults, one per
    connection: ``429``, ``500`` (the upgrade refused), ``drop`` (the connection cut at the
    first audio), ``fail`` (closed with code 1007, as the service does for bad audio),
    ``slow`` (the upgrade answered after ``slow_seconds``)."""

    def __init__(self, key: str, transcripts: Dict[str, str]):
        from websockets.sync.server import serve

        self.key, self.transcripts, self.slow_seconds = key, transcripts, 3.0
        self.faults: List[Optional[str]] = []
        self.requests: List[dict] = []
        self.phrases: List[dict] = []  # when given: the phrases answered for any audio
        self.lock = threading.Lock()
        self.server = serve(self.handle, "127.0.0.1", 0, subprotocols=["USP"], process_request=self.upgrade)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server.socket.getsockname()[1]}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()

    def upgrade(self, connection, request):
        with self.lock:
            fault = self.faults.pop(0) if self.faults else None
            self.requests.append(
                {
                    "time": time.monotonic(),
                    "path": request.path,
                    "fault": fault,
                    "headers": request.headers,
                    "messages": [],
                }
            )
        url = urlsplit(request.path)
        query = parse_qs(url.query)
        if request.headers.get("Ocp-Apim-Subscription-Key") != self.key:
            return connection.respond(401, "Authentication error\n")
        if fault == "slow":
            time.sleep(self.slow_seconds)
        if fault in ("429", "500"):
            answer = connection.respond(int(fault), "Too many requests\n" if fault == "429" else "Internal error\n")
            answer.headers["Retry-After"] = "1"
            return answer
        if (
            url.path != "/speech/recognition/conversation/cognitiveservices/v1"
            or query.get("format") != ["detailed"]
            or query.get("wordLevelTimestamps") != ["true"]
            or not query.get("language")
        ):
            return connection.respond(400, "Bad request\n")
        return None

    def handle(self, ws) -> None:
        record = self.requests[-1]
        audio, turns = b"", set()
        for message in ws:
            if isinstance(message, str):
                record["messages"].append(message)
                continue
            length = int.from_bytes(message[:2], "big")
            headers = dict(line.split(":", 1) for line in message[2 : 2 + length].decode().split("\r\n") if line)
            data = message[2 + length :]
            turn = headers["X-RequestId"]
            if record["fault"] == "drop":
                ws.socket.shutdown(2)
                return
            if record["fault"] == "fail":
                ws.close(1007, "Invalid audio format: the audio could not be decoded")
                return
            if turn not in turns:
                turns.add(turn)
                audio = b""
                ws.send(usp("turn.start", turn, {"context": {"serviceTag": "7b33dd0ba2"}}))
                ws.send(usp("speech.startDetected", turn, {"Offset": 0}))
            if data:
                audio += data
                continue
            samples = audio[44:] if audio.startswith(b"RIFF") else audio
            text = self.transcripts.get(hashlib.sha256(samples).hexdigest())
            for phrase in self.phrases:
                ws.send(usp("speech.phrase", turn, phrase))
            if text and not self.phrases:
                ticks = [(w, int(s * 10_000_000), int((e - s) * 10_000_000)) for w, s, e in words_of(text)]
                best = {
                    "Confidence": 0.92,
                    "Lexical": text,
                    "ITN": text,
                    "MaskedITN": text,
                    "Display": text,
                    "Words": [{"Word": w, "Offset": o, "Duration": d, "Confidence": 0.9} for w, o, d in ticks],
                }
                ws.send(
                    usp(
                        "speech.phrase",
                        turn,
                        {
                            "RecognitionStatus": "Success",
                            "Offset": 0,
                            "Duration": ticks[-1][1] + ticks[-1][2],
                            "DisplayText": text,
                            "NBest": [best],
                        },
                    )
                )
            end = len(samples) * 10_000_000 // 32000
            ws.send(usp("speech.endDetected", turn, {"Offset": end}))
            ws.send(usp("speech.phrase", turn, {"RecognitionStatus": "EndOfDictation", "Offset": end, "Duration": 0}))
            ws.send(usp("turn.end", turn, {}))


def ctrl_c(command: List[str], env: Dict[str, str], ready, stand_in: StandIn) -> tuple:
    """Run ``command``, wait (30 s at most) until ``ready()`` gives something, then send it
    Ctrl-C (SIGINT to its process group, as a terminal sends it): its exit status, stdout,
    stderr and what ``ready()`` gave. The stand-in's held jobs are let go afterwards."""
    import os
    import signal
    import subprocess

    proc = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=like_a_terminal,
    )
    try:
        for _ in range(300):
            found = ready()
            if found:
                break
            time.sleep(0.1)
        assert found, stand_in.requests
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        stand_in.hold = set()
        if proc.poll() is None:
            proc.kill()
    return proc.returncode, out, err, found
