"""Local stand-ins for the vendors' live streaming APIs: WebSocket servers on 127.0.0.1 that
speak each protocol as the vendor documents it and answer with a script: each result is sent
once the audio received reaches its ``after`` seconds (``None``: when the audio has ended).

- Deepgram live: ``/v1/listen?encoding=linear16&sample_rate=16000&...``, ``Authorization:
  Token KEY``, binary audio, ``{"type": "CloseStream"}``; ``Results`` messages with
  ``is_final``, ``speech_final``, ``start``, ``duration`` and
  ``channel.alternatives[].transcript``, a ``Metadata`` message, then the close.
- Speechmatics real-time: ``Authorization: Bearer KEY``; ``StartRecognition`` answered by
  ``RecognitionStarted``; each binary message acknowledged by ``AudioAdded`` (``seq_no``);
  ``AddPartialTranscript`` and ``AddTranscript`` with ``metadata.transcript``, ``start_time``
  and ``end_time``; ``EndOfStream`` (``last_seq_no``) answered by ``EndOfTranscript``, then
  the close.
- AssemblyAI Universal-Streaming (v3): ``/v3/ws?sample_rate=16000&encoding=pcm_s16le&...``,
  ``Authorization: KEY``; ``Begin`` on connecting; binary audio; ``Turn`` messages with
  ``turn_order``, ``end_of_turn``, ``turn_is_formatted``, ``transcript`` (the final words) and
  ``words`` (``text``, ``start`` and ``end`` in ms, ``word_is_final``); ``{"type": "Terminate"}``
  answered by ``Termination``, then the close.
- Azure AI Speech (the Speech service's WebSocket protocol, as the Speech SDK speaks it):
  ``/speech/recognition/conversation/cognitiveservices/v1?language=...&format=simple``,
  ``Ocp-Apim-Subscription-Key: KEY``; messages with headers (``Path``, ``X-RequestId``...): a
  ``speech.config`` text message answered by ``turn.start`` and ``speech.startDetected``;
  binary ``audio`` messages (two bytes giving the headers' length, the headers, the data: a WAV
  header first), one without data ending the audio; ``speech.hypothesis`` (``Text``) and
  ``speech.phrase`` (``RecognitionStatus`` ``Success``, ``DisplayText``) with ``Offset`` and
  ``Duration`` in 100 ns ticks; ``speech.endDetected``, an ``EndOfDictation`` phrase and
  ``turn.end`` at the end.
- Amazon Transcribe streaming (WebSocket): ``/stream-transcription-websocket?language-code=...&
  media-encoding=pcm&sample-rate=16000`` presigned with Signature Version 4 (``X-Amz-Credential``
  of the key, the region and ``transcribe``; ``X-Amz-Signature``), else 403; event stream
  messages (read by botocore's parser): ``AudioEvent`` events, an empty one ending the audio;
  ``TranscriptEvent`` events (``Transcript.Results[]`` with ``IsPartial``, ``StartTime``,
  ``EndTime``, ``Alternatives[].Transcript``), then the close.

``faults`` scripts what goes wrong, a connection after another (``None``: nothing): ``("refuse",
STATUS)`` answers the handshake with STATUS and ``Retry-After: 0``; ``("drop", N)`` cuts the
connection after its Nth audio message without a closing handshake; ``("close", N, CODE)``
closes it then with the closing status CODE; ``("error", TYPE, CODE)`` (Speechmatics) answers
``StartRecognition`` with an ``Error`` of TYPE and closes with CODE; ``("exception", TYPE)``
(Transcribe) answers the first audio with an exception message of TYPE, then closes. ``scripts`` holds each connection's script
(a connection past its end answers ``script``): a connection made again gets the audio from
where the client resumes, its times from 0.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from typing import List, NamedTuple, Optional
from urllib.parse import parse_qs, urlparse

from websockets.exceptions import ConnectionClosed
from websockets.sync.server import serve

RATE = 16000


class Scripted(NamedTuple):
    """One result: sent when ``after`` seconds of audio have arrived; it covers the audio from
    ``start`` for ``duration`` seconds."""

    after: Optional[float]
    transcript: str
    start: float
    duration: float
    is_final: bool
    speech_final: bool = False


class StandIn:
    """A server answering ``script`` on every connection; ``requests`` keeps each connection's
    path and Authorization header, ``received`` its audio bytes, ``messages`` the client's
    text messages."""

    def __init__(self, script: List[Scripted], key: str = "standin-key"):
        self.script, self.key = script, key
        self.requests: list = []
        self.received: list = []
        self.messages: list = []
        self.faults: list = []
        self.scripts: list = []
        self.server = serve(self.handle, "127.0.0.1", 0, process_request=self.check)
        self.url = f"ws://127.0.0.1:{self.server.socket.getsockname()[1]}{self.path}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def fault(self, number):
        return self.faults[number] if number < len(self.faults) else None

    auth_header = "Authorization"
    #: the HTTP status of a refused key
    refusal = 401

    def presented(self, request):
        """The credential the client presented."""
        return request.headers.get(self.auth_header)

    def authorized(self, presented):
        return presented == self.authorization()

    def environment(self, key):
        """The environment that gives the engine ``key``."""
        return {self.variable: key}

    def check(self, connection, request):
        presented = self.presented(request)
        self.requests.append((request.path, presented))
        connection.number = len(self.requests) - 1
        if not self.authorized(presented):
            return connection.respond(self.refusal, "Unauthorized\n")
        fault = self.fault(connection.number)
        if fault and fault[0] == "refuse":
            response = connection.respond(fault[1], "Service Unavailable\n")
            response.headers["Retry-After"] = "0"
            return response
        return self.refuse(connection, parse_qs(urlparse(request.path).query))

    def refuse(self, connection, query):
        return None

    def handle(self, connection):
        number = connection.number
        pending = list(self.scripts[number] if number < len(self.scripts) else self.script)
        fault = self.fault(number)
        received = chunks = 0
        for message in connection:
            if isinstance(message, bytes):
                audio = self.audio(message)
                if audio is None:  # the end of the audio
                    break
                received += len(audio)
                chunks += 1
                if fault and fault[0] in ("drop", "close") and chunks == fault[1]:
                    self.received.append(received)
                    if fault[0] == "drop":
                        # the end of the stream after what was sent (FIN); what the client still
                        # sends is read and dropped, so that no reset (sent for data arriving at a
                        # socket shut for reading) ends the client's socket before it has read the
                        # results sent before the cut: a race a loaded machine lost
                        connection.socket.shutdown(socket.SHUT_WR)
                        with contextlib.suppress(ConnectionClosed):
                            for _ in connection:
                                pass
                    else:
                        connection.close(fault[2], "scripted fault")
                    return
                if self.acknowledge(connection):  # the stand-in ends the connection: noted before
                    self.received.append(received)  # the close, which waits for the client's answer
                    connection.close()
                    return
                while pending and pending[0].after is not None and received / 2 / RATE >= pending[0].after - 1e-9:
                    connection.send(self.result(pending.pop(0)))
                continue
            self.messages.append(self.decode(message))
            going = self.opening(connection, self.messages[-1])
            if going is None:  # the stand-in closed the connection
                self.received.append(received)
                return
            if going:
                continue
            break
        for item in pending:
            connection.send(self.result(item))
        self.end(connection, received)
        self.received.append(received)
        connection.close()

    def audio(self, message):
        """The audio a binary message carries (``None``: it ends the audio)."""
        return message

    def decode(self, message):
        return json.loads(message)

    def close(self):
        self.server.shutdown()
        self.thread.join(5)


class DeepgramStandIn(StandIn):
    path = "/v1/listen"

    def authorization(self):
        return f"Token {self.key}"

    def refuse(self, connection, query):
        if query.get("encoding") != ["linear16"] or query.get("sample_rate") != [str(RATE)]:
            return connection.respond(400, "Bad Request\n")
        return None

    def acknowledge(self, connection):
        pass

    def opening(self, connection, message):
        return message.get("type") != "CloseStream"

    def result(self, item: Scripted) -> str:
        return json.dumps(
            {
                "type": "Results",
                "channel_index": [0, 1],
                "duration": item.duration,
                "start": item.start,
                "is_final": item.is_final,
                "speech_final": item.speech_final,
                "from_finalize": False,
                "channel": {"alternatives": [{"transcript": item.transcript, "confidence": 0.9, "words": []}]},
                "metadata": {"request_id": "standin", "model_info": {"name": "standin"}},
            }
        )

    def end(self, connection, received):
        connection.send(json.dumps({"type": "Metadata", "duration": received / 2 / RATE, "channels": 1}))


class SpeechmaticsStandIn(StandIn):
    path = "/v2"

    def __init__(self, script, key="standin-key"):
        self.seq_no = 0
        super().__init__(script, key)

    def authorization(self):
        return f"Bearer {self.key}"

    def acknowledge(self, connection):
        self.seq_no += 1
        connection.send(json.dumps({"message": "AudioAdded", "seq_no": self.seq_no}))

    def opening(self, connection, message):
        fault = self.fault(connection.number)
        if message.get("message") == "StartRecognition" and fault and fault[0] == "error":
            connection.send(json.dumps({"message": "Error", "type": fault[1], "reason": "scripted fault"}))
            connection.close(fault[2], fault[1])
            return None
        if message.get("message") == "StartRecognition":
            self.seq_no = 0
            audio = message.get("audio_format") or {}
            if audio.get("encoding") != "pcm_s16le" or audio.get("sample_rate") != RATE:
                connection.send(
                    json.dumps({"message": "Error", "type": "invalid_audio_type", "reason": "unsupported audio format"})
                )
                return False
            connection.send(json.dumps({"message": "RecognitionStarted", "id": "standin"}))
            return True
        return message.get("message") != "EndOfStream"

    def result(self, item: Scripted) -> str:
        return json.dumps(
            {
                "message": "AddTranscript" if item.is_final else "AddPartialTranscript",
                "format": "2.9",
                "metadata": {
                    "transcript": item.transcript + " ",
                    "start_time": item.start,
                    "end_time": round(item.start + item.duration, 6),
                },
                "results": [],
            }
        )

    def end(self, connection, received):
        connection.send(json.dumps({"message": "EndOfTranscript"}))


class Turn(NamedTuple):
    """One AssemblyAI Turn message: sent when ``after`` seconds of audio have arrived; ``words``
    as (text, start ms, end ms, final)."""

    after: Optional[float]
    words: list
    end_of_turn: bool
    turn_order: int = 0


class AssemblyAIStandIn(StandIn):
    path = "/v3/ws"

    def authorization(self):
        return self.key

    def refuse(self, connection, query):
        if query.get("encoding") != ["pcm_s16le"] or query.get("sample_rate") != [str(RATE)]:
            return connection.respond(400, "Bad Request\n")
        return None

    def handle(self, connection):
        connection.send(json.dumps({"type": "Begin", "id": "standin", "expires_at": 1767225600}))
        super().handle(connection)

    def acknowledge(self, connection):
        pass

    def opening(self, connection, message):
        return message.get("type") != "Terminate"

    def result(self, item: Turn) -> str:
        words = [
            {"text": text, "start": start, "end": end, "confidence": 0.9, "word_is_final": final}
            for text, start, end, final in item.words
        ]
        return json.dumps(
            {
                "type": "Turn",
                "turn_order": item.turn_order,
                "turn_is_formatted": False,
                "end_of_turn": item.end_of_turn,
                "end_of_turn_confidence": 0.9 if item.end_of_turn else 0.1,
                "transcript": " ".join(w["text"] for w in words if w["word_is_final"]),
                "words": words,
            }
        )

    def end(self, connection, received):
        connection.send(
            json.dumps(
                {
                    "type": "Termination",
                    "audio_duration_seconds": received / 2 / RATE,
                    "session_duration_seconds": received / 2 / RATE,
                }
            )
        )


def usp(path: str, turn: str, body: dict) -> str:
    """A text message of the Speech service's protocol: headers, a blank line, JSON."""
    return (
        f"X-RequestId:{turn}\r\nContent-Type:application/json; charset=utf-8\r\nPath:{path}\r\n\r\n{json.dumps(body)}"
    )


