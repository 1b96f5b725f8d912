"""Issue 37, finding 6: corpus mode's line of --conformity with a preset printed a Python dict
with ``'preset': None`` (48ee56b); its per-file means read as figures, the preset kept."""

from __future__ import annotations


def test_conformity_per_file_means_print_no_python_dict(tools, tmp_path):
    for name in ("refs", "subs"):
        (tmp_path / name).mkdir()
        for k in range(2):
            (tmp_path / name / f"f{k}.srt").write_text(
                "1\n00:00:01,000 --> 00:00:03,000\nA short line.\n\n"
                "2\n00:00:03,000 --> 00:00:03,200\nAnd a line that is far too long for any subtitle style\n",
                encoding="utf-8",
            )
    run = tools(
        "corpus", "-r", str(tmp_path / "refs"), "-h", f"subs={tmp_path / 'subs'}", "--conformity", "bbc", "--jobs", "1"
    )
    assert run.returncode == 0, run
    line = next(x for x in run.stdout.splitlines() if x.startswith("subs: conformity bbc:"))
    assert "{" not in line and "None" not in line, line
    assert "preset bbc" in line and "blocks 2, conforming 1, share 0.5" in line, line
