"""Times in subtitle formats as seconds.

:example:
    >>> clock("01:02:03.5"), clock("02:03,250"), clock("00:00:01:12", frame_rate=25)
    (3723.5, 123.25, 1.48)
"""

from __future__ import annotations

import re

#: hours, frames and sub-frames of at most 9 digits: more is no time of a recording, and Python's
#: ``int`` of thousands of digits is an error (and slow); a fraction of seconds may be any length
_CLOCK = re.compile(r"^(?:(\d{1,9}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d+)|:(\d{1,9})(?:\.(\d{1,9}))?)?$")


def clock(value: str, frame_rate: float = 30.0) -> float | None:
    """``[HH:]MM:SS[.fff]``, ``,fff`` (SRT) or ``HH:MM:SS:FF`` (frames) as seconds; ``None`` if it is none of them.

    Seconds are rounded to the microsecond. ``HH:MM:SS.ffffff`` (the usual form) is counted in
    whole microseconds and divided once: the nearest float to the exact time, as rounding the sum
    gives, without the cost of ``round``."""
    parts = value.split(":")
    if len(parts) == 3 and parts[0].isdecimal() and len(parts[0]) <= 9 and parts[1].isdecimal() and len(parts[1]) == 2:
        seconds = parts[2]
        whole, dot, fraction = seconds.partition(".")
        if whole.isdecimal() and len(whole) == 2 and (not dot or fraction.isdecimal()):
            if len(fraction) <= 6:
                micro = int(fraction.ljust(6, "0"))
                return (((int(parts[0]) * 60 + int(parts[1])) * 60 + int(whole)) * 1_000_000 + micro) / 1_000_000
            return round(int(parts[0]) * 3600 + int(parts[1]) * 60 + float(seconds), 6)
    m = _CLOCK.match(value.strip())
    if not m:
        return None
    hours, minutes, seconds, fraction, frames, _subframes = m.groups()
    total: float = int(hours or 0) * 3600 + int(minutes) * 60 + int(seconds)
    if fraction:
        total += float(f"0.{fraction}")
    if frames:
        total += int(frames) / frame_rate
    return round(total, 6)
