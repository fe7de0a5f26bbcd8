"""The Content-Security-Policy of each answer of ``trfkit serve``.

The page loads only its own script, style and API. A document the API makes
as HTML (Form 3, the forms, standings, norms) carries its own inline style,
and Form 3 one small script: the script is allowed by the hash of the
script *as shipped* in ``trfkit/report/templates``, computed here from that
file, never from the document. A ``<script>`` that escaped escaping in a
document (a player's name, say) has another hash and does not run.
"""

from __future__ import annotations

import hashlib
import re
from base64 import b64encode
from functools import cache
from html import unescape
from importlib import resources

__all__ = ["ERROR_POLICY", "PAGE_POLICY", "document_policy", "shipped_scripts"]

# The page: its own script, style and API; nothing inline, nothing from
# elsewhere; the document tabs' frames show the server's own HTML.
PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; frame-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)

# A refusal (JSON): nothing to load or run; the page's own frame may hold
# it, so that a tab whose document was not made can say why.
ERROR_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"


def _sha256(text: str) -> str:
    return f"'sha256-{b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


@cache
def _templates() -> tuple[str, ...]:
    folder = resources.files("trfkit.report").joinpath("templates")
    return tuple(f.read_text(encoding="utf-8") for f in folder.iterdir() if f.name.endswith(".j2"))


@cache
def shipped_scripts() -> tuple[str, ...]:
    """The inline scripts of the shipped templates, as written there (a
    script with a template expression in it could not be hashed before it
    is made, and is not allowed)."""
    found = []
    for text in _templates():
        for body in re.findall(r"<script>(.*?)</script>", text, re.S):
            if "{{" not in body and "{%" not in body:
                found.append(body)
    return tuple(found)


@cache
def _shipped_style_attributes() -> tuple[str, ...]:
    """The ``style="..."`` attributes of the shipped templates (Form 2's
    ``margin-top: 1em``)."""
    values = (unescape(v) for t in _templates() for v in re.findall(r'\sstyle="([^"{]*)"', t))
    return tuple(dict.fromkeys(values))


def document_policy(html: str) -> str:
    """The policy of an HTML document the API makes.

    Scripts: those shipped in the templates that the document holds whole,
    by their hash computed from the shipped file. Style: the document's
    ``<style>`` elements in its head (made from the renderers' own text; a
    style can restyle the page but, with ``default-src 'none'``, load or
    send nothing), and the shipped templates' style attributes it holds,
    by hash with ``'unsafe-hashes'`` (which allows exactly those values).
    It may be shown in the page's frame, nowhere else."""
    head = html.split("</head>", 1)[0] if "</head>" in html else ""
    styles = [_sha256(body) for body in re.findall(r"<style>(.*?)</style>", head, re.S)]
    attributes = [a for a in _shipped_style_attributes() if f'style="{a}"' in html]
    if attributes:
        styles += ["'unsafe-hashes'", *map(_sha256, attributes)]
    scripts = [_sha256(s) for s in shipped_scripts() if f"<script>{s}</script>" in html]
    style = " ".join(styles) or "'none'"
    script = " ".join(scripts) or "'none'"
    return (
        f"default-src 'none'; style-src {style}; script-src {script}; img-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
    )
