"""Who answers to a name, checked hooks and lazy registration, with real plugin packages
pip-installed into one fresh virtualenv beside the core (installed editable, as the README
does), formats and metrics. Each test enables only the plugins of its scenario with
BENCHMARKSTT_DISABLE_PLUGINS."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import ROOT, make_venv, pip_install, run_in, write_package

pytestmark = pytest.mark.slow

TEXTS = ["-r", "a b c d", "-h", "a x c d", "-rt", "argument", "-ht", "argument"]

METRIC = '''
    from benchmarkstt_core.hookspecs import hookimpl


    class {cls}:
        """{doc}"""

        name = "{name}"

        def compare(self, ref, hyp):
            return {value}


    @hookimpl{options}
    def {hook}(register):
        register({cls}{register_args})
'''


def metric_module(
    name: str,
    value: object,
    cls: str = "Mine",
    hook: str = "register_metrics",
    options: str = "",
    register_args: str = "",
) -> str:
    return METRIC.format(
        cls=cls,
        doc=f"Always {value}.",
        name=name,
        value=repr(value),
        hook=hook,
        options=options,
        register_args=register_args,
    )


# entry point name -> (distribution, module source)
PLUGINS = {
    "aaa_wer": ("aaa-wer", metric_module("wer", 0.5)),
    "zzz_wer": ("zzz-wer", metric_module("wer", 0.9, options="(trylast=True)")),
    "over_wer": ("over-wer", metric_module("wer", 0.75, register_args=", override=True")),
    "over_wer_too": ("over-wer-too", metric_module("wer", 0.125, register_args=", override=True")),
    "a_count": ("count-one", metric_module("count", 1)),
    "b_count": ("count-two", metric_module("count", 2)),
    "c_count": ("count-one-again", metric_module("count", 1)),
    "misspelled_hook": ("misspelled-hook", metric_module("spelled", 3, hook="register_metric")),
    "optdep": (
        "optdep",
        """
        from benchmarkstt_core.hookspecs import hookimpl


        @hookimpl
        def register_metrics(register):
            try:
                from benchmarkstt_optdep_extra import Extra
            except ImportError:
                return
            register(Extra)
    """,
    ),
    "lazy_metric": (
        "lazy-metric",
        """
        from benchmarkstt_core.hookspecs import hookimpl


        @hookimpl
        def register_metrics(register):
            register("lazy_metric_impl:Ratio", name="ratio")
    """,
    ),
}
LAZY_IMPL = '''
    import sys

    sys.stderr.write("lazy_metric_impl imported\\n")


    class Ratio:
        """Reference length over hypothesis length."""

        def compare(self, ref, hyp):
            return len(ref) / len(hyp)
'''
EXTRA = '''
    class Extra:
        """A metric that needs an optional dependency."""

        name = "extra"

        def compare(self, ref, hyp):
            return 7
'''


@pytest.fixture(scope="module")
def packages(tmp_path_factory) -> Path:
    """The folder of every plugin package above, and of optdep's optional dependency."""
    folder = tmp_path_factory.mktemp("packages")
    for ep, (dist, source) in PLUGINS.items():
        modules = {ep: source}
        if ep == "lazy_metric":
            modules["lazy_metric_impl"] = LAZY_IMPL
        write_package(folder / dist, dist, modules, {ep: ep})
    write_package(folder / "optdep-extra", "benchmarkstt-optdep-extra", {"benchmarkstt_optdep_extra": EXTRA}, {})
    return folder


@pytest.fixture(scope="module")
def venv(tmp_path_factory, packages) -> Path:
    """The core (editable), formats, metrics and every plugin package above."""
    return make_venv(
        tmp_path_factory.mktemp("precedence") / "venv",
        "-e",
        ROOT / "benchmarkstt_core",
        ROOT / "plugins" / "benchmarkstt_formats",
        ROOT / "plugins" / "benchmarkstt_metrics",
        *(packages / dist for dist, _ in PLUGINS.values()),
    )


