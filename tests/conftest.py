"""Shared fixtures: run the installed commands as a user would, and build fresh plugin hosts."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap
from importlib import metadata
from pathlib import Path
from typing import NoReturn

import pytest

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
DATA = ROOT / "tests" / "data"


def shared_data_missing(what: str) -> NoReturn:
    """Skip the running test: ``what``, data of the shared folder beside the project
    (``../shared``: real files, SCTK's test data, the conformance cases), is not there. Under
    ``CI=true`` the test fails instead: CI has that folder beside its clone, so a test that reads
    real data must never pass there by being skipped."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(
            f"{what} is not there, and CI=true: CI must have the shared data beside the clone (../shared)",
            pytrace=False,
        )
    pytest.skip(f"{what} is not there")


def needs_shared(present: bool, what: str) -> pytest.MarkDecorator:
    """The mark of a test (or, as ``pytestmark``, a module) that reads shared data: when it is not
    ``present`` the test is skipped, or fails under ``CI=true`` (:func:`shared_data_missing`)."""
    return pytest.mark.needs_shared(present=present, what=what)


def _hypothesis_profiles() -> None:
    """Property tests draw the same inputs on every CI run (``CI=true``: derandomized, no example
    database), so that CI's result is reproducible; ``HYPOTHESIS_PROFILE=fuzz`` draws new random
    inputs (and keeps failing ones in ``.hypothesis/``) for a longer hunt, as a nightly run would.
    Neither has a deadline: how long an example takes is the machine's (and its other pytest-xdist
    worker's) business, not the test's."""
    try:
        from hypothesis import settings
    except ImportError:  # a tox environment of one plugin alone may lack it: its tests skip
        return
    settings.register_profile("ci", derandomize=True, database=None, deadline=None)
    settings.register_profile("fuzz", derandomize=False, deadline=None)
    ci = os.environ.get("CI", "").lower() == "true"
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if ci else "default"))


_hypothesis_profiles()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "needs_shared(present, what): reads data of the shared folder beside the "
        "project; skipped without it, a failure under CI=true",
    )
    config.addinivalue_line(
        "markers",
        "xdist_group(name): pytest-xdist runs the tests of one group on one worker, "
        "one after another (--dist loadgroup)",
    )
    if config.getoption("numprocesses", None) and config.getoption("dist", "no") == "loadgroup" and _loadgroup_lost():
        raise pytest.UsageError(
            "pytest-xdist up to 3.8 does not group the tests on pytest 9.2 and later "
            "(--dist loadgroup: pytest-dev/pytest-xdist#1386): pip install -r tests/requirements.txt"
        )


def _loadgroup_lost() -> bool:
    """Whether pytest-xdist writes the tests' groups where pytest no longer reads them: the
    groups would be lost in silence, each module's fixture built on every worker."""

    def release(dist: str) -> tuple:
        return tuple(int(part) for part in re.findall(r"\d+", metadata.version(dist))[:2])

    return release("pytest") >= (9, 2) and release("pytest-xdist") <= (3, 8)


TESTS = str(ROOT / "tests")


def _shares_a_fixture(item: pytest.Item) -> bool:
    """Whether ``item`` uses a fixture of the tests' own that is built once for its module (a
    virtualenv, a server, a model loaded, a corpus run)."""
    defs = getattr(item, "_fixtureinfo", None)
    for fixturedefs in defs.name2fixturedefs.values() if defs else ():
        used = fixturedefs[-1]
        code = getattr(used.func, "__code__", None)
        if used.scope != "function" and code is not None and code.co_filename.startswith(TESTS):
            return True
    return False


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list) -> None:
    """Under pytest-xdist's ``--dist loadgroup`` (tox's ``-n 2``), the tests of a module that
    builds a fixture once for the module run on one worker, one after another, so that it is
    built once, as without xdist; every other test goes to whichever worker is free. A test with
    its own ``xdist_group`` mark keeps it (``machine-load``: the tests that load the processors
    on purpose or read how busy processes are never run beside each other)."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        if item.get_closest_marker("xdist_group") is None and _shares_a_fixture(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("needs_shared"):
        if not mark.kwargs["present"]:
            shared_data_missing(mark.kwargs["what"])


class Run:
    """The outcome of one command."""

    def __init__(self, proc: subprocess.CompletedProcess):
        self.returncode = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr

    def __repr__(self) -> str:
        return f"<Run rc={self.returncode} stdout={self.stdout[:300]!r} stderr={self.stderr[-500:]!r}>"


def installed(module: str) -> bool:
    """Whether ``module`` can be imported (its parent packages too: ``find_spec`` of
    ``azure.cognitiveservices.speech`` raises when ``azure`` is missing)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


#: the seconds after which a command the tests run counts as hung: not a measure of speed (a
#: corpus run of ten recordings through two streaming engines took over 120 s on two xdist
#: workers beside other loads)
HANG = 600


def run_command(
    name: str, *args: str, cwd: Path | str | None = None, input: str | None = None, env: dict | None = None
) -> Run:
    """Run an installed console script of this environment (stopped after :data:`HANG`)."""
    full_env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8", COLUMNS="80")
    full_env.pop("DEFAULT_ENCODING", None)
    full_env.update(env or {})
    proc = subprocess.run(
        [str(BIN / name), *args], cwd=cwd, input=input, capture_output=True, text=True, env=full_env, timeout=HANG
    )
    return Run(proc)


