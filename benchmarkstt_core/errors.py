"""The errors every surface (CLI, API, library) turns into one clear message."""


class BenchmarkSTTError(Exception):
    """Something the user can fix: a file, an argument or a rule. Exit status 1."""

    exit_code = 1


class UsageError(BenchmarkSTTError):
    """A command line or parameter that does not fit. Exit status 2."""

    exit_code = 2


class UnknownComponentError(UsageError):
    """A component name that no installed plugin registered."""


class InputError(BenchmarkSTTError):
    """A reference, hypothesis or rules file that cannot be read."""


class PathNotAllowedError(BenchmarkSTTError):
    """A path outside the directory a server may read from.

    :param path: the path as given
    :param field: the parameter that named it
    """

    def __init__(self, path: str, field: str = "file"):
        super().__init__(f"access to {path!r} is not allowed (parameter {field!r})")
        self.path = path
        self.field = field


class PluginLoadError(UsageError):
    """A module named with ``--load`` that failed to load (the user asked for it: exit 2)."""
