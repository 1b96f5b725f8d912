"""The hook implementations of benchmarkstt-timing."""

from __future__ import annotations

from typing import Callable

from benchmarkstt_core.hookspecs import hookimpl


@hookimpl
def register_metrics(register: Callable) -> None:
    """mer, wil, wip, ser, tcwer, cpwer, tcpwer, timing, speakerwer."""
    from . import metrics, rates

    for klass in (rates.MER, rates.WIL, rates.WIP, rates.SER, metrics.TCWER, metrics.CPWER,
                  metrics.TCPWER, metrics.Timing, metrics.SpeakerWER):
        register(klass)
