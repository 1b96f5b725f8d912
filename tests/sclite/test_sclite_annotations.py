"""NIST annotations read by the STM/TRN/CTM readers, scored by `benchmarkstt` in every WER mode:
the sclite modes as `benchmarkstt-tools sclite` and the real sclite, single pair and corpus;
the unit-cost modes by the branch of fewest errors; user mistakes as one error line."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import installed, needs_shared
from test_sclite_sctk_data import DATA

BIN = Path(sys.executable).parent
SCLITE = os.environ.get("BENCHMARKSTT_SCLITE") or shutil.which("sclite") or "/work/oracles/sctk/bin/sclite"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, text=True, cwd=cwd, timeout=120)


def results(*args: str) -> dict:
    done = run("benchmarkstt", *args, "-o", "json")
    assert done.returncode == 0, done.stderr
    return {r["title"]: r["result"] for r in json.loads(done.stdout)}


def tool_counts(ref: Path, hyp: Path, *options: str) -> dict:
    done = run("benchmarkstt-tools", "sclite", "-r", str(ref), "-h", str(hyp), "-o", "json", *options)
    assert done.returncode == 0, done.stderr
    totals = dict.fromkeys("CSDI", 0)
    for u in json.loads(done.stdout)["utterances"]:
        for key in totals:
            totals[key] += u[key]
    return totals


def as_diffcounts(c: dict) -> dict:
    return {"equal": c["C"], "replace": c["S"], "insert": c["I"], "delete": c["D"]}


needs_data = needs_shared(DATA is not None and (DATA / "lvc_refe.stm").is_file(), "SCTK's test data")


@needs_data
@pytest.mark.parametrize("hyp", ["lvc_hyp.ctm", pytest.param("lvc_hypc.ctm", marks=pytest.mark.slow)])
def test_stm_ctm_alternations_as_the_sclite_command(hyp):
    ref, hyp = DATA / "lvc_refe.stm", DATA / hyp
    found = results("-r", str(ref), "-h", str(hyp), "--wer", "sclite", "--diffcounts", "strict", "sclite")
    c = tool_counts(ref, hyp)
    assert found["diffcounts"] == as_diffcounts(c)
    assert found["wer"] == (c["S"] + c["D"] + c["I"]) / (c["C"] + c["S"] + c["D"])
    options = results("-r", str(ref), "-h", str(hyp), "--diffcounts", "strict", "sclite-df")
    assert options["diffcounts"] == as_diffcounts(tool_counts(ref, hyp, "-D", "-F"))


@pytest.mark.slow
@needs_data
def test_corpus_mode_agrees_with_single_pair(tmp_path):
    for name, source in (("r", "lvc_refe.stm"), ("a", "lvc_hyp.ctm")):
        (tmp_path / name).mkdir()
        shutil.copy(DATA / source, tmp_path / name / ("x" + Path(source).suffix))
    done = run(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "r",
        "-h",
        "a=a",
        "--wer",
        "sclite",
        "--wer",
        "levenshtein",
        "--lowercase",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    pooled = json.loads(done.stdout)["engines"]["a"]["metrics"]
    single = results(
        "-r",
        str(tmp_path / "r" / "x.stm"),
        "-h",
        str(tmp_path / "a" / "x.ctm"),
        "--wer",
        "sclite",
        "--wer",
        "levenshtein",
        "--lowercase",
    )
    assert pooled["wer sclite"]["pooled"] == single["wer sclite"]
    assert pooled["wer levenshtein"]["pooled"] == single["wer levenshtein"]


def write(folder: Path, name: str, text: str) -> str:
    (folder / name).write_text(text)
    return str(folder / name)


def test_unit_cost_modes_take_the_branch_of_fewest_errors(tmp_path):
    ref = write(tmp_path, "ref.trn", "the { cat / dog } sat (uh) on { a / @ } mat (s_1)\nhello there (s_2)\n")
    hyp = write(tmp_path, "hyp.trn", "the dog sat on mat (s_1)\nhello where (s_2)\n")
    found = results(
        "-r",
        ref,
        "-h",
        hyp,
        "--wer",
        "levenshtein",
        "--wer",
        "strict",
        "--wer",
        "hunt",
        "--cer",
        "--diffcounts",
        "levenshtein",
    )
    # chosen: "the dog sat on mat" + "hello there": one substitution in 7 words
    assert found["wer levenshtein"] == found["wer strict"] == pytest.approx(1 / 7)
    assert found["diffcounts"] == {"equal": 6, "replace": 1, "insert": 0, "delete": 0}
    assert found["cer"] == pytest.approx(1 / len("thedogsatonmathellothere"))


def test_nested_alternations_offer_every_path_in_the_unit_cost_modes(tmp_path):
    ref = write(tmp_path, "ref.trn", "{ I am / { (uh) / @ } } here (s_1)\n")
    for hyp, expected in (("here (s_1)\n", 0), ("uh here (s_1)\n", 0), ("I here (s_1)\n", 1 / 3)):
        assert results("-r", ref, "-h", write(tmp_path, "hyp.trn", hyp), "--wer", "levenshtein")["wer"] == expected


@pytest.mark.parametrize("mode, expected", [("sclite", 1 / 7), ("sclite-d", 0), ("levenshtein", 0)])
def test_a_trn_hypothesis_may_offer_alternations(tmp_path, mode, expected):
    # the path of least cost of each; under -D (sclite-d) and in the unit-cost modes, which read
    # (uh) as the optional word uh on both sides, the hypothesis's (on) is the word on
    ref = write(tmp_path, "ref.trn", "the cat sat on the mat (s_1)\nhello (s_2)\n")
    hyp = write(tmp_path, "hyp.trn", "the {cat / dog} sat (on) the mat (s_1)\n{ hello / yellow } (s_2)\n")
    assert results("-r", ref, "-h", hyp, "--wer", mode)["wer"] == pytest.approx(expected)


def test_normalizers_reach_the_branches(tmp_path):
    ref = write(tmp_path, "ref.trn", "The { Cat / Dog } sat (s_1)\n")
    hyp = write(tmp_path, "hyp.trn", "the dog sat (s_1)\n")
    assert results("-r", ref, "-h", hyp, "--wer", "levenshtein", "--lowercase")["wer"] == 0


MISTAKES = {
    "unclosed": (
        "fine words (s_1)\nthe { cat / dog sat (s_2)\n",
        "fine words (s_1)\nthe dog sat (s_2)\n",
        "ref.trn:2: the alternation '{ cat / dog sat' has no closing '}'",
    ),
    "hypothesis": (
        "f1 A s 0.0 2.0 the cat sat\nf1 A s 2.0 3.0 hello\n",
        "f1 A s 0.0 2.0 the cat sat\nf1 A s 2.0 3.0 { hello / yellow }\n",
        "hyp.stm:2: an alternation ({ a / b }) in an STM hypothesis: only a reference may have them "
        "(a TRN hypothesis may, and a CTM hypothesis may have <ALT_BEGIN> blocks)",
    ),
}


@pytest.mark.parametrize("mode", ["sclite", "levenshtein"])
@pytest.mark.parametrize("mistake", MISTAKES)
def test_mistakes_are_one_error_line_naming_file_and_line(tmp_path, mistake, mode):
    ref, hyp, message = MISTAKES[mistake]
    suffix = "stm" if mistake == "hypothesis" else "trn"
    write(tmp_path, f"ref.{suffix}", ref)
    write(tmp_path, f"hyp.{suffix}", hyp)
    done = run("benchmarkstt", "-r", f"ref.{suffix}", "-h", f"hyp.{suffix}", "--wer", mode, cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (1, "", f"benchmarkstt: error: {message}\n")


def generated_pair(seed: int) -> tuple:
    """An STM with alternations, optional words and fragments, a CTM with errors and blocks."""
    rng = random.Random(seed)
    vocab = "a b c d e f g h i j k l".split()
    stm, ctm = [], []
    for file in ("f1", "f2"):
        t = 0.0
        for n in range(30):
            tokens, spoken = [], []
            for _ in range(rng.randint(2, 8)):
                r = rng.random()
                w = rng.choice(vocab)
                if r < 0.15:
                    x = rng.choice(vocab)
                    tokens += ["{", w, "/", x, "/", "@", "}"] if rng.random() < 0.5 else ["{", w, "/", x, w, "}"]
                    spoken.append(rng.choice([w, x]))
                elif r < 0.25:
                    tokens.append(f"({w})")
                    if rng.random() < 0.5:
                        spoken.append(w)
                elif r < 0.3:
                    tokens.append(w + "x-")
                    spoken.append(w + "xyz")
                else:
                    tokens.append(w.upper() if rng.random() < 0.1 else w)
                    spoken.append(w)
            end = t + 2.0
            stm.append(f"{file} 1 spk{n % 3} {t:.2f} {end:.2f} {' '.join(tokens)}")
            spoken = [rng.choice(vocab) if rng.random() < 0.1 else w for w in spoken if rng.random() > 0.1]
            for k, w in enumerate(spoken):
                start = t + 0.1 + k * 1.8 / max(1, len(spoken))
                if rng.random() < 0.05:
                    ctm += [
                        f"{file} 1 * * <ALT_BEGIN>",
                        f"{file} 1 {start:.2f} 0.05 {w}",
                        f"{file} 1 * * <ALT>",
                        f"{file} 1 {start:.2f} 0.05 {rng.choice(vocab)}",
                        f"{file} 1 * * <ALT_END>",
                    ]
                else:
                    ctm.append(f"{file} 1 {start:.2f} 0.05 {w}")
            t = end
    return "\n".join(stm) + "\n", "\n".join(ctm) + "\n"


def sclite_counts(folder: Path, *options: str) -> dict:
    done = subprocess.run(
        [SCLITE, "-r", "ref.stm", "stm", "-h", "hyp.ctm", "ctm", "-o", "rsum", "stdout", *options],
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=120,
    )
    row = next(line for line in done.stdout.splitlines() if "| Sum " in line)
    numbers = row.replace("|", " ").split()[1:]
    return {"C": int(numbers[2]), "S": int(numbers[3]), "D": int(numbers[4]), "I": int(numbers[5])}


@pytest.mark.slow
@pytest.mark.skipif(not os.access(SCLITE, os.X_OK), reason="no sclite binary ($BENCHMARKSTT_SCLITE)")
@pytest.mark.parametrize("seed", range(6))
def test_generated_stm_ctm_as_the_real_sclite(tmp_path, seed):
    stm, ctm = generated_pair(seed)
    ref, hyp = write(tmp_path, "ref.stm", stm), write(tmp_path, "hyp.ctm", ctm)
    for variant, options in (("sclite", ()), ("sclite-df", ("-D", "-F"))):
        found = results("-r", ref, "-h", hyp, "--diffcounts", "strict", variant)
        assert found["diffcounts"] == as_diffcounts(sclite_counts(tmp_path, *options)), variant


def test_utterance_corpus_keeps_each_utterances_annotations(tmp_path):
    pytest.importorskip("benchmarkstt_corpus")  # not in the sclite plugin's own environment
    ref = write(tmp_path, "ref.trn", "the { cat / dog } sat (s_1)\nhello (uh) there (s_2)\n{ a / @ } b (s_3)\n")
    hyp = write(tmp_path, "hyp.trn", "the dog sat (s_1)\nhello there (s_2)\nb c (s_3)\n")
    single = results("-r", ref, "-h", hyp, "--wer", "levenshtein", "--wer", "sclite-d")
    assert single == {"wer levenshtein": 1 / 6, "wer sclite-d": 1 / 7}
    done = run(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        ref,
        "-h",
        f"a={hyp}",
        "--wer",
        "levenshtein",
        "--wer",
        "sclite-d",
        "-o",
        "json",
    )
    assert done.returncode == 0, done.stderr
    pooled = json.loads(done.stdout)["engines"]["a"]["metrics"]
    assert {title: value["pooled"] for title, value in pooled.items()} == single


@needs_data
def test_a_long_utterance_cut_where_the_texts_agree_gives_the_same_numbers(tmp_path, monkeypatch):
    """An STM reference against a plain text (one utterance): cut into pieces or not, the same."""
    from benchmarkstt_core.context import Context
    from benchmarkstt_core.pipeline import Pipeline
    from benchmarkstt_core.plugins import make_plugin_manager
    from benchmarkstt_sclite import annotations

    words = [
        line.split()[4].split(";")[0]
        for line in (DATA / "lvc_hyp.ctm").read_text().splitlines()
        if line.strip() and not line.startswith(";;") and "<ALT" not in line
    ]
    write(tmp_path, "hyp.txt", " ".join(words))
    host = make_plugin_manager()
    context = Context(host.registries, host.hook)
    pipeline = Pipeline(
        host.registries, ["lowercase"], [("wer", "levenshtein"), ("wer", "strict"), "cer"], context=context
    )

    def scores() -> list:
        ref = host.registries.inputs.get("stm").create([str(DATA / "lvc_refe.stm")], context=context).read()
        hyp = host.registries.inputs.get("plaintext").create([str(tmp_path / "hyp.txt")], context=context).read()
        return pipeline.run(ref, hyp)

    whole = scores()
    monkeypatch.setattr(annotations, "MAX_CELLS", 1000)
    assert len(annotations.pieces(("a b c d e f g { h / i } " * 100).split(), ("a b c d e f g h " * 100).split())) > 90
    assert scores() == whole


@pytest.mark.skipif(not installed("benchmarkstt_corpus"), reason="time windows are corpus mode's")
@pytest.mark.parametrize("mode, errors", [("sclite", [0, 1]), ("sclite-d", [0, 0]), ("levenshtein", [0, 0])])
def test_time_windows_of_a_corpus_keep_the_annotations(tmp_path, mode, errors):
    # corpus --split-by-time: each window is scored with its STM segments' alternations and
    # optional words (and its CTM words), as the whole file is; (uh) is an error without -D
    (tmp_path / "ref").mkdir()
    (tmp_path / "e").mkdir()
    write(tmp_path / "ref", "m1.stm", "m1 A bob 0.0 3.0 the { cat / dog } sat\nm1 A bob 3.0 6.0 on (uh) the mat\n")
    write(
        tmp_path / "e",
        "m1.ctm",
        "".join(
            f"m1 A {t} 0.3 {w} 0.9\n" for t, w in zip((0.5, 1.0, 2.0, 3.5, 4.5, 5.0), "the dog sat on the mat".split())
        ),
    )
    done = run(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "ref",
        "-h",
        "e=e",
        "--jobs",
        "1",
        "--wer",
        mode,
        "--split-by-time",
        "3",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    files = json.loads(done.stdout)["engines"]["e"]["files"]
    assert [(f["id"], f["errors"]) for f in files] == [("m1@0000-0003", errors[0]), ("m1@0003-0006", errors[1])]


RESOLVER = """from benchmarkstt_core.hookspecs import hookimpl
from benchmarkstt_metrics.differs import RatcliffObershelp


