"""A stand-in of Google Cloud Speech-to-Text v2's REST API on 127.0.0.1: ``POST
/v2/projects/P/locations/L/recognizers/R:recognize`` with the audio inline (base64
``content``), answered in the shape of the documented ``RecognizeResponse``; the caller
authenticated by a service account's self-signed JWT (``Authorization: Bearer JWT``, RS256,
checked against the account's public key), as Google's SDK sends it.

For audio from Cloud Storage: the OAuth token endpoint (``POST /token``, a JWT grant; the
account file's ``token_uri`` points at it), the Cloud Storage JSON API's resumable upload
(``POST /upload/storage/v1/b/B/o?uploadType=resumable``, then ``PUT`` of the bytes with
``Content-Range``), download (``GET /storage/v1/b/B/o/NAME?alt=media``) and delete
(``DELETE /storage/v1/b/B/o/NAME``), authenticated by the token; and v2's ``BatchRecognize``
of a ``gs://`` file with inline results, an operation done at its second poll
(``GET /v2/projects/P/locations/L/operations/ID``, ``POST ...:cancel``).

:func:`service_account` writes the credentials file a test points
``GOOGLE_APPLICATION_CREDENTIALS`` at. Faults: those of :mod:`standins`; ``fail``: a 400
``INVALID_ARGUMENT``. Cloud Storage has the bucket ``news-audio``; ``locked-audio`` refuses
the account (403), any other bucket is not there (404)."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import secrets
import wave
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote

from standins import Answer, StandIn, words_of

PROJECT = "bench-project"
EMAIL = f"bench@{PROJECT}.iam.gserviceaccount.com"
FAILURE = "Audio data does not appear to be in a supported encoding."
METADATA = {
    "@type": "type.googleapis.com/google.cloud.speech.v1.LongRunningRecognizeMetadata",
    "progressPercent": 0,
    "startTime": "2024-01-01T00:00:00Z",
}
BATCH_METADATA = "type.googleapis.com/google.cloud.speech.v2.OperationMetadata"


def service_account(path: Path) -> Any:
    """Write a service account's credentials file at ``path`` (a new RSA key); its key."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    path.write_text(
        json.dumps(
            {
                "type": "service_account",
                "project_id": PROJECT,
                "private_key_id": "0a1b2c3d",
                "private_key": pem,
                "client_email": EMAIL,
                "client_id": "1000000000000",
                "token_uri": "https://oauth2.googleapis.com/token",
            }
        )
    )
    return key


def google_json(text: str, speakers: bool = False) -> dict:
    """The ``RecognizeResponse`` for ``text`` (words with offsets and confidences; with
    ``speakers``, each word's ``speakerLabel``)."""
    words = []
    for word, start, end in words_of(text):
        words.append({"startOffset": f"{start:.3f}s", "endOffset": f"{end:.3f}s", "word": word, "confidence": 0.93})
        if speakers:
            words[-1]["speakerLabel"] = "1"
    end = words[-1]["endOffset"] if words else "0s"
    return {
        "results": [
            {
                "alternatives": [{"transcript": text, "confidence": 0.92, "words": words}],
                "resultEndOffset": end,
                "languageCode": "en-us",
            }
        ],
        "metadata": {"totalBilledDuration": "3s", "requestId": "4f2b9a1c-0000-0000-0000-000000000000"},
    }


