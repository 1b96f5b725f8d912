"""The hook implementations of benchmarkstt-timing.

Every metric is registered by name and import path: a run that uses none of them imports
none of their modules.
"""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_metrics(register: Register) -> None:
    """tcwer, cpwer, tcpwer, timing, speakerwer."""
    for name, where in (
        ("tcwer", "metrics:TCWER"),
        ("cpwer", "metrics:CPWER"),
        ("tcpwer", "metrics:TCPWER"),
        ("timing", "metrics:Timing"),
        ("speakerwer", "speakerwer:SpeakerWER"),
    ):
        register(f"benchmarkstt_timing.{where}", name=name)