class AzureStandIn(StandIn):
    path = "/speech/recognition/conversation/cognitiveservices/v1"
    auth_header = "Ocp-Apim-Subscription-Key"

    def authorization(self):
        return self.key

    def refuse(self, connection, query):
        if not query.get("language") or query.get("format") not in (["simple"], ["detailed"]):
            return connection.respond(400, "Bad Request\n")
        return None

    def audio(self, message):
        length = int.from_bytes(message[:2], "big")
        headers = dict(line.split(":", 1) for line in message[2 : 2 + length].decode("ascii").split("\r\n") if line)
        assert headers["Path"].strip() == "audio" and headers["X-RequestId"].strip() == self.turn
        data = message[2 + length :]
        if not data:
            return None
        if data.startswith(b"RIFF"):  # the first message: a WAV header of 16-bit mono samples at 16 kHz
            assert int.from_bytes(data[24:28], "little") == RATE and data[34:36] == (16).to_bytes(2, "little")
            data = data[44:]
        return data

    def decode(self, message):
        head, _, body = message.partition("\r\n\r\n")
        headers = {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in head.split("\r\n"))}
        return {"path": headers["Path"], "turn": headers["X-RequestId"], "body": json.loads(body)}

    def acknowledge(self, connection):
        pass

    def opening(self, connection, message):
        if message["path"] == "speech.config":
            self.turn = message["turn"]
            connection.send(usp("turn.start", self.turn, {"context": {"serviceTag": "standin"}}))
            connection.send(usp("speech.startDetected", self.turn, {"Offset": 0}))
        return True

    def result(self, item: Scripted) -> str:
        ticks = {"Offset": round(item.start * 10_000_000), "Duration": round(item.duration * 10_000_000)}
        if item.is_final:
            return usp(
                "speech.phrase", self.turn, {"RecognitionStatus": "Success", "DisplayText": item.transcript, **ticks}
            )
        return usp("speech.hypothesis", self.turn, {"Text": item.transcript, **ticks})

    def end(self, connection, received):
        end = round(received / 2 / RATE * 10_000_000)
        connection.send(usp("speech.endDetected", self.turn, {"Offset": end}))
        connection.send(
            usp("speech.phrase", self.turn, {"RecognitionStatus": "EndOfDictation", "Offset": end, "Duration": 0})
        )
        connection.send(usp("turn.end", self.turn, {}))


