"""Record subtitle-edit-rate 0.4.0's SubER and SubER-cased on its own test cases (run once).

Runs the SubER repository's tests/test_suber_metric.py (English cases; the ja/ko/zh ones need
options benchmarkstt does not have) with its scoring call recorded, and writes the inputs and
the oracle's numbers to tests/subtitles/data/suber_own_tests.json. Run it with the oracle's
Python and a checkout of github.com/apptek/SubER (its tests/ folder):

    /work/oracles/suber/bin/python benchmarks/suber_own_cases.py SUBER_CHECKOUT tests/subtitles/data/suber_own_tests.json
"""

import json
import sys
import unittest

sys.path.insert(0, sys.argv[1])
from suber.metrics.suber import calculate_SubER  # noqa: E402
from tests import test_suber_metric as T  # noqa: E402
from tests.utilities import create_temporary_file_and_read_it  # noqa: E402

cases = []


def record(self, hypothesis, reference, expected_score, language=None):
    if language:
        return
    h = create_temporary_file_and_read_it(hypothesis)
    r = create_temporary_file_and_read_it(reference)
    cases.append(
        {
            "test": self.id().split(".")[-1],
            "hypothesis": hypothesis,
            "reference": reference,
            "SubER": calculate_SubER(h, r),
            "SubER-cased": calculate_SubER(h, r, metric="SubER-cased"),
            "expected": expected_score,
        }
    )


T.SubERMetricTests._run_test = record
unittest.main(module=T, argv=["suber_own_cases"], exit=False, verbosity=0)
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(cases, f, indent=1)
