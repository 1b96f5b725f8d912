"""A stand-in of Google Cloud Speech-to-Text v2's REST API on 127.0.0.1: ``POST
/v2/projects/P/locations/L/recognizers/R:recognize`` with the audio inline (base64
``content``), answered in the shape of the documented ``RecognizeResponse``; the caller
authenticated by a service account's self-signed JWT (``Authorization: Bearer JWT``, RS256,
checked against the account's public key), as Google's SDK sends it.

:func:`service_account` writes the credentials file a test points
``GOOGLE_APPLICATION_CREDENTIALS`` at. Faults: those of :mod:`standins`; ``fail``: a 400
``INVALID_ARGUMENT``."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path
from typing import Any

from standins import Answer, StandIn, words_of

PROJECT = "bench-project"
EMAIL = f"bench@{PROJECT}.iam.gserviceaccount.com"
FAILURE = "Audio data does not appear to be in a supported encoding."
METADATA = {"@type": "type.googleapis.com/google.cloud.speech.v1.LongRunningRecognizeMetadata",
            "progressPercent": 0, "startTime": "2024-01-01T00:00:00Z"}


def service_account(path: Path) -> Any:
    """Write a service account's credentials file at ``path`` (a new RSA key); its key."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption()).decode()
    path.write_text(json.dumps({"type": "service_account", "project_id": PROJECT, "private_key_id": "0a1b2c3d",
                                "private_key": pem, "client_email": EMAIL, "client_id": "1000000000000",
                                "token_uri": "https://oauth2.googleapis.com/token"}))
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
    return {"results": [{"alternatives": [{"transcript": text, "confidence": 0.92, "words": words}],
                         "resultEndOffset": end, "languageCode": "en-us"}],
            "metadata": {"totalBilledDuration": "3s", "requestId": "4f2b9a1c-0000-0000-0000-000000000000"}}


def unpadded(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class GoogleStandIn(StandIn):
    """``transcripts`` by the SHA-256 of the 16-bit samples sent; ``key`` the service
    account's private key (its public half checks the JWT)."""

    def authorised(self, h) -> bool:
        return True  # the token is checked by route(), which answers a refusal as Google does

    def signed(self, headers) -> bool:
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import padding

        scheme, _, token = (headers.get("Authorization") or "").partition(" ")
        parts = token.split(".")
        if scheme != "Bearer" or len(parts) != 3:
            return False
        try:
            self.key.public_key().verify(unpadded(parts[2]), f"{parts[0]}.{parts[1]}".encode(), padding.PKCS1v15(),
                                         hashes.SHA256())
        except (InvalidSignature, ValueError):
            return False
        claims = json.loads(unpadded(parts[1]))
        return claims.get("iss") == EMAIL and claims.get("aud", "").startswith("https://speech.googleapis.com/")

    def route(self, method, path, query, headers, body, fault) -> Answer:
        if not self.signed(headers):
            return 401, {"error": {"code": 401, "status": "UNAUTHENTICATED",
                                   "message": "Request had invalid authentication credentials. Expected OAuth 2 "
                                              "access token, login cookie or other valid authentication "
                                              "credential."}}, {}
        prefix = f"/v2/projects/{PROJECT}/locations/global/recognizers/"
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
        if fault == "fail" or text is None or decoding.get("encoding") not in (1, "LINEAR16") \
                or decoding.get("sampleRateHertz") != 16000 or not config.get("languageCodes"):
            return 400, {"error": {"code": 400, "message": FAILURE, "status": "INVALID_ARGUMENT"}}, {}
        speakers = "diarizationConfig" in config.get("features", {})
        return 200, google_json(text, speakers), {}

    def long_running(self, request: dict, fault) -> Answer:
        """v1's ``LongRunningRecognize``: an operation, done at its second poll."""
        self.requests[-1]["request"] = request
        config = request.get("config", {})
        text = self.transcripts.get(hashlib.sha256(base64.b64decode(request.get("audio", {}).get("content", ""))
                                                   ).hexdigest())
        if text is None or config.get("encoding") not in (1, "LINEAR16") or config.get("sampleRateHertz") != 16000 \
                or not config.get("languageCode"):
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
