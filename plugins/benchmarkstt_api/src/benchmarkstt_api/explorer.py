"""The explorer page: every method with its help and a form that calls it.

The page is rendered once per application from the method table. Every text in it is
HTML-escaped; the only script and style are the packaged ``explorer.js`` and
``explorer.css``, allowed by hash in the page's content security policy, and results are
shown as text, never as HTML.
"""

from __future__ import annotations

import base64
import hashlib
from html import escape
from importlib.resources import files
from typing import Mapping

from benchmarkstt_core.__meta__ import __version__

from .methods import ApiMethod, Param, show

#: parameters that get a multi-line text box
TEXT_AREAS = ("text", "ref", "hyp", "config")


def _resource(name: str) -> str:
    return files(__package__).joinpath(name).read_text(encoding="utf-8")


def _digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _value_kind(param: Param) -> str:
    """How the form sends a value: ``bool`` (checkbox), ``string`` or ``json``."""
    if isinstance(param.default, bool):
        return "bool"
    if param.required or param.default is None or isinstance(param.default, str):
        return "string"
    return "json"


def _field(method: ApiMethod, param: Param, example: dict) -> str:
    ident = escape(f"{method.name}--{param.name}")
    kind = _value_kind(param)
    note = method.param_note(param)
    if kind == "json":
        note += "; json"
    label = f'<span class="name">{escape(param.name)}</span> <span class="note">({escape(note)})</span>' + (
        f' <span class="doc">{escape(param.doc)}</span>' if param.doc else ""
    )
    attrs = f'id="{ident}" name="{escape(param.name)}" data-kind="{kind}"' + (
        ' data-required="1"' if param.required else ""
    )
    value = example.get(param.name)
    if kind == "bool":
        checked = " checked" if value else ""
        return f'<div class="field check"><input type="checkbox" {attrs}{checked}><label for="{ident}">{label}</label></div>'
    text = "" if value is None else (value if isinstance(value, str) and kind == "string" else show(value))
    if param.name in TEXT_AREAS:
        control = f'<textarea {attrs} rows="2">{escape(text)}</textarea>'
    else:
        control = f'<input type="text" {attrs} value="{escape(text, quote=True)}">'
    return f'<div class="field"><label for="{ident}">{label}</label>{control}</div>'


def _section(method: ApiMethod) -> str:
    name = escape(method.name)
    example = method.examples[0] if method.examples else {}
    fields = "".join(_field(method, p, example) for p in method.params)
    return (
        f'<section class="method" id="{name}" data-method="{name}">'
        f'<h2>{name}<code class="signature">{escape(str(method.signature))}</code></h2>'
        f'<pre class="help">{escape(method.help())}</pre>'
        f'<form class="call" data-method="{name}" novalidate>{fields}'
        f'<button type="submit">Call {name}</button></form>'
        f'<pre class="result" aria-live="polite" data-state="idle"></pre></section>'
    )


def render_explorer(methods: Mapping[str, ApiMethod], entrypoint: str) -> tuple:
    """The page's HTML and its content security policy."""
    script, style = _resource("explorer.js"), _resource("explorer.css")
    toc = "".join(f'<li><a href="#{escape(name)}">{escape(name)}</a></li>' for name in methods)
    sections = "".join(_section(method) for method in methods.values())
    html = _resource("explorer.html").format(
        version=escape(__version__),
        entrypoint=escape(entrypoint, quote=True),
        count=len(methods),
        toc=toc,
        sections=sections,
        script=script,
        style=style,
    )
    policy = (
        f"default-src 'none'; script-src {_digest(script)}; style-src {_digest(style)}; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    return html, policy
