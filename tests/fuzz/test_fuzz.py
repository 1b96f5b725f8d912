"""A bounded fuzz run of every target of tests/fuzz/targets.py on every test run (the C
kernel's property tests are in tests/metrics); benchmarks/fuzz.py runs them longer."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

import targets

EXAMPLES = {"rules parser": 400, "config parser": 300, "input readers": 300, "JSON-RPC app": 400,
            "corpus --rerun records": 40, "HTML report": 40}


@pytest.mark.parametrize("target", [targets.RULES, targets.CONFIG, targets.INPUTS, targets.RPC, targets.RERUN,
                                    pytest.param(targets.REPORT, marks=pytest.mark.slow)],
                         ids=lambda t: t.name)
def test_fuzz(target):
    run = settings(max_examples=EXAMPLES[target.name], deadline=None, database=None,
                   suppress_health_check=list(HealthCheck))(given(target.strategy)(target.check))
    run()


def test_every_input_type_is_fuzzed():
    names = targets.input_types()
    assert {"argument", "plaintext", "infer"} <= set(names)
    if targets.transcript_readers_installed():
        plugins = {spec.plugin for spec in targets.host().registries.inputs}
        assert "benchmarkstt_transcripts" in plugins or any("transcripts" in str(p) for p in plugins)
