"""Credentials kept out of everything written: records, reports, cache entries, logs, messages.

A URL may carry credentials: its user information (``https://user:secret@host/``) and query
parameters such as ``api_key``, ``token``, ``sig`` (a signed or SAS URL). :func:`redact`
replaces their values by ``***`` in every URL in a text (a command line, an engine's options,
an error message or a log line); :func:`redact_all` does it to every string of a JSON-like
value.

:example:
    >>> redact("http://me:s3cret@127.0.0.1:8000/v1?api_key=abc&model=x")
    'http://***@127.0.0.1:8000/v1?api_key=***&model=x'
    >>> redact("--engine oa=openai:base_url=https://h/v1?sig=zz,model=whisper-1 (KEY=VALUE)")
    '--engine oa=openai:base_url=https://h/v1?sig=***,model=whisper-1 (KEY=VALUE)'
    >>> redact_all({"options": {"base_url": "wss://u:p@h/"}, "n": 3})
    {'options': {'base_url': 'wss://***@h/'}, 'n': 3}
"""

from __future__ import annotations

import re
from typing import Any

#: what redacted text shows in place of a secret
MASK = "***"
#: the names of query parameters whose values are secrets (whole names, any case,
#: optionally after a prefix: ``X-Amz-Signature``, ``client_secret``, ``subscription-key``)
SECRET_NAMES = (
    r"(?:[a-z0-9]+[_.-])*(?:key|api_?key|apikey|token|access_?token|refresh_?token|secret|sig|"
    r"signature|password|passwd|pwd|pass|auth|authorization|credentials?|security[_.-]?token)"
)
# patterns compiled by ``re`` (and kept in its cache) when first used: most runs redact nothing
_URL = r"(?i)\b[a-z][a-z0-9+.-]*://[^\s'\"<>]+"
_USERINFO = r"\A([^:]+://)[^/?#@]+@"
_PARAMETER = rf"(?i)([?&;]{SECRET_NAMES}=)[^&;,#]*"


def _redact_url(match: re.Match) -> str:
    return re.sub(
        _PARAMETER, lambda m: m.group(1) + MASK, re.sub(_USERINFO, lambda m: m.group(1) + MASK + "@", match.group())
    )


def redact(text: str) -> str:
    """``text`` with the user information of every URL in it and the values of its secret
    query parameters (``api_key=``, ``token=``, ``sig=``...) replaced by ``***``."""
    return re.sub(_URL, _redact_url, text) if "://" in text else text


def redact_all(value: Any) -> Any:
    """A copy of a JSON-like ``value`` (dicts, lists, strings, numbers) with every string
    :func:`redact`-ed."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: redact_all(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_all(v) for v in value]
    return value
