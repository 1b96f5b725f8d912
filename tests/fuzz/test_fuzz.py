"""A bounded fuzz run of every target of tests/fuzz/targets.py on every test run, a longer one in
the slow run (the C kernel's property tests are in tests/metrics); benchmarks/fuzz.py runs them
longer still."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

import targets
from property_runs import example_counts

EXAMPLES = {
    "rules parser": 400,
    "config parser": 300,
    "input readers": 300,
    "JSON-RPC app": 400,
    "corpus --rerun records": 40,
    "HTML report": 40,
}


# each target with a tenth of its inputs on every test run, all of them in the slow run (the
# report's pages load in a browser: slow only)
CASES = [
    pytest.param(
        target,
        *count.values,
        id=f"{target.name}-{count.id}",
        marks=[*count.marks, *([pytest.mark.slow] if target is targets.REPORT else [])],
    )
    for target in (targets.RULES, targets.CONFIG, targets.INPUTS, targets.RPC, targets.RERUN, targets.REPORT)
    for count in example_counts(EXAMPLES[target.name])
]


@pytest.mark.parametrize("target, examples", CASES)
def test_fuzz(target, examples):
    run = settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))(
        given(target.strategy)(target.check)
    )
    run()


def test_every_input_type_is_fuzzed():
    names = targets.input_types()
    assert {"argument", "plaintext", "infer"} <= set(names)
    if targets.transcript_readers_installed():
        plugins = {spec.plugin for spec in targets.host().registries.inputs}
        assert "benchmarkstt_transcripts" in plugins or any("transcripts" in str(p) for p in plugins)
