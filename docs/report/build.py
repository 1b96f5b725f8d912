"""Build the example reports of docs/report.md and their screenshots.

    .venv/bin/python docs/report/build.py [FOLDER]

writes, into FOLDER (default: docs/report): ``qt.html`` (the shipped Question Time programme cut
in 18 windows of five minutes, Kaldi against AWS, with the tutorial's config), ``test-corpus.html`` (the corpus
tests' three seeded engines), and screenshots taken in headless Chromium (``ranking.png``,
``engines.png``, ``files.png``, ``alignment.png``). Needs Debian's ``chromium``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "corpus")]
from browser import Browser  # noqa: E402 - the tests' Chromium driver
from corpus_data import build, folders_args  # noqa: E402 - the corpus tests' seeded engines

READY = "document.documentElement.getAttribute('data-ready') === '1'"


def run(*args: str, cwd: Path) -> None:
    """Run a command of this environment; stop on failure."""
    subprocess.run([str(BIN / args[0]), *args[1:]], cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def reports(work: Path, out: Path) -> None:
    """Both example reports, written from relative paths (so their records read well)."""
    for name in ("docs", "tests"):
        (work / name).symlink_to(ROOT / name)
    run(
        "benchmarkstt-tools",
        "corpus",
        "--manifest",
        "docs/corpus/qt.csv",
        "--split-by-time",
        "300",
        "--config",
        "docs/tutorial/config.conf",
        "--jobs",
        "1",
        "-o",
        "json",
        "--output",
        "qt.json",
        "--html",
        "qt.html",
        cwd=work,
    )
    build(work / "corpus")
    args = [a.replace(str(work) + "/", "") for a in folders_args(work / "corpus")]
    run(
        "benchmarkstt-tools",
        "corpus",
        *args,
        "--jobs",
        "1",
        "-o",
        "json",
        "--output",
        "test-corpus.json",
        "--html",
        "test-corpus.html",
        cwd=work,
    )
    for name in ("qt.html", "test-corpus.html"):
        shutil.copyfile(work / name, out / name)


def screenshots(out: Path) -> None:
    """The pictures docs/report.md shows."""
    browser = Browser()
    try:
        for page, shots in (
            ("qt.html#file=qt@4800-5100&engine=aws", {"ranking.png": "#ranking", "alignment.png": "#file"}),
            ("test-corpus.html", {"engines.png": "#engines", "files.png": "#files"}),
        ):
            browser.open("about:blank")
            browser.open((out / page.split("#")[0]).as_uri() + ("#" + page.split("#")[1] if "#" in page else ""))
            browser.wait_for(READY)
            if "#file=" in page:
                for _ in range(3):
                    browser.evaluate("document.getElementById('next-error').click()")
            errors = browser.console_errors()
            if errors:
                raise SystemExit(f"{page}: console errors: {errors}")
            for name, selector in shots.items():
                browser.screenshot(str(out / name), selector)
    finally:
        browser.close()


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "docs" / "report").resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="report-docs-") as work:
        reports(Path(work), out)
    screenshots(out)
    print(f"example reports and screenshots in {out}")


if __name__ == "__main__":
    main()