class {cls}(RatcliffObershelp):
    name = "{name}"

    @staticmethod
    def resolve_unit_costs(ref, hyp):  # every alternation's branch {branch}
        return {words}, hyp.words, None


@hookimpl
def register_differs(register):
    register({cls})
"""


def resolvers(folder: Path) -> None:
    """Two --load plugins, each with a differ that chooses the branches of alternations its own way."""
    write(folder, "first.py", RESOLVER.format(cls="First", name="first", branch="'cat'", words='["the", "cat", "sat"]'))
    write(folder, "last.py", RESOLVER.format(cls="Last", name="last", branch="'dog'", words='["the", "dog", "sat"]'))


@pytest.mark.parametrize("order", [("first", "last"), ("last", "first")])
def test_the_differ_that_chooses_the_branches_is_decided_by_rule_not_load_order(tmp_path, order):
    resolvers(tmp_path)
    ref = write(tmp_path, "ref.trn", "the { cat / dog } sat (s_1)\n")
    hyp = write(tmp_path, "hyp.trn", "the dog sat (s_1)\n")

    def score(*metric: str) -> subprocess.CompletedProcess:
        return run("benchmarkstt", "-r", ref, "-h", hyp, "-o", "json", "--load", *order, *metric, cwd=tmp_path)

    # the metric's own differ decides: whichever plugin was loaded first
    for differ, expected in (("first", 1 / 3), ("last", 0)):
        done = score("--wer", "strict", differ)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)[0]["result"] == pytest.approx(expected)
    # no differ named and three that choose (sclite's, first's, last's): none is used, whatever the order
    done = score("--wer", "levenshtein")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1] == (
        "benchmarkstt: error: NIST alternations: the differs 'first' (plugin '--load first') and 'last' (plugin "
        "'--load last') and 'sclite' (plugin 'benchmarkstt_sclite') each choose their branches at unit costs, so "
        "none of them is used: name one as the metric's differ (--wer strict first) or keep one plugin "
        "(BENCHMARKSTT_DISABLE_PLUGINS=PLUGIN)"
    )


@pytest.mark.parametrize("mode", ["strict", "levenshtein", "hunt", "sclite"])
def test_a_file_scored_against_itself_has_no_errors(tmp_path, mode):
    # an STM or TRN given as the hypothesis keeps its markup: in the unit-cost modes its (uh)
    # was the word "(uh)" against the reference's optional "uh", so a file scored against itself
    # had errors (5.5% on a speaking test's 140,000-word STM)
    text = "hello (uh) world %hesitation% ga- {a / b} (x_1)\nand (um) more (x_2)\n"
    for name in ("ref.trn", "hyp.trn"):
        write(tmp_path, name, text)
    stm = "x 1 A 0.0 2.0 <o> hello (uh) world %hesitation% ga-\nx 1 A 2.0 3.0 <o> and (um) more\n"
    for name in ("ref.stm", "hyp.stm"):
        write(tmp_path, name, stm)
    for ref, hyp in (("ref.trn", "hyp.trn"), ("ref.stm", "hyp.stm")):
        found = results("-r", str(tmp_path / ref), "-h", str(tmp_path / hyp), "--wer", mode)
        assert found["wer"] == 0, (ref, found)


@pytest.mark.parametrize("mode, expected", [("sclite", 2 / 7), ("levenshtein", 1 / 6), ("strict", 1 / 6)])
def test_trn_ids_pair_in_any_ascii_case_as_sclite_pairs_them(tmp_path, mode, expected):
    # SCTK's csrnab.ref spells 4t0c0204 where csrnab.hyp spells 4T0C0204; sclite (2 errors in
    # 7 words: its (uh) is a word without -D), its command here and corpus mode pair them; the
    # unit-cost modes refused them ("utterance id '4T0C0204' is not in the reference")
    ref = write(tmp_path, "ref.trn", "the (uh) cat sat (4t0c0204)\non the mat (4T0C0205)\n")
    hyp = write(tmp_path, "hyp.trn", "the cat sat (4T0C0204)\non the hat (4t0c0205)\n")
    assert results("-r", ref, "-h", hyp, "--wer", mode)["wer"] == pytest.approx(expected)


def test_trn_ids_of_one_file_that_differ_only_in_case_are_an_error(tmp_path):
    ref = write(tmp_path, "ref.trn", "the (uh) cat (s_1)\nsat (S_1)\n")
    hyp = write(tmp_path, "hyp.trn", "the cat (s_1)\n")
    done = run("benchmarkstt", "-r", ref, "-h", hyp, "--wer", "levenshtein")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"benchmarkstt: error: {ref}:2: utterance id 'S_1' is 's_1' of line 1 in another case\n"
