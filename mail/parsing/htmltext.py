"""Turn an HTML mail body into plain lines.

iPhone Mail and some webmail send HTML only, so the forward headers, the complaint and
its signature block must be read from HTML. Only line structure matters here: block
elements end a line, `<br>` breaks one, table cells stay on the row they belong to (so a
Thunderbird header table reads `Subject: ...`), and head/style/script are dropped.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCK = frozenset({
    "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "fieldset", "figure",
    "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav",
    "ol", "p", "pre", "section", "table", "tbody", "thead", "tfoot", "tr", "ul",
})
_SKIP = frozenset({"head", "script", "style", "title", "xml"})
_CELL = frozenset({"td", "th"})
_SPACE = re.compile(r"[ \t\r\n\f\v]+")  # HTML whitespace; NBSP is content, kept as a space


class _TextCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = [""]
        self._skip = 0
        self._pre = 0

    def _newline(self, *, hard: bool) -> None:
        # A block boundary only ends a line that has content; <br> always breaks.
        if hard or self.lines[-1].strip(" "):
            self.lines.append("")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self._skip += 1
        elif tag == "br":
            self._newline(hard=True)
        elif tag in _BLOCK:
            self._pre += tag == "pre"
            self._newline(hard=False)
        elif tag in _CELL and self.lines[-1].strip(" "):
            self.lines[-1] += "\t"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":
            self._newline(hard=True)
        elif tag in _BLOCK:
            self._newline(hard=False)

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCK:
            self._pre = max(0, self._pre - (tag == "pre"))
            self._newline(hard=False)

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._pre:
            first, *rest = data.split("\n")
            self.lines[-1] += first
            self.lines.extend(rest)
            return
        text = _SPACE.sub(" ", data)
        if not self.lines[-1].strip(" "):
            text = text.lstrip(" ")  # layout whitespace between tags is not content
        self.lines[-1] += text  # NBSP stays until output so `<p>&nbsp;</p>` is a line


def html_to_text(html: str) -> str:
    """Readable text of an HTML body, one visual line per line, blank lines kept once."""
    collector = _TextCollector()
    try:
        collector.feed(html)
        collector.close()
    except (AssertionError, ValueError):  # malformed markup: keep what was read
        pass
    out: list[str] = []
    for line in collector.lines:
        clean = line.replace("\xa0", " ").rstrip()
        if clean.strip() or (out and out[-1]):
            out.append(clean if clean.strip() else "")
    return "\n".join(out).strip("\n")
