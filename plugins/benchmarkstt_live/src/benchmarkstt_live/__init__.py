"""benchmarkstt's live (streaming) benchmarks: engines fed a recording in chunks, every partial
and final result logged with the moment it arrived on two clocks, and how late and how stable
their words are.

``benchmarkstt-tools live`` streams recordings through an engine (``pocketsphinx-streaming``,
``vosk-streaming``, ``deepgram-live``, ``speechmatics-rt``, ``assemblyai-live``, ``azure-live``,
``aws-live``, ``google-live``) or reads event logs, finds where each reference word ends (a timed
reference, or pocketsphinx's forced alignment of a plain one) and reports word emission and
first-display latency, flicker and final WER; ``--punctuation-error-rate`` and ``--casedwer``
score the punctuation and case live subtitles are read with.
"""

__version__ = "2.0.0"
