"""Every value a page shows goes through one of these, one function per context: HTML text,
an HTML attribute's value, JSON inside a ``<script type="application/json">`` element, and a
script's source; :func:`policy` is the page's Content-Security-Policy, which lets run only
the scripts the page itself holds (by their SHA-256), never an inline event handler.

A result JSON, a record and a transcript are data from anyone: whatever they hold, these
functions make it text on the page, never markup or code.

:example:
    >>> text('<img src=x onerror="alert(1)">')
    '&lt;img src=x onerror="alert(1)"&gt;'
    >>> attribute('" onmouseover="alert(1)')
    '&quot; onmouseover=&quot;alert(1)'
    >>> inline_json({"id": "</script><!-- & -->"})
    '{"id":"\\\\u003c/script\\\\u003e\\\\u003c!-- \\\\u0026 --\\\\u003e"}'
    >>> script("var a = 1;").startswith("<script>"), policy(["var a = 1;"]).startswith("default-src 'none'")
    (True, True)
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any, Iterable

from benchmarkstt_core.names import html_attribute as attribute
from benchmarkstt_core.names import html_text as text
from benchmarkstt_core.names import json_text

#: text and attribute are the core's (the plugins that add sections to the page use them too)
__all__ = ["attribute", "inline_json", "policy", "policy_meta", "script", "text"]

# < > & make JSON markup-free; U+2028 and U+2029 are line ends to older script parsers
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_JSON_UNSAFE = re.compile("[<>&\u2028\u2029]")
_SCRIPT_END = re.compile(r"</script|<!--", re.I)


def inline_json(value: Any) -> str:
    """``value`` as JSON that can sit inside a ``<script type="application/json">`` element and
    still parse: ``<``, ``>`` and ``&`` as ``\\u`` escapes, so that no ``</script`` or ``<!--``
    can end or change the element; NaN and Infinity are refused (they are not JSON).

    :example:
        >>> import json
        >>> json.loads(inline_json(["<!--", "</SCRIPT>"])) == ["<!--", "</SCRIPT>"]
        True
    """
    found = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return json_text(_JSON_UNSAFE.sub(lambda m: _JSON_ESCAPES[m.group()], found))


def script(source: str) -> str:
    """A ``<script>`` element holding ``source`` (the page's own code, never data: data goes
    in :func:`inline_json`); refused if the source could end the element early.

    :example:
        >>> script("x = '</script>'")
        Traceback (most recent call last):
        ...
        ValueError: a page script holds '</script' or '<!--'
    """
    if _SCRIPT_END.search(source):
        raise ValueError("a page script holds '</script' or '<!--'")
    return f"<script>{source}</script>"


def policy(sources: Iterable[str]) -> str:
    """The Content-Security-Policy of a page whose only scripts are ``sources``: nothing is
    fetched, no plugin, form or base URL; scripts run only if they hash to one of these (so no
    inline event handler and no injected ``<script>`` runs); styles inline only.

    :example:
        >>> policy(["1"])
        "default-src 'none'; script-src 'sha256-a4ayc/80/OGda4BO/1o/V0etpOqiLx1JwB5S3beHW0s='; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
    """
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(s.encode('utf-8')).digest()).decode()}'" for s in sources
    )
    return (
        f"default-src 'none'; script-src {hashes}; style-src 'unsafe-inline'; img-src data:; "
        "base-uri 'none'; form-action 'none'"
    )


def policy_meta(sources: Iterable[str]) -> str:
    """The ``<meta>`` element that sets :func:`policy` (it must come before any script)."""
    return f'<meta http-equiv="Content-Security-Policy" content="{attribute(policy(sources))}">'
