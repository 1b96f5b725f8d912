"""docs/report's screenshots (the PNGs docs/report.md shows) are what docs/report/build.py takes
of the committed example pages now, in headless Chromium: the same size, and their pixels the
same but for at most ``TOLERANCE`` of them (compared in the browser: no image package). The
pages themselves are checked against their sources by test_report_examples_current.py.

On this project's Debian Chromium the shots are byte for byte the committed ones. The tolerance
is below what the smallest change of content makes (one digit changed in the ranking's table,
1383 to 1384: 82 pixels of ranking.png), so it forgives only rendering noise; another Chromium
or another font may well exceed it: then take the shots again (build.py) and look at them.

Needs Debian's ``chromium`` (``.ci/install-chromium`` installs it); skipped when it is absent.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import shutil
from pathlib import Path

import pytest
from browser import Browser, chromium
from conftest import ROOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium() is None, reason="chromium is not installed: run .ci/install-chromium"),
]

FOLDER = ROOT / "docs" / "report"
SHOTS = ("ranking.png", "engines.png", "files.png", "alignment.png")
#: how many of a shot's pixels may differ (by more than 8 of 255 in a channel)
TOLERANCE = 20

# both images drawn on canvases (data: URLs do not taint them): [width, height, width, height, differing]
COMPARE = """(async () => {
  const load = src => new Promise((ok, fail) => { const i = new Image(); i.onload = () => ok(i); i.onerror = fail; i.src = src; });
  const [a, b] = await Promise.all([load(%s), load(%s)]);
  const sizes = [a.width, a.height, b.width, b.height];
  if (a.width !== b.width || a.height !== b.height) return [...sizes, -1];
  const pixels = img => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
    const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data; };
  const p = pixels(a), q = pixels(b);
  let differing = 0;
  for (let k = 0; k < p.length; k += 4)
    if (Math.abs(p[k] - q[k]) > 8 || Math.abs(p[k + 1] - q[k + 1]) > 8 || Math.abs(p[k + 2] - q[k + 2]) > 8) differing++;
  return [...sizes, differing];
})()"""


def data_url(path: Path) -> str:
    """A PNG as a ``data:`` URL."""
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


def compare(browser: Browser, taken: Path, committed: Path) -> list:
    """``[width, height, width, height, differing pixels]`` of two PNGs (-1: sizes differ)."""
    browser.open("about:blank")
    answer = browser.send(
        "Runtime.evaluate",
        {
            "expression": COMPARE % (json.dumps(data_url(taken)), json.dumps(data_url(committed))),
            "returnByValue": True,
            "awaitPromise": True,
        },
        session=True,
    )
    assert "exceptionDetails" not in answer, answer["exceptionDetails"]
    return answer["result"]["value"]


def test_the_screenshots_are_taken_from_the_committed_pages(tmp_path):
    spec = importlib.util.spec_from_file_location("report_build", FOLDER / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    for name in ("qt.html", "test-corpus.html"):
        shutil.copyfile(FOLDER / name, tmp_path / name)
    build.screenshots(tmp_path)
    browser = Browser()
    try:
        for name in SHOTS:
            width, height, *committed, differing = compare(browser, tmp_path / name, FOLDER / name)
            assert [width, height] == committed, (
                f"docs/report/{name} is {committed[0]}x{committed[1]}, build.py takes {width}x{height} now: "
                f"run docs/report/build.py and commit"
            )
            assert differing <= TOLERANCE, (
                f"docs/report/{name}: {differing} of {width * height} pixels differ from what build.py takes now: "
                f"run docs/report/build.py and commit"
            )
    finally:
        browser.close()
