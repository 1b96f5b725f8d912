"""A local stand-in for Google Cloud Speech-to-Text's ``StreamingRecognize`` (v1): a gRPC server
on 127.0.0.1 taking ``google.cloud.speech.v1.Speech/StreamingRecognize`` as documented (the
first request's ``streaming_config``, then ``audio_content``), answering a script of
``StreamingRecognizeResponse`` messages: each result sent once the audio received reaches its
``after`` seconds, with its transcript, ``is_final``, ``stability`` and ``result_end_time``.
``faults`` scripts, a call after another, ``(N, STATUS)``: the call ends with the gRPC STATUS
after its Nth audio request (``None``: no fault); ``scripts`` holds each call's script (a call past
its end answers ``script``)."""

from __future__ import annotations

from concurrent import futures

import grpc
from google.cloud import speech

RATE = 16000
METHOD = "/google.cloud.speech.v1.Speech/StreamingRecognize"


class GoogleStandIn:
    """Answers ``script`` (standins.Scripted items) on every call; ``configs`` keeps each call's
    streaming config, ``received`` its audio bytes."""

    def __init__(self, script):
        self.script = script
        self.configs: list = []
        self.received: list = []
        self.faults: list = []
        self.scripts: list = []
        self.calls = 0
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        handler = grpc.stream_stream_rpc_method_handler(
            self.recognize,
            request_deserializer=speech.StreamingRecognizeRequest.deserialize,
            response_serializer=speech.StreamingRecognizeResponse.serialize,
        )
        self.server.add_generic_rpc_handlers(
            [grpc.method_handlers_generic_handler("google.cloud.speech.v1.Speech", {"StreamingRecognize": handler})]
        )
        port = self.server.add_insecure_port("127.0.0.1:0")
        self.server.start()
        self.endpoint = f"127.0.0.1:{port}"

    def response(self, item):
        end = round(item.start + item.duration, 6)
        return speech.StreamingRecognizeResponse(
            results=[
                speech.StreamingRecognitionResult(
                    alternatives=[speech.SpeechRecognitionAlternative(transcript=item.transcript, confidence=0.9)],
                    is_final=item.is_final,
                    stability=0.0 if item.is_final else 0.8,
                    result_end_time={"seconds": int(end), "nanos": int(round((end - int(end)) * 1e9))},
                )
            ]
        )

    def recognize(self, requests, context):
        number, self.calls = self.calls, self.calls + 1
        pending = list(self.scripts[number] if number < len(self.scripts) else self.script)
        fault = self.faults[number] if number < len(self.faults) else None
        received = chunks = 0
        for request in requests:
            if "streaming_config" in request:
                config = request.streaming_config
                if config.config.sample_rate_hertz != RATE or config.config.encoding != 1:  # LINEAR16
                    context.abort(grpc.StatusCode.INVALID_ARGUMENT, "unsupported audio")
                self.configs.append(config)
                continue
            received += len(request.audio_content)
            chunks += 1
            if fault and chunks == fault[0]:
                self.received.append(received)
                context.abort(fault[1], "scripted fault")
            while pending and pending[0].after is not None and received / 2 / RATE >= pending[0].after - 1e-9:
                yield self.response(pending.pop(0))
        for item in pending:
            yield self.response(item)
        self.received.append(received)

    def close(self):
        self.server.stop(None)
