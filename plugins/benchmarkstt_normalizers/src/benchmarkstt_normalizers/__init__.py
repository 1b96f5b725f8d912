"""benchmarkstt's standard normalizers: lowercase, unidecode, regex, replace, replacewords,
rules files (``file``) and config files (``config``), with the rules-file parser they share."""

__version__ = "2.0.0"
