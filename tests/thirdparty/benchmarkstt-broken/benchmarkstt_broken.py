"""A plugin whose import fails, as one with a missing dependency would."""

import benchmarkstt_no_such_dependency  # noqa: F401
