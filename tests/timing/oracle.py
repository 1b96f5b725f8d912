"""Run in the oracle venv (meeteval): reads a JSON job on stdin, writes results.

A meeteval case is [reference, hypothesis, collar]; each side is {"seglst": a SegLST file's
content}, {"stm": an STM file's content} or {"ctm": {speaker: a CTM file's content}} (meeteval
reads a CTM file per speaker, the speaker named by the file). meeteval reads every file's times
as decimals (SegLST files through simplejson). A collar of None asks for cpWER.
"""

import json
import logging
import sys
from decimal import Decimal

from meeteval.io import CTM, STM, CTMGroup, SegLST
from meeteval.wer.wer.cp import cp_word_error_rate
from meeteval.wer.wer.time_constrained import time_constrained_minimum_permutation_word_error_rate


def main() -> None:
    job = json.load(sys.stdin)
    out = []
    logging.disable(logging.WARNING)  # its advice on collars and word order, per case

    def read(side):
        if "stm" in side:
            return STM.parse(side["stm"]).to_seglst()
        if "ctm" in side:
            return CTMGroup({name: CTM.parse(text) for name, text in side["ctm"].items()}).to_seglst()
        return SegLST.parse(side["seglst"])

    for ref, hyp, collar in job["cases"]:
        r, h = read(ref), read(hyp)
        if collar is None:
            e = cp_word_error_rate(r, h)
        else:
            e = time_constrained_minimum_permutation_word_error_rate(r, h, collar=Decimal(str(collar)))
        out.append(
            [
                e.errors,
                e.length,
                e.substitutions,
                e.deletions,
                e.insertions,
                sorted([r, h] for r, h in e.assignment if r is not None and h is not None),
            ]
        )
    json.dump(out, sys.stdout)


main()
