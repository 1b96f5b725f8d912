"""The version of this distribution, as a literal that setup.cfg reads without importing."""

__version__ = "2.0.0"
