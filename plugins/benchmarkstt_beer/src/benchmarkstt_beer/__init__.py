"""benchmarkstt's Bag of Entities Error Rate (BEER) metric, ``--beer entities.json``."""

__version__ = "2.0.0"