def only(*enabled: str) -> dict:
    """The environment that leaves only ``enabled`` of the plugins above."""
    return {"BENCHMARKSTT_DISABLE_PLUGINS": ",".join(ep for ep in PLUGINS if ep not in enabled)}


def warnings(run) -> list:
    return [line for line in run.stderr.splitlines() if line.startswith("benchmarkstt: warning: ")]


def test_an_undeclared_override_is_ignored_and_both_plugins_are_named(venv):
    run = run_in(venv, "benchmarkstt", *TEXTS, "--wer", env=only("aaa_wer"))
    assert (run.returncode, run.stdout) == (0, "wer\n===\n\n0.250000\n\n"), run
    assert warnings(run) == [
        "benchmarkstt: warning: metric 'wer' from plugin 'aaa_wer' (aaa-wer 0.1) ignored: the standard plugin "
        "'benchmarkstt_metrics' (benchmarkstt-metrics 2.0.0) provides it (a plugin replaces a standard "
        "component only by registering it with override=True)"
    ]
    listing = run_in(venv, "benchmarkstt-tools", "plugins", env=only("aaa_wer")).stdout
    assert (
        "aaa_wer  aaa-wer 0.1  [ok]\n    ignored: metric 'wer': the standard plugin 'benchmarkstt_metrics' "
        "provides it\n" in listing
    )
    assert "benchmarkstt_metrics  benchmarkstt-metrics 2.0.0  [ok]  standard\n" in listing


def test_a_declared_override_answers_and_is_listed(venv):
    run = run_in(venv, "benchmarkstt", *TEXTS, "--wer", env=only("over_wer"))
    assert (run.returncode, run.stdout, run.stderr) == (0, "wer\n===\n\n0.750000\n\n", "")
    listing = run_in(venv, "benchmarkstt-tools", "plugins", "--json", env=only("over_wer"))
    record = next(r for r in json.loads(listing.stdout) if r["name"] == "over_wer")
    assert record["overrides"] == ["metric 'wer' of 'benchmarkstt_metrics'"]
    assert record["components"] == {"metrics": ["wer"]} and record["standard"] is False
    metrics = next(r for r in json.loads(listing.stdout) if r["name"] == "benchmarkstt_metrics")
    assert "wer" not in metrics["components"]["metrics"] and metrics["standard"] is True


def test_two_overrides_of_one_standard_name_clash(venv):
    run = run_in(venv, "benchmarkstt", *TEXTS, "--wer", env=only("over_wer", "over_wer_too"))
    assert run.returncode == 2 and run.stdout == ""
    message = (
        "metric 'wer' is registered by plugins 'over_wer' (over-wer 0.1) and 'over_wer_too' "
        "(over-wer-too 0.1), so none of them is used: keep one, e.g. BENCHMARKSTT_DISABLE_PLUGINS=over_wer"
    )
    assert warnings(run) == [f"benchmarkstt: warning: {message}"]
    assert run.stderr.splitlines()[-1] == f"benchmarkstt: error: argument --wer: {message}"


@pytest.mark.parametrize("pair", [("a_count", "b_count"), ("b_count", "c_count")])
def test_two_third_parties_on_one_name_give_the_same_outcome_whatever_their_names(venv, pair):
    # a_count and c_count answer 1, b_count 2: "first wins" would answer 1, then 2
    run = run_in(venv, "benchmarkstt", *TEXTS, "--count", env=only(*pair))
    first, second = sorted(pair)
    dists = {"a_count": "count-one", "b_count": "count-two", "c_count": "count-one-again"}
    message = (
        f"metric 'count' is registered by plugins '{first}' ({dists[first]} 0.1) and '{second}' "
        f"({dists[second]} 0.1), so none of them is used: keep one, e.g. "
        f"BENCHMARKSTT_DISABLE_PLUGINS={first}"
    )
    assert (run.returncode, run.stdout) == (2, "")
    assert warnings(run) == [f"benchmarkstt: warning: {message}"]
    assert run.stderr.splitlines()[-1] == f"benchmarkstt: error: argument --count: {message}"
    listing = run_in(venv, "benchmarkstt-tools", "plugins", env=only(*pair)).stdout
    assert f"    clash: metric 'count' (also registered by '{second}'): not used\n" in listing
    alone = run_in(venv, "benchmarkstt", *TEXTS, "--count", env=only(second))
    assert (alone.returncode, alone.stderr) == (0, "")