def unpadded(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def crc32c(data: bytes) -> str:
    """The CRC32C of ``data`` as Cloud Storage writes it (base64 of 4 big-endian bytes)."""
    import google_crc32c

    return base64.b64encode(google_crc32c.value(data).to_bytes(4, "big")).decode()


class GoogleStandIn(StandIn):
    """``transcripts`` by the SHA-256 of the 16-bit samples sent; ``key`` the service
    account's private key (its public half checks the JWT); ``objects`` the bucket's
    (``bucket/name`` -> bytes); ``tokens`` the access tokens given out."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.objects: dict = {}
        self.sessions: dict = {}
        self.tokens: set = set()

    def authorised(self, h) -> bool:
        return True  # the token is checked by route(), which answers a refusal as Google does

    def signed(self, headers) -> bool:
        scheme, _, token = (headers.get("Authorization") or "").partition(" ")
        if scheme != "Bearer":
            return False
        claims = self.claims(token)
        return claims.get("iss") == EMAIL and claims.get("aud", "").startswith("https://speech.googleapis.com/")

    def claims(self, token: str) -> dict:
        """The claims of a JWT signed by the account's key, ``{}`` for any other."""
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import padding

        parts = token.split(".")
        if len(parts) != 3:
            return {}
        try:
            self.key.public_key().verify(
                unpadded(parts[2]), f"{parts[0]}.{parts[1]}".encode(), padding.PKCS1v15(), hashes.SHA256()
            )
        except (InvalidSignature, ValueError):
            return {}
        return json.loads(unpadded(parts[1]))

    def faulty(self, method: str, path: str) -> bool:
        """The engine's calls take the faults; the token requests and the bucket's metadata
        (google-cloud-storage fetches it in a thread of its own) do not."""
        return path != "/token" and not (method == "GET" and path.split("?")[0].count("/") == 4)

    def route(self, method, path, query, headers, body, fault) -> Answer:
        if (method, path) == ("POST", "/token"):
            return self.token(parse_qs(body.decode()))
        if "/storage/v1/b/" in path:
            return self.storage(method, path, query, headers, body)
        if not self.signed(headers):
            return (
                401,
                {
                    "error": {
                        "code": 401,
                        "status": "UNAUTHENTICATED",
                        "message": "Request had invalid authentication credentials. Expected OAuth 2 "
                        "access token, login cookie or other valid authentication "
                        "credential.",
                    }
                },
                {},
            )
        prefix = f"/v2/projects/{PROJECT}/locations/global/recognizers/"
        if method == "POST" and path.startswith(prefix) and path.endswith(":batchRecognize"):
            return self.batch(json.loads(body), fault)
        operations = f"/v2/projects/{PROJECT}/locations/global/operations/"
        if path.startswith(operations) and path[len(operations) :].split(":")[0] in self.jobs:
            job = path[len(operations) :].split(":")[0]
            if method == "POST" and path.endswith(":cancel"):
                self.jobs[job]["cancelled"] = True
                return 200, {}, {}
            return self.batch_operation(job)
        if (method, path) == ("POST", "/v1/speech:longrunningrecognize"):
            return self.long_running(json.loads(body), fault)
        if method == "GET" and path.startswith("/v1/operations/") and path[15:] in self.jobs:
            return self.operation(path[15:])
        if method != "POST" or not path.startswith(prefix) or not path.endswith(":recognize"):
            return 404, {"error": {"code": 404, "message": f"no route {method} {path}", "status": "NOT_FOUND"}}, {}
        request = json.loads(body)
        self.requests[-1]["request"] = request
        config = request.get("config", {})
        decoding = config.get("explicitDecodingConfig", {})
        samples = base64.b64decode(request.get("content", ""))
        text = self.transcripts.get(hashlib.sha256(samples).hexdigest())
        if (
            fault == "fail"
            or text is None
            or decoding.get("encoding") not in (1, "LINEAR16")
            or decoding.get("sampleRateHertz") != 16000
            or not config.get("languageCodes")
        ):
            return 400, {"error": {"code": 400, "message": FAILURE, "status": "INVALID_ARGUMENT"}}, {}
        speakers = "diarizationConfig" in config.get("features", {})
        return 200, google_json(text, speakers), {}

    def long_running(self, request: dict, fault) -> Answer:
        """v1's ``LongRunningRecognize``: an operation, done at its second poll."""
        self.requests[-1]["request"] = request
        config = request.get("config", {})
        text = self.transcripts.get(
            hashlib.sha256(base64.b64decode(request.get("audio", {}).get("content", ""))).hexdigest()
        )
        if (
            text is None
            or config.get("encoding") not in (1, "LINEAR16")
            or config.get("sampleRateHertz") != 16000
            or not config.get("languageCode")
        ):
            return 400, {"error": {"code": 400, "message": FAILURE, "status": "INVALID_ARGUMENT"}}, {}
        job = self.new_job(text=text, failed=fault == "fail", speakers="diarizationConfig" in config)
        return 200, {"name": job, "metadata": METADATA}, {}

    def operation(self, job: str) -> Answer:
        state = self.jobs[job]
        state["polls"] += 1
        if state["polls"] < 2:
            return 200, {"name": job, "metadata": {**METADATA, "progressPercent": 50}}, {}
        if state["failed"]:
            return 200, {"name": job, "done": True, "error": {"code": 3, "message": FAILURE}}, {}
        answer = google_json(state["text"], state["speakers"])
        for result in answer["results"]:  # v1 names the times startTime, endTime, resultEndTime
            result["resultEndTime"] = result.pop("resultEndOffset")
            for word in result["alternatives"][0]["words"]:
                word["startTime"], word["endTime"] = word.pop("startOffset"), word.pop("endOffset")
                if "speakerLabel" in word:
                    word["speakerTag"] = int(word.pop("speakerLabel"))
        answer.pop("metadata")
        answer["@type"] = "type.googleapis.com/google.cloud.speech.v1.LongRunningRecognizeResponse"
        done = {"name": job, "done": True, "metadata": {**METADATA, "progressPercent": 100}, "response": answer}
        return 200, done, {}

    def token(self, form: dict) -> Answer:
        """OAuth's token endpoint: an access token for a JWT signed by the account's key."""
        claims = self.claims(form.get("assertion", [""])[0])
        if form.get("grant_type") != ["urn:ietf:params:oauth:grant-type:jwt-bearer"] or claims.get("iss") != EMAIL:
            return 400, {"error": "invalid_grant", "error_description": "Invalid JWT Signature."}, {}
        token = f"ya29.standin-{secrets.token_urlsafe(24)}"
        self.tokens.add(token)
        return 200, {"access_token": token, "expires_in": 3600, "token_type": "Bearer"}, {}

    def storage(self, method, path, query, headers, body) -> Answer:
        """The Cloud Storage JSON API: resumable upload, download, delete."""
        scheme, _, token = (headers.get("Authorization") or "").partition(" ")
        if scheme != "Bearer" or token not in self.tokens:
            return (
                401,
                {
                    "error": {
                        "code": 401,
                        "message": "Invalid Credentials",
                        "errors": [{"message": "Invalid Credentials", "domain": "global", "reason": "authError"}],
                    }
                },
                {},
            )
        bucket, _, name = path.split("/storage/v1/b/", 1)[1].partition("/o")
        if bucket == "locked-audio":
            return (
                403,
                {
                    "error": {
                        "code": 403,
                        "message": f"{EMAIL} does not have storage.objects.create access to "
                        f"the Google Cloud Storage object. Permission "
                        f"'storage.objects.create' denied on resource (or it may "
                        f"not exist).",
                    }
                },
                {},
            )
        if bucket != "news-audio":
            return 404, {"error": {"code": 404, "message": "The specified bucket does not exist."}}, {}
        if method == "GET" and path.startswith("/storage/") and "/o" not in path.split("/storage/v1/b/", 1)[1]:
            return (
                200,
                {
                    "kind": "storage#bucket",
                    "id": bucket,
                    "name": bucket,
                    "projectNumber": "1000000000000",
                    "location": "EU",
                    "storageClass": "STANDARD",
                },
                {},
            )
        name = unquote(name.lstrip("/"))
        if path.startswith("/upload/") and method == "POST" and query.get("uploadType") == ["resumable"]:
            name = query.get("name", [""])[0] or json.loads(body or b"{}").get("name", "")
            session = secrets.token_hex(8)
            self.sessions[session] = (bucket, name)
            location = f"{self.url}/upload/storage/v1/b/{bucket}/o?uploadType=resumable&upload_id={session}"
            return 200, b"", {"Location": location}
        if path.startswith("/upload/") and method == "PUT" and query.get("upload_id", [""])[0] in self.sessions:
            bucket, name = self.sessions.pop(query["upload_id"][0])
            if headers.get("Content-Range") != f"bytes 0-{len(body) - 1}/{len(body)}":
                return 400, {"error": {"code": 400, "message": "the stand-in takes one PUT of every byte"}}, {}
            self.objects[f"{bucket}/{name}"] = body
            return (
                200,
                {
                    "kind": "storage#object",
                    "bucket": bucket,
                    "name": name,
                    "size": str(len(body)),
                    "contentType": headers.get("X-Upload-Content-Type") or "audio/wav",
                    "crc32c": crc32c(body),
                    "md5Hash": base64.b64encode(hashlib.md5(body).digest()).decode(),
                    "id": f"{bucket}/{quote(name, safe='')}/1",
                    "generation": "1",
                },
                {},
            )
        if f"{bucket}/{name}" not in self.objects:
            return 404, {"error": {"code": 404, "message": "No such object: " + f"{bucket}/{name}"}}, {}
        if method == "GET" and query.get("alt") == ["media"]:
            return 200, self.objects[f"{bucket}/{name}"], {}
        if method == "DELETE":
            del self.objects[f"{bucket}/{name}"]
            return 204, b"", {}
        return 404, {"error": {"code": 404, "message": f"no route {method} {path}"}}, {}

    def batch(self, request: dict, fault) -> Answer:
        """v2's ``BatchRecognize`` of one ``gs://`` file, results inline: an operation."""
        self.requests[-1]["request"] = request
        files = request.get("files", [])
        inline = "inlineResponseConfig" in request.get("recognitionOutputConfig", {})
        if len(files) != 1 or not inline or not files[0].get("uri", "").startswith("gs://"):
            return 400, {"error": {"code": 400, "message": FAILURE, "status": "INVALID_ARGUMENT"}}, {}
        uri = files[0]["uri"]
        stored = self.objects.get(uri[len("gs://") :])
        if stored is None:
            return (
                400,
                {"error": {"code": 400, "message": f"Unable to access {uri}: not found", "status": "INVALID_ARGUMENT"}},
                {},
            )
        with wave.open(io.BytesIO(stored)) as w:
            text = self.transcripts.get(hashlib.sha256(w.readframes(w.getnframes())).hexdigest())
        job = self.new_job(
            text=text,
            failed=fault == "fail" or text is None,
            uri=uri,
            cancelled=False,
            speakers="diarizationConfig" in request.get("config", {}).get("features", {}),
        )
        name = f"projects/{PROJECT}/locations/global/operations/{job}"
        return 200, {"name": name, "metadata": {"@type": BATCH_METADATA}}, {}

    def batch_operation(self, job: str) -> Answer:
        state = self.jobs[job]
        state["polls"] += 1
        name = f"projects/{PROJECT}/locations/global/operations/{job}"
        if state["polls"] < 2 or state["text"] in self.hold:
            return 200, {"name": name, "metadata": {"@type": BATCH_METADATA}}, {}
        if state["failed"]:
            result = {"error": {"code": 3, "message": FAILURE}}
        else:
            answer = google_json(state["text"], state["speakers"])
            result = {
                "uri": state["uri"],
                "inlineResult": {"transcript": answer},
                "metadata": {"totalBilledDuration": "3s"},
            }
        response = {
            "@type": "type.googleapis.com/google.cloud.speech.v2.BatchRecognizeResponse",
            "results": {state["uri"]: result},
            "totalBilledDuration": "3s",
        }
        return 200, {"name": name, "done": True, "metadata": {"@type": BATCH_METADATA}, "response": response}, {}