def pip(venv: Path, *args: str | Path, check: bool = True) -> subprocess.CompletedProcess:
    """``pip ARGS`` on ``venv``'s Python: the pip of the tests' own environment (``pip --python``),
    since the virtualenvs the tests make have none of their own (:func:`new_venv`). A failure
    fails the test, or with ``check`` false is returned, its output captured."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            *map(str, args),
            "--quiet",
            "--disable-pip-version-check",
        ],
        check=check,
        cwd=venv,
        capture_output=not check,
        text=True,
    )


#: what a package folder of the repository holds besides its sources: its builds
BUILT = shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "*.so")


def pip_install(venv: Path, *args: str | Path) -> None:
    """``pip install ARGS`` into ``venv`` (quietly, failing the test if pip fails). A package
    folder of the repository is built from a copy beside the venv (unless installed editable,
    after ``-e``): setuptools builds in the folder's build/, where another pytest-xdist worker's
    build of the same folder at the same time would meet it (and leave a wheel without modules)."""
    copies = []
    for previous, arg in zip(("", *args), args):
        if isinstance(arg, Path) and ROOT in arg.parents and previous != "-e":
            arg = shutil.copytree(arg, venv.parent / "sources" / arg.name, ignore=BUILT, dirs_exist_ok=True)
        copies.append(arg)
    pip(venv, "install", *copies)


def new_venv(path: Path) -> Path:
    """A fresh virtualenv at ``path`` without pip (:func:`pip` installs into it): installing
    pip takes each one about 5 s of processor time."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True)
    return path


def make_venv(path: Path, *packages: str | Path) -> Path:
    """A fresh virtualenv at ``path`` with ``packages`` pip-installed (built without isolation,
    from the venv's own setuptools, which is quicker for many small packages)."""
    pip_install(new_venv(path), "setuptools>=70.1")
    pip_install(path, "--no-build-isolation", *packages)
    return path


def run_in(venv: Path, name: str, *args: str, env: dict | None = None, input: str | None = None) -> Run:
    """Run console script ``name`` of ``venv``, without BENCHMARKSTT_* settings from outside."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("BENCHMARKSTT_")}
    full_env.update(LC_ALL="C.UTF-8", LANG="C.UTF-8", COLUMNS="80")
    full_env.update(env or {})
    return Run(
        subprocess.run(
            [str(venv / "bin" / name), *args],
            capture_output=True,
            text=True,
            env=full_env,
            input=input,
            cwd=venv,
            timeout=HANG,
        )
    )


def write_package(folder: Path, dist: str, modules: dict, entry_points: dict) -> Path:
    """A tiny plugin distribution in ``folder``: ``modules`` (name -> source) and its
    ``benchmarkstt`` entry points (name -> module)."""
    folder.mkdir(parents=True)
    (folder / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=64"]\nbuild-backend = "setuptools.build_meta"\n'
    )
    eps = "".join(f"    {name} = {target}\n" for name, target in entry_points.items())
    (folder / "setup.cfg").write_text(
        f"[metadata]\nname = {dist}\nversion = 0.1\n\n[options]\n"
        f"py_modules = {', '.join(modules)}\n\n" + (f"[options.entry_points]\nbenchmarkstt =\n{eps}" if eps else "")
    )
    for name, source in modules.items():
        (folder / f"{name}.py").write_text(textwrap.dedent(source))
    return folder


@pytest.fixture
def bstt():
    """``bstt(*args, cwd=..., input=...)`` runs ``benchmarkstt``."""
    return lambda *args, **kw: run_command("benchmarkstt", *args, **kw)


@pytest.fixture
def tools():
    """``tools(*args, cwd=..., input=...)`` runs ``benchmarkstt-tools``."""
    return lambda *args, **kw: run_command("benchmarkstt-tools", *args, **kw)


@pytest.fixture
def host():
    """A fresh plugin host with every installed plugin."""
    from benchmarkstt_core.plugins import make_plugin_manager

    return make_plugin_manager()


def assert_clean_error(run: Run, prog: str = "benchmarkstt") -> str:
    """A failed command: non-zero, no traceback, last stderr line ``PROG: error: ...``, no stdout."""
    assert run.returncode != 0, run
    assert "Traceback" not in run.stderr, run
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith(f"{prog}: error: "), run
    assert run.stdout == "", run
    return last


def lines(text: str) -> list:
    """The lines of ``text`` without trailing spaces or trailing blank lines."""
    return [line.rstrip() for line in text.rstrip("\n").split("\n")]


@pytest.fixture(scope="module")
def session_folder(tmp_path_factory, request):
    """A working folder for the docs sessions of the test module (its ``SESSIONS``), with
    the files that ``$ cat FILE`` shows in them written."""
    from doc_sessions import write_session_files

    return write_session_files(request.module.SESSIONS, tmp_path_factory.mktemp("sessions"))


#: a module for ``--load`` whose components let their constructors' errors out (a pattern that
#: does not compile, a scale that is not an integer)
REFUSING = '''
import re


class Pattern:
    """Remove what a pattern matches"""

    def __init__(self, search):
        self.pattern = re.compile(search)

    def normalize(self, text):
        return self.pattern.sub("", text)


class Swap:
    """Replace what a pattern matches"""

    def __init__(self, search, replace):
        self.pattern = re.compile(search)
        self.replace = replace

    def normalize(self, text):
        return self.pattern.sub(self.replace, text)


class Scaled:
    """Reference words times scale"""

    def __init__(self, scale):
        self.scale = int(scale)

    def compare(self, ref, hyp):
        return len(list(ref)) * self.scale
'''
BAD_PATTERN = "missing ), unterminated subpattern at position 0"
