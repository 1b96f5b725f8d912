"""The console sessions of the docs pages: read them, run them as a user would, check what
they print.

A session is a ``$ command`` line (continued by a trailing ``\\``) in a ```` ```console ````
block, followed by what it prints: standard output and standard error as a terminal shows
them (a page may leave standard error out). ``...`` in an output stands for any text; an
output whose last line holds ``: error: `` is a command that must fail, any other one must
succeed. The output of ``$ cat FILE`` is that file's content, which `write_session_files`
writes first.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
from pathlib import Path

from conftest import BIN, HANG, ROOT, lines

BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def page_sections(text: str, skip: tuple = (), only: str | None = None) -> str:
    """``text`` without its ``## `` sections titled in ``skip``, or only its section ``only``."""
    parts = re.split(r"^(?=## )", text, flags=re.M)
    if only is not None:
        return "".join(part for part in parts if part.startswith(f"## {only}\n"))
    return "".join(part for part in parts if not any(part.startswith(f"## {title}\n") for title in skip))


def console_sessions(page: Path, skip: tuple = (), only: str | None = None) -> list:
    """``(command, output)`` of every session of the docs page ``page`` (but those of the
    sections titled in ``skip``, or only those of the section ``only``)."""
    text = page_sections(page.read_text(encoding="utf-8"), skip, only)
    pairs = []
    for block in BLOCK.findall(text):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            while command.endswith("\\"):
                more, _, output = output.partition("\n")
                command = command[:-1] + more.strip()
            pairs.append((command, output))
    return pairs


def session_ids(sessions: list) -> list:
    """Test ids for ``sessions``: the start of each command."""
    return [command[:60] for command, _ in sessions]


def write_session_files(sessions: list, folder: Path) -> Path:
    """Write the files that ``$ cat FILE`` shows in ``sessions`` into ``folder``; a page that
    shows one name with two contents is an error (its sessions share the folder)."""
    shown: dict = {}
    for command, output in sessions:
        if command.startswith("cat "):
            if shown.setdefault(command[4:], output) != output:
                raise ValueError(f"the page shows {command[4:]} with two different contents")
            target = folder / command[4:]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(output, encoding="utf-8")
    return folder


def render_colours(text: str) -> str:
    """Red and green terminal text as the docs write it: ``[-removed-]``, ``{+added+}``."""
    text = re.sub("\x1b\\[31m(.*?)\x1b\\[0m", r"[-\1-]", text)
    return re.sub("\x1b\\[32m(.*?)\x1b\\[0m", r"{+\1+}", text)


def run_session(command: str, output: str, cwd: Path, bin_dir: Path = BIN, stderr: bool = True) -> None:
    """Run ``command`` with bash in ``cwd``, ``bin_dir`` first on the PATH (``.venv/bin/`` in
    the command is ``bin_dir``), in C.UTF-8 with 80 columns and no BENCHMARKSTT_* setting
    from outside but the cache folder; assert that it prints ``output`` (standard output,
    then standard error unless ``stderr`` is false) and fails if and only if ``output``
    ends in an error."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BENCHMARKSTT_") or k == "BENCHMARKSTT_CACHE_DIR"}
    env.pop("DEFAULT_ENCODING", None)
    env.update(LC_ALL="C.UTF-8", LANG="C.UTF-8", COLUMNS="80", PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}")
    run = subprocess.run(
        ["bash", "-c", command.replace(".venv/bin/", f"{bin_dir}/")],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    failing = ": error: " in (lines(output) or [""])[-1]
    assert (run.returncode != 0) == failing, (command, run.returncode, run.stderr)
    want = "\n".join(lines(output)) + "\n"
    got = "\n".join(lines(render_colours(run.stdout + (run.stderr if stderr else "")))) + "\n"
    assert doctest.OutputChecker().check_output(want, got, doctest.ELLIPSIS), (
        f"{command}\n--- expected\n{want}--- got\n{got}"
    )


def repository_view(folder: Path) -> Path:
    """``folder`` made a working folder that sees the repository's docs/ and tests/ (for
    sessions that write files of their own)."""
    for name in ("docs", "tests"):
        (folder / name).symlink_to(ROOT / name)
    return folder


def run_python_example(page: Path) -> dict:
    """Run the first ```` ```python ```` block of ``page``; its global names."""
    code = re.search(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S).group(1)
    namespace: dict = {}
    exec(compile(code, f"docs/{page.name}", "exec"), namespace)  # noqa: S102 - the page's own example
    return namespace
