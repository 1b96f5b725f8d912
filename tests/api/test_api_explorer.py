"""The explorer page in headless Chromium: fill a method's form, submit it, read the result.

Needs Debian's ``chromium`` (``.ci/install-chromium`` installs it); skipped when it is absent.
"""

from __future__ import annotations

import json

import pytest
from browser import Browser, chromium
from api_helpers import Server, make_server_dirs

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium() is None, reason="chromium is not installed: run .ci/install-chromium"),
]


def result_element(method: str) -> str:
    """JavaScript for the element that shows the answer of ``method``."""
    return f"document.querySelector('section[id=\"{method}\"] pre.result')"


def answer(method: str) -> str:
    """JavaScript: ``[state, text]`` once the answer is shown, else null."""
    return (
        f"(() => {{ const r = {result_element(method)}; return ['ok', 'error'].includes(r.dataset.state)"
        " ? [r.dataset.state, r.textContent] : null; })()"
    )


@pytest.fixture(scope="module")
def browser():
    browser = Browser()
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(make_server_dirs(tmp_path_factory.mktemp("explorer")), "--with-explorer") as server:
        yield server


def submit(browser: Browser, method: str, values: dict) -> list:
    """Type ``values`` into the method's form, press its button, and wait for the answer."""
    for name, text in values.items():
        browser.type_into(f"{method}--{name}", text)
    browser.click(f'section[id="{method}"] form button[type="submit"]')
    return browser.wait_for(answer(method))


def test_fill_the_wer_form_and_read_the_result(browser, server):
    browser.open(server.url)
    assert browser.evaluate("document.title") == "benchmarkstt API explorer"
    help_text = browser.evaluate(f"{result_element('metrics.wer')}.parentNode.querySelector('pre.help').textContent")
    assert ":param mode:" in help_text
    state, text = submit(
        browser, "metrics.wer", {"ref": "the cat sat on the mat", "hyp": "the cat sat on a mat", "mode": "levenshtein"}
    )
    assert (state, text) == ("ok", str(1 / 6))


def test_errors_and_structured_results_are_shown_as_text(browser, server):
    browser.open(server.url)
    state, text = submit(browser, "normalization.regex", {"text": "x", "search": "(", "replace": "y"})
    assert state == "error" and "HTTP 400, error -32602: Invalid parameters" in text
    browser.click('input[id="normalization.lowercase--return_logs"]')
    state, text = submit(browser, "normalization.lowercase", {"text": "<b>HeLLo</b>"})
    assert state == "ok"
    answer = json.loads(text)
    assert answer["text"] == "<b>hello</b>"
    assert answer["logs"][0]["diff"].startswith("&lt;b&gt;")
    assert browser.evaluate("document.querySelectorAll('b').length") == 0
