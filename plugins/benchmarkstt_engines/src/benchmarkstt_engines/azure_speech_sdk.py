"""Azure's real-time recognition through Microsoft's Speech SDK (azure-cognitiveservices-speech),
for the ``azure`` engine's ``mode=sdk``: continuous recognition of one file with detailed
output and word times, its results as the SDK gives them, its cancellations mapped as HTTP
answers are (refused credentials stop the run; throttling, a lost connection and the
service's own errors are tried again; anything else is that file's failure).
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from .audio import Audio
from .cloud import Transient, VendorFailed
from .engine import EngineError

#: the Speech SDK's cancellation codes worth another try; authentication ones stop the run
SDK_TRANSIENT = ("TooManyRequests", "ConnectionFailure", "ServiceTimeout", "ServiceError", "ServiceUnavailable")
SDK_REFUSED = ("AuthenticationFailure", "Forbidden")


def recognize(engine: Any, audio: Audio, left: float) -> str:
    """The Speech SDK's continuous recognition of ``audio`` within ``left`` seconds, with the
    ``azure`` ``engine``'s key, host (``base_url``) or region, language and phrase list: the
    JSON array of its recognised results."""
    speechsdk = engine.sdk()
    key = engine.load()
    if engine.base_url:
        config = speechsdk.SpeechConfig(host=engine.base_url, subscription=key)
    else:
        config = speechsdk.SpeechConfig(subscription=key, region=os.environ["SPEECH_REGION"])
    config.speech_recognition_language = engine.language
    config.output_format = speechsdk.OutputFormat.Detailed
    config.request_word_level_timestamps()
    stream = speechsdk.audio.PushAudioInputStream(
        speechsdk.audio.AudioStreamFormat(samples_per_second=audio.rate, bits_per_sample=16, channels=1)
    )
    stream.write(audio.samples)
    stream.close()
    recognizer = speechsdk.SpeechRecognizer(
        speech_config=config, audio_config=speechsdk.audio.AudioConfig(stream=stream)
    )
    phrase_list = speechsdk.PhraseListGrammar.from_recognizer(recognizer)
    for phrase in engine.phrases:
        phrase_list.addPhrase(phrase)
    results: list = []
    failures: list = []
    done = threading.Event()

    def canceled(event: Any) -> None:
        details = event.cancellation_details
        if details.reason == speechsdk.CancellationReason.Error:
            failures.append((details.code.name, " ".join(details.error_details.split())))
        done.set()

    recognizer.recognized.connect(lambda event: results.append(event.result.json))
    recognizer.canceled.connect(canceled)
    recognizer.session_stopped.connect(lambda event: done.set())
    recognizer.start_continuous_recognition()
    end = time.monotonic() + left
    try:
        while not done.wait(0.1):
            if engine.stopping.is_set():
                raise VendorFailed("azure: interrupted")
            if time.monotonic() > end:
                raise Transient("no answer in time")
    finally:
        recognizer.stop_continuous_recognition()
    if failures:
        raise failure(*failures[0])
    return "[" + ",".join(results) + "]"


def failure(code: str, details: str) -> Exception:
    """The failure of a recognition the SDK cancelled with ``code`` and ``details``.

    :example:
        >>> print(failure("BadRequest", "Connection was closed. Error code: 1007. SessionId: 9ac1"))
        azure: BadRequest: Connection was closed. Error code: 1007.
        >>> type(failure("TooManyRequests", "429")).__name__
        'Transient'
    """
    message = details.split(" SessionId:")[0]
    if code in SDK_REFUSED:
        return EngineError(f"engine 'azure': credentials refused: {code}: {message}")
    if code in SDK_TRANSIENT:
        return Transient(f"{code}: {message}")
    return VendorFailed(f"azure: {code}: {message}")
