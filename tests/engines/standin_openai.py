"""A stand-in for OpenAI's audio transcriptions API on 127.0.0.1, for the ``openai`` engine's
tests: ``POST /v1/audio/transcriptions`` with the multipart body of the API reference (``file``,
``model``, ``response_format``, ``timestamp_granularities[]``) and ``Authorization: Bearer KEY``
checked, answering ``verbose_json`` shaped as the reference's example, with faults on demand."""

from __future__ import annotations

import json
import threading
import time
from email.parser import BytesParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Dict, List, Optional

PATH = "/v1/audio/transcriptions"


def verbose_json(text: str) -> str:
    """The API's ``verbose_json`` answer for ``text``: one segment, each word half a second."""
    words = [{"word": w, "start": round(0.5 * i, 2), "end": round(0.5 * i + 0.4, 2)}
             for i, w in enumerate(text.split())]
    end = words[-1]["end"] if words else 0.0
    segment = {"id": 0, "seek": 0, "start": 0.0, "end": end, "text": " " + text, "tokens": [50364, 440, 50414],
               "temperature": 0.0, "avg_logprob": -0.28, "compression_ratio": 1.27, "no_speech_prob": 0.01}
    return json.dumps({"task": "transcribe", "language": "english", "duration": end, "text": text,
                       "segments": [segment], "words": words})


class StandIn:
    """The server: ``transcripts`` (file id -> text) are the answers; ``faults`` are consumed
    one per request (``429``, ``500``, ``drop``, ``slow``, ``truncated``, ``short``, ``fail``,
    ``None`` for a normal answer); ``requests`` records what each request held."""

    def __init__(self, key: str, transcripts: Dict[str, str], slow_seconds: float = 3.0):
        self.key, self.transcripts, self.slow_seconds = key, transcripts, slow_seconds
        self.faults: List[Optional[str]] = []
        self.requests: List[dict] = []
        self.lock = threading.Lock()
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                stand_in.handle(self)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> "StandIn":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def handle(self, h: BaseHTTPRequestHandler) -> None:
        body = h.rfile.read(int(h.headers.get("Content-Length", 0)))
        fields = parse_multipart(h.headers.get("Content-Type", ""), body)
        with self.lock:
            fault = self.faults.pop(0) if self.faults else None
            self.requests.append({"time": time.monotonic(), "path": h.path, "fields": fields, "fault": fault,
                                  "authorization": h.headers.get("Authorization")})
        if h.path != PATH:
            return self.send(h, 404, {"error": {"message": f"no route {h.path}"}})
        if h.headers.get("Authorization") != f"Bearer {self.key}":
            return self.send(h, 401, {"error": {"message": f"Incorrect API key provided: "
                                                           f"{h.headers.get('Authorization')}"}})
        problems = [name for name, want in (("model", "whisper-1"), ("response_format", "verbose_json"))
                    if fields.get(name) != [want]]
        if sorted(fields.get("timestamp_granularities[]", [])) != ["segment", "word"]:
            problems.append("timestamp_granularities[]")
        if "file" not in fields or not fields["file"][0][1].startswith(b"RIFF"):
            problems.append("file")
        if problems:
            return self.send(h, 400, {"error": {"message": f"bad fields: {', '.join(problems)}"}})
        file_id = fields["file"][0][0].rsplit(".", 1)[0]
        answer = verbose_json(self.transcripts[file_id]).encode()
        if fault == "429":
            return self.send(h, 429, {"error": {"message": "Rate limit reached"}}, {"Retry-After": "1"})
        if fault == "500":
            return self.send(h, 500, {"error": {"message": "The server had an error"}})
        if fault == "fail":
            return self.send(h, 400, {"error": {"message": "Audio file is too short. Minimum audio length "
                                                           "is 0.1 seconds."}})
        if fault == "drop":
            h.close_connection = True
            h.connection.shutdown(2)
            return None
        if fault == "slow":
            time.sleep(self.slow_seconds)
        if fault == "truncated":
            answer = answer[:len(answer) // 2]
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(answer) * (2 if fault == "short" else 1)))
        h.end_headers()
        h.wfile.write(answer)
        if fault == "short":
            h.close_connection = True
        return None

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
