"""benchmarkstt's transcript formats: subtitles, engines' JSON and scoring files as inputs.

Read a file as a :class:`~benchmarkstt_transcripts.model.Transcript` (segments, words, times,
speakers) with :func:`~benchmarkstt_transcripts.reading.read_transcript`.
"""

__version__ = "2.0.0"
