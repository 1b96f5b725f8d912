"""Config files that include sections exponentially often or in a very long chain end early
with one clear error naming the chain, never a RecursionError."""

from __future__ import annotations

import pytest

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.plugins import make_plugin_manager
from benchmarkstt_normalizers.config import MAX_INCLUDE_DEPTH, MAX_INCLUDED_SECTIONS, Config
from conftest import assert_clean_error


def fan_out(levels: int) -> str:
    """Each section includes the next one twice: 2**levels sections in all."""
    text = "".join(f"[s{i}]\nconfig fan.conf s{i + 1}\nconfig fan.conf s{i + 1}\n" for i in range(levels))
    return (text + f"[s{levels}]\nlowercase\n").replace("[s0]", "[normalization]")


def chain(depth: int) -> str:
    text = "".join(f"[s{i}]\nconfig deep.conf s{i + 1}\n" for i in range(depth))
    return (text + f"[s{depth}]\nlowercase\n").replace("[s0]", "[normalization]")


@pytest.mark.parametrize("levels", [14, 24])
def test_exponential_fan_out_is_refused(tools, tmp_path, levels):
    (tmp_path / "fan.conf").write_text(fan_out(levels))
    (tmp_path / "in.txt").write_text("A\n")
    run = tools("normalization", "-i", "in.txt", "--config", "fan.conf", cwd=tmp_path)
    line = assert_clean_error(run, "benchmarkstt-tools")
    assert f"includes more than {MAX_INCLUDED_SECTIONS} sections in all" in line
    assert "fan.conf[normalization] > fan.conf[s1] > fan.conf[s2] > ..." in line


@pytest.mark.parametrize("depth", [MAX_INCLUDE_DEPTH + 1, 196, 1000])
def test_a_long_chain_is_refused(tools, tmp_path, depth):
    (tmp_path / "deep.conf").write_text(chain(depth))
    (tmp_path / "in.txt").write_text("A\n")
    run = tools("normalization", "-i", "in.txt", "--config", "deep.conf", cwd=tmp_path)
    line = assert_clean_error(run, "benchmarkstt-tools")
    assert (
        f"config sections nested more than {MAX_INCLUDE_DEPTH} deep: deep.conf[normalization] > "
        f"deep.conf[s1] > deep.conf[s2] > ... " in line
    )
    assert "Recursion" not in run.stderr


def test_within_the_limits_configs_work(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deep.conf").write_text(chain(MAX_INCLUDE_DEPTH - 1))
    (tmp_path / "fan.conf").write_text(fan_out(8))
    context = Context(make_plugin_manager().registries)
    assert Config("deep.conf", context=context).normalize("ABC") == "abc"
    assert Config("fan.conf", context=context).normalize("ABC") == "abc"


def test_inline_config_text_is_limited_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fan.conf").write_text(fan_out(14))
    context = Context(make_plugin_manager().registries)
    with pytest.raises(UsageError, match="sections in all"):
        Config.from_text("[normalization]\nconfig fan.conf\n", context=context)