class AWSStandIn(StandIn):
    path = "/stream-transcription-websocket"
    refusal = 403
    region = "us-east-1"

    def __init__(self, script, key="standin-key"):
        import pytest

        pytest.importorskip(
            "botocore", reason="tests/requirements-cloud.txt installs boto3 (aws-live presigns with it)"
        )
        super().__init__(script, key)

    def presented(self, request):
        query = parse_qs(urlparse(request.path).query)
        signed = query.get("X-Amz-Signature") and query.get("X-Amz-Algorithm") == ["AWS4-HMAC-SHA256"]
        return (query.get("X-Amz-Credential") or [""])[0] if signed else ""

    def authorized(self, presented):
        key, _, *scope = presented.split("/") if presented else [""]
        return key == self.key and scope == [self.region, "transcribe", "aws4_request"]

    def environment(self, key):
        return {
            "AWS_ACCESS_KEY_ID": key,
            "AWS_SECRET_ACCESS_KEY": "standin-secret",
            "AWS_REGION": self.region,
            "AWS_CONFIG_FILE": "/nonexistent",
            "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent",
        }

    def refuse(self, connection, query):
        if (
            query.get("media-encoding") != ["pcm"]
            or query.get("sample-rate") != [str(RATE)]
            or not query.get("language-code")
        ):
            return connection.respond(400, "Bad Request\n")
        return None

    def audio(self, message):
        from botocore.eventstream import EventStreamBuffer

        found = EventStreamBuffer()
        found.add_data(message)
        (event,) = list(found)
        assert event.headers == {
            ":content-type": "application/octet-stream",
            ":event-type": "AudioEvent",
            ":message-type": "event",
        }
        return event.payload or None

    def acknowledge(self, connection):
        fault = self.fault(connection.number)
        if fault and fault[0] == "exception":  # ("exception", TYPE): at the first audio, then the close (handle's)
            from benchmarkstt_live.aws_live import event

            connection.send(
                event(
                    {":content-type": "application/json", ":exception-type": fault[1], ":message-type": "exception"},
                    json.dumps({"Message": "scripted fault"}).encode(),
                )
            )
            return True
        return False

    def opening(self, connection, message):
        return False

    def result(self, item: Scripted) -> bytes:
        from benchmarkstt_live.aws_live import event

        found = {
            "Alternatives": [{"Transcript": item.transcript, "Items": []}],
            "ChannelId": "ch_0",
            "StartTime": item.start,
            "EndTime": round(item.start + item.duration, 6),
            "IsPartial": not item.is_final,
            "ResultId": "standin",
        }
        return event(
            {":content-type": "application/json", ":event-type": "TranscriptEvent", ":message-type": "event"},
            json.dumps({"Transcript": {"Results": [found]}}).encode(),
        )

    def end(self, connection, received):
        pass
