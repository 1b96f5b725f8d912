"""Run in the oracle venv (meeteval, jiwer): reads a JSON job on stdin, writes results."""

import json
import sys


def main() -> None:
    job = json.load(sys.stdin)
    out = []
    if job["kind"] == "jiwer":
        import jiwer

        for ref, hyp in job["pairs"]:
            o = jiwer.process_words(ref, hyp)
            out.append([o.mer, o.wil, o.wip])
    else:
        from meeteval.io import SegLST
        from meeteval.wer.wer.cp import cp_word_error_rate
        from meeteval.wer.wer.time_constrained import time_constrained_minimum_permutation_word_error_rate

        from meeteval.io import STM

        for ref, hyp, collar in job["cases"]:
            if isinstance(ref, str):  # STM files' contents
                r, h = STM.parse(ref).to_seglst(), STM.parse(hyp).to_seglst()
            else:
                r, h = SegLST(ref), SegLST(hyp)
            if collar is None:
                e = cp_word_error_rate(r, h)
            else:
                e = time_constrained_minimum_permutation_word_error_rate(r, h, collar=collar)
            out.append([e.errors, e.length])
    json.dump(out, sys.stdout)


main()
