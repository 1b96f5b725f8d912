"""A stand-in of Amazon Transcribe's batch API on 127.0.0.1 (the AWS JSON 1.1 protocol: ``POST
/`` with ``X-Amz-Target: Transcribe.<Operation>``, signed with Signature Version 4), beside
moto's S3 server: it reads the audio the job names from S3 and writes the transcript to the
job's ``OutputBucketName``/``OutputKey`` there, as Transcribe does.

Faults (see :mod:`standins`), besides the shared ones: ``throttle`` (HTTP 429
``ThrottlingException`` with ``Retry-After: 1``), ``limit`` (HTTP 400
``LimitExceededException``, Transcribe's documented "too many requests"), ``internal`` (HTTP
500 ``InternalFailureException``), ``fail`` (on ``StartTranscriptionJob``: the job ends
``FAILED`` with a ``FailureReason``). A job whose audio's transcript is in ``hold`` stays
``IN_PROGRESS``."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Optional

from standins import Answer, StandIn, words_of

REGION = "eu-west-1"
FAILURE = (
    "The media format that you specified doesn't match the detected media format. Check the media format "
    "and try your request again."
)
#: the Authorization header of Signature Version 4, its credential scoped to Transcribe in REGION
SIGNED = re.compile(
    r"AWS4-HMAC-SHA256 Credential=(?P<key>[^/]+)/\d{8}/(?P<region>[^/]+)/transcribe/aws4_request, "
    r"SignedHeaders=(?P<headers>[a-z0-9;-]+), Signature=[0-9a-f]{64}\Z"
)


def transcribe_json(text: str, job: str, speakers: bool = False) -> str:
    """Transcribe's output for ``text`` (the shape of the documented example), a full stop at
    the end; with ``speakers``, every word spoken by ``spk_0`` (items and ``speaker_labels``)."""
    items: list = []
    for n, (word, start, end) in enumerate(words_of(text)):
        item = {
            "id": n,
            "type": "pronunciation",
            "alternatives": [{"confidence": "0.998", "content": word}],
            "start_time": f"{start:.3f}",
            "end_time": f"{end:.3f}",
        }
        if speakers:
            item["speaker_label"] = "spk_0"
        items.append(item)
    items.append({"id": len(items), "type": "punctuation", "alternatives": [{"confidence": "0.0", "content": "."}]})
    last = items[-2]["end_time"] if len(items) > 1 else "0.0"
    results: dict = {
        "transcripts": [{"transcript": text + "."}],
        "items": items,
        "audio_segments": [
            {
                "id": 0,
                "transcript": text + ".",
                "start_time": "0.000",
                "end_time": last,
                "items": list(range(len(items))),
            }
        ],
    }
    if speakers:
        results["speaker_labels"] = {
            "speakers": 1,
            "segments": [
                {
                    "start_time": "0.000",
                    "end_time": last,
                    "speaker_label": "spk_0",
                    "items": [
                        {"start_time": i["start_time"], "end_time": i["end_time"], "speaker_label": "spk_0"}
                        for i in items
                        if i["type"] == "pronunciation"
                    ],
                }
            ],
        }
    return json.dumps({"jobName": job, "accountId": "123456789012", "status": "COMPLETED", "results": results})


class TranscribeStandIn(StandIn):
    """``StartTranscriptionJob`` (``QUEUED``), ``GetTranscriptionJob`` (``IN_PROGRESS``, then
    ``COMPLETED`` with the transcript written to S3, or ``FAILED``), ``DeleteTranscriptionJob``;
    ``key`` is the access key id the signature must be made with; ``s3`` a boto3 client of
    the S3 server."""

    def __init__(self, key: str, transcripts: dict, s3: Any, slow_seconds: float = 3.0):
        super().__init__(key, transcripts, slow_seconds)
        self.s3 = s3
        self.hold: set = set()  # the transcripts whose jobs stay IN_PROGRESS (to cancel them)

    def authorised(self, h) -> bool:
        return True  # the signature is checked by route(), which answers a refusal as Transcribe does

    def signed(self, headers) -> bool:
        signed = SIGNED.match(headers.get("Authorization", ""))
        return (
            bool(signed)
            and signed["key"] == self.key
            and signed["region"] == REGION
            and {"host", "x-amz-date", "x-amz-target"} <= set(signed["headers"].split(";"))
        )

    @staticmethod
    def error(status: int, kind: str, message: str, headers: Optional[dict] = None) -> Answer:
        return status, {"__type": kind, "Message": message}, headers or {}

    def route(self, method, path, query, headers, body, fault) -> Answer:
        if not self.signed(headers):
            return (
                400,
                {
                    "__type": "UnrecognizedClientException",
                    "message": "The security token included in the request is invalid.",
                },
                {},
            )
        target = headers.get("X-Amz-Target", "")
        if (
            (method, path) != ("POST", "/")
            or not target.startswith("Transcribe.")
            or headers.get("Content-Type") != "application/x-amz-json-1.1"
        ):
            return self.error(400, "UnknownOperationException", f"no operation {method} {path} {target}")
        if fault == "throttle":
            return self.error(429, "ThrottlingException", "Rate exceeded", {"Retry-After": "1"})
        if fault == "limit":
            return self.error(
                400, "LimitExceededException", "You have sent too many requests. Wait before retrying your request."
            )
        if fault == "internal":
            return self.error(500, "InternalFailureException", "We can't process your request right now.")
        request = json.loads(body)
        self.requests[-1]["target"], self.requests[-1]["request"] = target, request
        name = request.get("TranscriptionJobName", "")
        operation = target.split(".", 1)[1]
        if operation == "StartTranscriptionJob":
            return self.start(name, request, fault)
        if name not in self.jobs or self.jobs[name].get("deleted"):
            return self.error(
                400,
                "BadRequestException",
                "The requested job couldn't be found. Check the job name and try your request again.",
            )
        state = self.jobs[name]
        if operation == "DeleteTranscriptionJob":
            state["deleted"] = True
            return 200, b"", {}
        if operation == "GetTranscriptionJob":
            return 200, {"TranscriptionJob": self.advance(name, state)}, {}
        return self.error(400, "UnknownOperationException", f"no operation {target}")

    def start(self, name: str, request: dict, fault: Optional[str]) -> Answer:
        media = request.get("Media", {}).get("MediaFileUri", "")
        if (
            not re.fullmatch(r"[0-9a-zA-Z._-]{1,200}", name)
            or not media.startswith("s3://")
            or not ("LanguageCode" in request or request.get("IdentifyLanguage"))
        ):
            return self.error(400, "BadRequestException", "1 validation error detected")
        if name in self.jobs:
            return self.error(
                409, "ConflictException", "The requested job name already exists. Use a different job name."
            )
        bucket, _, key = media[len("s3://") :].partition("/")
        try:
            wav = self.s3.get_object(Bucket=bucket, Key=key)["Body"].read()
        except self.s3.exceptions.NoSuchKey:  # the job fails when it runs
            wav = b""
        with self.lock:
            self.jobs[name] = {
                "polls": 0,
                "request": request,
                "failed": fault == "fail",
                "held": self.transcripts.get(hashlib.sha256(wav).hexdigest()) in self.hold,
            }
        job = {
            "TranscriptionJobName": name,
            "TranscriptionJobStatus": "QUEUED",
            "Media": request["Media"],
            "LanguageCode": request.get("LanguageCode", "en-US"),
            "MediaFormat": request.get("MediaFormat"),
        }
        return 200, {"TranscriptionJob": job}, {}

    def advance(self, name: str, state: dict) -> dict:
        """The job's state after one more poll: ``IN_PROGRESS``, then ``COMPLETED`` or ``FAILED``."""
        request = state["request"]
        job = {
            "TranscriptionJobName": name,
            "TranscriptionJobStatus": "IN_PROGRESS",
            "Media": request["Media"],
            "LanguageCode": request.get("LanguageCode", "en-US"),
            "MediaFormat": "wav",
            "Settings": request.get("Settings", {}),
        }
        state["polls"] += 1
        if state["polls"] < 2 or state["held"]:
            return job
        if "status" not in state:
            state["status"], state["reason"] = self.finish(name, request, state)
        job["TranscriptionJobStatus"] = state["status"]
        if state["status"] == "FAILED":
            job["FailureReason"] = state["reason"]
        else:
            bucket, key = request["OutputBucketName"], request["OutputKey"]
            job["Transcript"] = {"TranscriptFileUri": f"https://s3.{REGION}.amazonaws.com/{bucket}/{key}"}
        return job

    def finish(self, name: str, request: dict, state: dict) -> tuple:
        """Read the audio from S3 and write the transcript there: ``(status, reason)``."""
        if state["failed"]:
            return "FAILED", FAILURE
        bucket, _, key = request["Media"]["MediaFileUri"][len("s3://") :].partition("/")
        try:
            wav = self.s3.get_object(Bucket=bucket, Key=key)["Body"].read()
        except self.s3.exceptions.NoSuchKey:
            return "FAILED", "The specified S3 object doesn't exist. Check the URI and try your request again."
        text = self.transcripts.get(hashlib.sha256(wav).hexdigest())
        if text is None or request.get("MediaFormat") != "wav":
            return "FAILED", FAILURE
        speakers = bool(request.get("Settings", {}).get("ShowSpeakerLabels"))
        self.s3.put_object(
            Bucket=request["OutputBucketName"],
            Key=request["OutputKey"],
            Body=transcribe_json(text, name, speakers).encode(),
        )
        return "COMPLETED", None


