"""benchmarkstt's speech-to-text engines: audio in, each engine's own output out, cached.

The engines (``pocketsphinx``; ``whisper``, ``faster-whisper`` and ``vosk`` as extras) take
an audio file (or a time range of one) decoded by PyAV, and return their library's natural
output, which the transcripts plugin reads. ``benchmarkstt-tools transcribe`` writes those
outputs; ``benchmarkstt-tools corpus --audio DIR --engine SPEC`` transcribes and scores.
"""

__version__ = "2.0.0"
