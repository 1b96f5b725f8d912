"""Whisper's text normalizers, a number normalizer and named, versioned normalization profiles."""

__version__ = "2.0.0"