def test_tryfirst_and_trylast_on_a_register_hook_fail_the_plugin(venv):
    run = run_in(venv, "benchmarkstt", *TEXTS, "--wer", env=only("zzz_wer"))
    assert (run.returncode, run.stdout) == (0, "wer\n===\n\n0.250000\n\n")
    assert len(warnings(run)) == 1
    assert warnings(run)[0].startswith(
        "benchmarkstt: warning: plugin 'zzz_wer' (zzz-wer 0.1) failed to register: PluginHookError: hook "
        "'register_metrics': trylast is refused on the register hooks"
    )
    listing = run_in(venv, "benchmarkstt-tools", "plugins", env=only("zzz_wer")).stdout
    assert (
        "zzz_wer  zzz-wer 0.1  [failed]\n    error: register: PluginHookError: hook 'register_metrics': "
        "trylast is refused" in listing
    )


def test_a_misspelled_hook_fails_the_plugin_and_names_the_hook(venv):
    run = run_in(venv, "benchmarkstt", *TEXTS, "--wer", env=only("misspelled_hook"))
    assert run.returncode == 0
    assert warnings(run)[0].startswith(
        "benchmarkstt: warning: plugin 'misspelled_hook' (misspelled-hook 0.1) failed to register: "
        "PluginHookError: hook 'register_metric' is no benchmarkstt hook (did you mean 'register_metrics'?)"
    )
    listing = json.loads(run_in(venv, "benchmarkstt-tools", "plugins", "--json", env=only("misspelled_hook")).stdout)
    record = next(r for r in listing if r["name"] == "misspelled_hook")
    assert record["status"] == "failed" and "'register_metric' is no benchmarkstt hook" in record["errors"][0]


def test_a_component_appears_once_its_optional_dependency_is_installed(venv, packages):
    before = run_in(venv, "benchmarkstt", *TEXTS, "--extra", env=only("optdep"))
    assert before.returncode == 2 and "unrecognized arguments: --extra" in before.stderr
    pip_install(venv, "--no-build-isolation", packages / "optdep-extra")
    after = run_in(venv, "benchmarkstt", *TEXTS, "--extra", env=only("optdep"))
    assert (after.returncode, after.stdout, after.stderr) == (0, "extra\n=====\n\n7\n\n", "")


def test_a_lazily_registered_component_is_imported_only_when_used(venv):
    env = only("lazy_metric")
    unused = run_in(venv, "benchmarkstt", *TEXTS, "--wer", env=env)
    assert (unused.returncode, unused.stderr) == (0, "")
    used = run_in(venv, "benchmarkstt", *TEXTS, "--ratio", env=env)
    assert (used.returncode, used.stdout, used.stderr) == (
        0,
        "ratio\n=====\n\n1.000000\n\n",
        "lazy_metric_impl imported\n",
    )
    shown = run_in(venv, "benchmarkstt", "--help", env=env)
    assert "--ratio               Reference length over hypothesis length." in shown.stdout


def test_the_editable_core_exposes_only_its_package(venv):
    for name in ("tests", "benchmarks", "docs", "plugins", "src"):
        run = run_in(venv, "python", "-c", f"import {name}")
        assert run.returncode == 1 and f"No module named '{name}'" in run.stderr, (name, run)
    found = run_in(venv, "python", "-c", "import benchmarkstt_core.cli.main as m; print(m.__file__)")
    assert found.stdout.strip() == str(ROOT / "benchmarkstt_core" / "src" / "benchmarkstt_core" / "cli" / "main.py"), (
        found
    )
