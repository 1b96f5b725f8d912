"""``import benchmarkstt``: benchmarkstt 1.1's documented Python API, written as 1.1's class
reference shows it, gives the numbers of the real ``benchmarkstt`` command on the tutorial's
transcripts."""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import re
import subprocess
import sys

import pytest
from doc_sessions import console_sessions, run_session, session_ids

import benchmarkstt
from conftest import DATA, ROOT

TUTORIAL = ROOT / "docs" / "tutorial"
MODULES = sorted(m.name for m in pkgutil.walk_packages(benchmarkstt.__path__, "benchmarkstt."))


def cli_results(bstt, *args) -> list:
    """The ``(title, result)`` pairs of a real ``benchmarkstt -o json`` run."""
    run = bstt(*args, "-o", "json", cwd=ROOT)
    assert run.returncode == 0, run
    return [(r["title"], r["result"]) for r in json.loads(run.stdout)]


@pytest.mark.parametrize("name", MODULES)
def test_examples_in_docstrings(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_tutorial_metrics_match_the_command(bstt):
    """1.1-style: inputs read as Schemas, each metric class compared with the command's JSON."""
    from benchmarkstt.input.core import File
    from benchmarkstt.metrics.core import CER, WER, DiffCounts, OpcodeCounts, WordDiffs
    from benchmarkstt.schema import Schema

    ref = Schema(File(str(DATA / "qt_reference.txt")))
    hyp = Schema(File(str(DATA / "qt_kaldi_hypothesis.txt")))
    # a metric given more than once is titled with its values
    ours = [
        ("wer", WER().compare(ref, hyp)),
        ("wer hunt", WER(WER.MODE_HUNT).compare(ref, hyp)),
        ("wer levenshtein", WER(mode="levenshtein").compare(ref, hyp)),
        ("cer", CER().compare(ref, hyp)),
        ("diffcounts", DiffCounts().compare(ref, hyp)),
        ("diffcounts levenshtein", DiffCounts("levenshtein").compare(ref, hyp)),
        ("worddiffs ansi", WordDiffs("ansi").compare(ref, hyp)),
        ("worddiffs html levenshtein", WordDiffs(dialect="html", differ_class="levenshtein").compare(ref, hyp)),
    ]
    assert isinstance(ours[4][1], OpcodeCounts)
    assert ours[4][1] == (10437, 4006, 859, 999)  # the tutorial's numbers
    theirs = cli_results(
        bstt,
        "-r",
        "tests/data/qt_reference.txt",
        "-h",
        "tests/data/qt_kaldi_hypothesis.txt",
        "--wer",
        "--wer",
        "hunt",
        "--wer",
        "levenshtein",
        "--cer",
        "--diffcounts",
        "--diffcounts",
        "levenshtein",
        "--worddiffs",
        "ansi",
        "--worddiffs",
        "html",
        "levenshtein",
    )
    assert [(t, r._asdict() if isinstance(r, tuple) else r) for t, r in ours] == theirs
    assert ours[0][1] == pytest.approx(0.379744, abs=5e-7)


def test_config_normalizer_and_plaintext_type_match_the_command(bstt):
    """The tutorial's one-step run: the subtitles as plain text, normalized by its config file."""
    from benchmarkstt.input.core import File
    from benchmarkstt.metrics.core import WER
    from benchmarkstt.normalization.core import Config
    from benchmarkstt.schema import Schema

    normalizer = Config(str(TUTORIAL / "config.conf"))
    for hyp_file, expected in (("qt_kaldi_hypothesis.txt", 0.196279), ("qt_aws_hypothesis.txt", 0.239889)):
        ref = Schema(File(str(DATA / "qt_subs.xml"), input_type="plaintext", normalizer=normalizer))
        hyp = Schema(File(str(DATA / hyp_file), normalizer=normalizer))
        wer = WER().compare(ref, hyp)
        assert cli_results(
            bstt,
            "-r",
            "tests/data/qt_subs.xml",
            "-rt",
            "plaintext",
            "-h",
            f"tests/data/{hyp_file}",
            "--config",
            "docs/tutorial/config.conf",
            "--wer",
        ) == [("wer", wer)]
        assert wer == pytest.approx(expected, abs=5e-7)


def test_beer_matches_the_command(bstt):
    from benchmarkstt.input.core import File
    from benchmarkstt.metrics.core import BEER
    from benchmarkstt.normalization.core import Config

    normalizer = Config(str(TUTORIAL / "beer.conf"))
    ref = File(str(DATA / "qt_subs.xml"), "plaintext", normalizer)
    hyp = File(str(DATA / "qt_aws_hypothesis.txt"), normalizer=normalizer)
    ours = BEER(str(TUTORIAL / "entities.json")).compare(ref, hyp)  # inputs iterate items: no Schema needed
    assert [("beer", ours)] == cli_results(
        bstt,
        "-r",
        "tests/data/qt_subs.xml",
        "-rt",
        "plaintext",
        "-h",
        "tests/data/qt_aws_hypothesis.txt",
        "--config",
        "docs/tutorial/beer.conf",
        "--beer",
        "docs/tutorial/entities.json",
    )


def test_beer_set_by_methods_matches_the_entities_file(bstt):
    """1.1's BEER methods: entities and weights set in Python score as the tutorial's file does."""
    from benchmarkstt.input.core import File
    from benchmarkstt.metrics.core import BEER
    from benchmarkstt.normalization.core import Config

    weights = json.loads((TUTORIAL / "entities.json").read_text())
    normalizer = Config(str(TUTORIAL / "beer.conf"))
    ref = File(str(DATA / "qt_subs.xml"), "plaintext", normalizer)
    hyp = File(str(DATA / "qt_aws_hypothesis.txt"), normalizer=normalizer)
    from_file = BEER(str(TUTORIAL / "entities.json"))
    by_hand = BEER()
    by_hand.set_entities(list(weights))
    by_hand.set_weight(list(weights.values()))
    assert by_hand.get_entities() == from_file.get_entities() == list(weights)
    assert by_hand.get_weight() == from_file.get_weight()
    assert sum(by_hand.get_weight()) == pytest.approx(1)
    expected = cli_results(
        bstt,
        "-r",
        "tests/data/qt_subs.xml",
        "-rt",
        "plaintext",
        "-h",
        "tests/data/qt_aws_hypothesis.txt",
        "--config",
        "docs/tutorial/beer.conf",
        "--beer",
        "docs/tutorial/entities.json",
    )
    assert [("beer", by_hand.compare(ref, hyp))] == expected
    counts = expected[0][1]
    bags = [[name] * counts[name]["occurrence_ref"] for name in weights]
    found_in_ref = [name for bag in bags for name in bag]
    assert by_hand.compute_beer(found_in_ref, found_in_ref)["w_av_beer"] == {
        "beer": 0,
        "occurrence_ref": counts["w_av_beer"]["occurrence_ref"],
    }
    with pytest.raises(TypeError, match="weight: expected a list of 5 numbers"):
        by_hand.set_weight([1, 2])
    with pytest.raises(TypeError, match="entities: expected a list of strings"):
        by_hand.set_entities("EU")


def test_normalizers_match_the_normalization_command(tools):
    """The tutorial's normalization step in Python: the same text as benchmarkstt-tools prints."""
    from benchmarkstt.normalization import NormalizationAggregate
    from benchmarkstt.normalization.core import Lowercase, Regex, Replace, ReplaceWords, Unidecode

    chain = NormalizationAggregate("tutorial")
    for normalizer in (
        Lowercase(),
        Regex("[,.-]", " "),
        Replace("tonight", "today"),
        ReplaceWords("the", "a"),
        Unidecode(),
    ):
        chain.add(normalizer)
    text = (DATA / "qt_reference.txt").read_text(encoding="utf-8")
    run = tools(
        "normalization",
        "-i",
        str(DATA / "qt_reference.txt"),
        "--lowercase",
        "--regex",
        "[,.-]",
        " ",
        "--replace",
        "tonight",
        "today",
        "--replacewords",
        "the",
        "a",
        "--unidecode",
    )
    assert run.returncode == 0, run
    assert chain.normalize(text) == run.stdout


def test_rules_file_normalizer(tmp_path):
    from benchmarkstt.normalization import File
    from benchmarkstt.normalization.core import File as CoreFile

    (tmp_path / "en_US").write_text('"(?i)(\\w+)-(?=\\w+)","\\1 "\nParakeet,Parrot\n', encoding="utf-8")
    assert File is CoreFile
    assert File("regex", "en_US", path=str(tmp_path)).normalize("This is an Ex-Parakeet") == "This is an Ex Parrot"


def test_segmenter_and_plaintext_iterate_items():
    from benchmarkstt.input.core import PlainText
    from benchmarkstt.normalization.core import Lowercase
    from benchmarkstt.schema import Item
    from benchmarkstt.segmentation.core import Simple

    items = list(PlainText("The  cat\u00a0sat\n", normalizer=Lowercase()))
    assert items == [Item(item="the"), Item(item="cat"), Item(item="sat")]
    assert all(isinstance(item, Item) for item in items)
    assert [i["item"] for i in Simple("a1b22c", pattern=r"\d+")] == ["a", "b", "c"]


def test_outputs_print_what_the_command_prints(bstt, capsys):
    from benchmarkstt.input.core import PlainText
    from benchmarkstt.metrics.core import WER, DiffCounts, WordDiffs
    from benchmarkstt.output.core import Json, MarkDown, ReStructuredText
    from benchmarkstt.schema import Schema

    ref, hyp = Schema(PlainText("the cat sat on the mat")), Schema(PlainText("the cat sad on a mat"))
    for output, fmt, dialect in (
        (ReStructuredText, "restructuredtext", "ansi"),
        (MarkDown, "markdown", "ansi"),
        (Json, "json", "list"),
    ):
        with output() as out:
            out.result("wer", WER().compare(ref, hyp))
            out.result("diffcounts", DiffCounts().compare(ref, hyp))
            out.result("worddiffs", WordDiffs(dialect).compare(ref, hyp))
        run = bstt(
            "-r",
            "the cat sat on the mat",
            "-h",
            "the cat sad on a mat",
            "-rt",
            "argument",
            "-ht",
            "argument",
            "--wer",
            "--diffcounts",
            "--worddiffs",
            "-o",
            fmt,
            env={"FORCE_COLOR": "1"},
        )
        assert capsys.readouterr().out == run.stdout


def test_schema_json_round_trip(tmp_path):
    from benchmarkstt.input.core import PlainText
    from benchmarkstt.schema import Item, Schema

    schema = Schema(PlainText("hello big world"))
    schema.append(Item(item="again", start=3.25))
    schema.extend([{"item": "and"}, Item({"item": "more"})])
    assert json.loads(schema.json()) == [
        {"item": "hello"},
        {"item": "big"},
        {"item": "world"},
        {"item": "again", "start": 3.25},
        {"item": "and"},
        {"item": "more"},
    ]
    assert Schema.loads(Schema.dumps(schema)) == schema
    with open(tmp_path / "s.json", "w") as f:
        Schema.dump(schema, f)
    with open(tmp_path / "s.json") as f:
        loaded = Schema.load(f)
    assert loaded == schema and isinstance(loaded[3], Item) and loaded[3]["start"] == 3.25
    assert schema[1:3] == Schema([Item(item="big"), Item(item="world")])
    assert Item(item="x").json() == '{"item": "x"}'


def test_bad_schemas_and_arguments_are_clear_errors():
    from benchmarkstt_core.errors import UnknownComponentError

    from benchmarkstt.input.core import File, PlainText
    from benchmarkstt.metrics.core import WER
    from benchmarkstt.schema import Item, Schema, SchemaInvalidItemError, SchemaJSONError

    with pytest.raises(SchemaInvalidItemError, match="needs its text as a str under 'item'"):
        Item(start=1)
    with pytest.raises(SchemaInvalidItemError, match="not 'word'"):
        Schema(["word"])
    with pytest.raises(ValueError):  # 1.1 documents SchemaError as a ValueError
        Schema().append(3)
    with pytest.raises(SchemaJSONError, match="not a list of items"):
        Schema.loads('[{"text": "a"}]')
    with pytest.raises(SchemaJSONError, match="expected a JSON list of items, got dict"):
        Schema.loads('{"item": "a"}')
    with pytest.raises(TypeError, match="ref: expected a Schema or an iterable of Items, not str"):
        WER().compare("a b", Schema(PlainText("a b")))
    with pytest.raises(UnknownComponentError, match="unknown input 'pdf'"):
        File("x.pdf", input_type="pdf")


def test_version_is_the_commands(bstt):
    assert f"benchmarkstt: {benchmarkstt.__version__}\n" == bstt("--version").stdout
    assert set(benchmarkstt.__all__) <= set(dir(benchmarkstt))


def test_import_is_cheap_and_lazy():
    """``import benchmarkstt`` loads no plugin (of the core, only its lazy-name helper); a
    subpackage loads on first access."""
    code = (
        "import sys, benchmarkstt; before = sorted(m for m in sys.modules if m.startswith(('pluggy', "
        "'benchmarkstt_'))); import benchmarkstt.metrics.core; "
        "print(before, 'benchmarkstt_metrics' in sys.modules)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.split() == ["['benchmarkstt_core',", "'benchmarkstt_core.lazy']", "True"]


def test_usage_page_session(monkeypatch):
    """docs/usage.md's 1.1 Python session prints what the page shows."""
    text = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", text, re.S)
    assert blocks
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"usage.md pycon {number}", "docs/usage.md", 0))
    results = runner.summarize(verbose=False)
    assert results.failed == 0 and results.attempted >= 9


USAGE_SESSIONS = console_sessions(ROOT / "docs" / "usage.md")


@pytest.mark.parametrize("command, output", USAGE_SESSIONS, ids=session_ids(USAGE_SESSIONS))
def test_usage_page_console_session(command, output):
    """docs/usage.md's command-line session prints what the page shows."""
    run_session(command, output, cwd=ROOT)


def test_config_files_name_1_1_classes_by_dotted_path(bstt, tmp_path):
    """1.1's documented dotted class paths in config files resolve to these classes (the
    conformance case config-dotted-class-unknown pins 1.1's failure to do so)."""
    (tmp_path / "c.conf").write_text("[normalization]\nbenchmarkstt.normalization.core.Lowercase\n")
    run = bstt(
        "-r",
        "The Cat",
        "-h",
        "the cat",
        "-rt",
        "argument",
        "-ht",
        "argument",
        "--config",
        "c.conf",
        "--wer",
        cwd=tmp_path,
    )
    assert (run.returncode, run.stdout) == (0, "wer\n===\n\n0.000000\n\n"), run
