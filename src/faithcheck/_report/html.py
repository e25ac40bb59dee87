"""One self-contained HTML file: the viewer's CSS and JavaScript inline, the data as embedded JSON.

Nothing in the file loads anything: the Content-Security-Policy allows no source but the one inline
script and the one inline style, named by their SHA-256, so injected markup could neither run nor
fetch. The viewer inserts every text of the data with ``textContent``, never as markup.
"""

from __future__ import annotations

import base64
import hashlib
import json
from importlib import resources
from typing import Any, Final

__all__ = ["embed_json", "render_html"]

# Inside <script type="application/json"> only "</script" (or "<!--") could end the element early;
# escaping every <, > and & makes that impossible, and U+2028/9 are escaped for old JS parsers.
_JSON_ESCAPES: Final = str.maketrans(
    {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
)


def embed_json(data: Any) -> str:
    """``data`` as JSON that is safe inside a ``<script type="application/json">`` element.

    >>> embed_json({"a": "</script><b>&"})
    '{"a":"\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e\\\\u0026"}'
    >>> json.loads(embed_json({"a": "</script>"}))
    {'a': '</script>'}
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False, default=str)
    return text.translate(_JSON_ESCAPES)


def _asset(name: str) -> str:
    return resources.files("faithcheck._report").joinpath(name).read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def render_html(payload: dict[str, Any], *, title: str) -> str:
    """The report page for the viewer ``payload`` (see :meth:`~faithcheck._report.data.ReportData.payload`).

    >>> page = render_html({"rows": [], "title": "<t>"}, title="<t>")
    >>> "<title>&lt;t&gt;</title>" in page and "Content-Security-Policy" in page
    True
    """
    script = _asset("viewer.js")
    style = _asset("viewer.css")
    # 'unsafe-hashes' is absent on purpose: no inline handler or style attribute may run.
    csp = (
        "default-src 'none'; "
        f"script-src '{_sha256(script)}'; "
        f"style-src '{_sha256(style)}'; "
        "img-src data:; base-uri 'none'; form-action 'none'; frame-src 'none'; object-src 'none'"
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{_attr(csp)}">\n'
        '<meta name="referrer" content="no-referrer">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_attr(title)}</title>\n"
        f"<style>{style}</style>\n"
        "</head>\n<body>\n"
        "<noscript>This report needs JavaScript to show its rows.</noscript>\n"
        '<div id="app"></div>\n'
        f'<script type="application/json" id="faithcheck-data">{embed_json(payload)}</script>\n'
        f"<script>{script}</script>\n"
        "</body>\n</html>\n"
    )
