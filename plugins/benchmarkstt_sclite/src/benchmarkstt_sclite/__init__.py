"""NIST sclite's numbers: its weighted alignment and tie-breaking, its reference annotations
(alternations, optionally deletable words, fragments), its speaker tables and sentence
errors, as the WER mode ``sclite`` and the command ``benchmarkstt-tools sclite``."""

__version__ = "2.0.0"
