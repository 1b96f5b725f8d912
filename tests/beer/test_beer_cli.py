"""``--beer`` as a user runs it: real entities files, the installed commands, every output format."""

from __future__ import annotations

import json

import pytest

ARGS = ("-rt", "argument", "-ht", "argument")


def beer_block(*lines: str) -> str:
    return "beer\n====\n\n" + "\n".join(lines) + "\n\n"


@pytest.fixture
def entities(tmp_path):
    """``entities(text, name=...)`` writes an entities file into ``tmp_path`` and returns its name."""

    def write(text: str, name: str = "e.json", encoding: str = "utf-8") -> str:
        (tmp_path / name).write_text(text, encoding=encoding)
        return name

    return write


def test_overlapping_entities_and_normalised_weights(bstt, entities, tmp_path):
    name = entities('{"EU": 1, "the EU": 1, "I": 2}')
    run = bstt("-r", "the EU and the EU said I", "-h", "EU EU EU said I", *ARGS, "--beer", name, cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout == beer_block(
        "EU: {'beer': 0.5, 'occurrence_ref': 2}",
        "the EU: {'beer': 1.0, 'occurrence_ref': 2}",
        "I: {'beer': 0.0, 'occurrence_ref': 1}",
        "w_av_beer: {'beer': 0.15, 'occurrence_ref': 5}",
    )


def test_json_output_keeps_entity_order(bstt, entities, tmp_path):
    name = entities('{"the EU": 1, "EU": 1}')
    run = bstt("-r", "the EU and EU", "-h", "EU", *ARGS, "--beer", name, "-o", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    result = json.loads(run.stdout)[0]["result"]
    assert list(result) == ["the EU", "EU", "w_av_beer"]
    assert result["the EU"] == {"beer": 1.0, "occurrence_ref": 1}
    assert result["EU"] == {"beer": 0.5, "occurrence_ref": 2}
    assert result["w_av_beer"] == {"beer": 0.333, "occurrence_ref": 3}  # (1/2 * 1 + 1/2 * 1) / 3


def test_markdown_and_tools_metrics(tools, entities, tmp_path):
    name = entities('{"Paris": 1, "France": 1}')
    run = tools(
        "metrics",
        "-r",
        "Paris is in France",
        "-h",
        "paris is in France",
        *ARGS,
        "--beer",
        name,
        "-o",
        "markdown",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    assert run.stdout == (
        "# beer\n\nParis: {'beer': 1.0, 'occurrence_ref': 1}\n"
        "France: {'beer': 0.0, 'occurrence_ref': 1}\n"
        "w_av_beer: {'beer': 0.25, 'occurrence_ref': 2}\n\n"
    )


@pytest.mark.parametrize(
    "content, ref, hyp, lines",
    [
        pytest.param(
            '{"a b": 1}',
            "a a b a b",
            "a b",
            ["a b: {'beer': 0.5, 'occurrence_ref': 2}", "w_av_beer: {'beer': 0.5, 'occurrence_ref': 2}"],
            id="B12: an occurrence right after a partial match counts (the original found 1)",
        ),
        pytest.param(
            '{"x  y": 1, " z\\t": 1}',
            "x y z",
            "x y",
            [
                "x  y: {'beer': 0.0, 'occurrence_ref': 1}",
                " z\t: {'beer': 1.0, 'occurrence_ref': 1}",
                "w_av_beer: {'beer': 0.25, 'occurrence_ref': 2}",
            ],
            id="B13: runs of whitespace in an entity are one separator (the original never matched)",
        ),
        pytest.param(
            '{"x": 1, "nowhere": 1}',
            "x",
            "x nowhere",
            [
                "x: {'beer': 0.0, 'occurrence_ref': 1}",
                "nowhere: {'beer': 0, 'occurrence_ref': 0}",
                "w_av_beer: {'beer': 0.0, 'occurrence_ref': 1}",
            ],
            id="entities absent from the reference print the integer 0, as the original did",
        ),
        pytest.param(
            "{}", "x", "x", ["w_av_beer: {'beer': 0, 'occurrence_ref': 0}"], id="an empty object gives only the average"
        ),
        # weights x 1/4, y 0, z 3/4: (1/4 * 1 + 0 * 0 + 3/4 * 2) / 4
        pytest.param(
            '{"x": 5, "y": -3, "x": 1, "z": 3}',
            "x y z z",
            "y",
            [
                "x: {'beer': 1.0, 'occurrence_ref': 1}",
                "y: {'beer': 0.0, 'occurrence_ref': 1}",
                "z: {'beer': 1.0, 'occurrence_ref': 2}",
                "w_av_beer: {'beer': 0.438, 'occurrence_ref': 4}",
            ],
            id="negative weights count as 0; a key given twice keeps its place and its last weight",
        ),
    ],
)
def test_results(bstt, entities, tmp_path, content, ref, hyp, lines):
    run = bstt("-r", ref, "-h", hyp, *ARGS, "--beer", entities(content), cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout == beer_block(*lines)


def test_rates_are_rounded_like_python_round(bstt, entities, tmp_path):
    """1/16 = 0.0625 is exactly between 0.062 and 0.063 and rounds to even, as in the original."""
    (tmp_path / "ref.txt").write_text("k " * 16)
    (tmp_path / "hyp.txt").write_text("k " * 15)
    run = bstt("-r", "ref.txt", "-h", "hyp.txt", "--beer", entities('{"k": 1}'), "-o", "json", cwd=tmp_path)
    assert json.loads(run.stdout)[0]["result"]["k"] == {"beer": 0.062, "occurrence_ref": 16}


def test_entities_are_matched_on_segmented_words(bstt, entities, tmp_path):
    """Punctuation is part of a word unless a normalizer removed it."""
    name = entities('{"EU": 1}')
    run = bstt("-r", "the EU. EU, EU", "-h", "EU", *ARGS, "--beer", name, "-o", "json", cwd=tmp_path)
    assert json.loads(run.stdout)[0]["result"]["EU"] == {"beer": 0.0, "occurrence_ref": 1}


def test_entities_file_follows_default_encoding(bstt, entities, tmp_path):
    name = entities('{"Zürich": 1}', encoding="latin-1")
    run = bstt("-r", "Zürich", "-h", "Zürich", *ARGS, "--beer", name, cwd=tmp_path, env={"DEFAULT_ENCODING": "latin-1"})
    assert run.returncode == 0, run
    assert run.stdout.startswith(beer_block("Zürich: {'beer': 0.0, 'occurrence_ref': 1}")[:-2])


def test_beer_repeats_in_command_line_order(bstt, entities, tmp_path):
    one, two = entities('{"a": 1}', "one.json"), entities('{"b": 1}', "two.json")
    run = bstt("-r", "a b", "-h", "a", *ARGS, "--beer", two, "--beer", one, "-o", "json", cwd=tmp_path)
    blocks = json.loads(run.stdout)
    assert [list(b["result"]) for b in blocks] == [["b", "w_av_beer"], ["a", "w_av_beer"]]


def test_help_documents_the_flag(bstt):
    run = bstt("--help")
    assert "--beer [entities_file]" in run.stdout
    assert "Bag of Entities Error Rate" in run.stdout