class S3Proxy(StandIn):
    """S3 as moto's server at ``target`` answers it, through this stand-in, which injects its
    faults on the way (``drop``: the connection closed after an upload's bytes came, without
    an answer); the bucket ``locked-audio`` refuses the caller (403 ``AccessDenied``, S3's
    answer for a bucket of another account), and a request signed with another key than
    ``key_id`` is refused (403 ``InvalidAccessKeyId``, as S3 refuses a key it does not know)."""

    def __init__(self, target: str, key_id: str):
        super().__init__("", {})
        self.target, self.key_id = target, key_id

    def authorised(self, h) -> bool:
        return True  # moto's server is the judge

    def route(self, method, path, query, headers, body, fault) -> Answer:
        import http.client
        from urllib.parse import urlencode, urlsplit

        if f"Credential={self.key_id}/" not in headers.get("Authorization", ""):
            return (
                403,
                (
                    b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InvalidAccessKeyId</Code>'
                    b"<Message>The AWS Access Key Id you provided does not exist in our records.</Message>"
                    b"<RequestId>8F1B3C2E</RequestId></Error>"
                ),
                {},
            )
        if path.split("/")[1] == "locked-audio":
            return (
                403,
                (
                    b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code>'
                    b"<Message>Access Denied</Message><RequestId>8F1B3C2D</RequestId></Error>"
                ),
                {},
            )
        target = urlsplit(self.target)
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
        sent = {k: v for k, v in headers.items() if k.lower() not in ("content-length", "connection", "expect")}
        connection.request(
            method, path + ("?" + urlencode(query, doseq=True) if query else ""), body=body, headers=sent
        )
        answer = connection.getresponse()
        data = answer.read()
        connection.close()
        kept = {
            k: v
            for k, v in answer.getheaders()
            if k.lower() not in ("content-length", "content-type", "connection", "transfer-encoding", "date", "server")
        }
        return answer.status, data, kept
