"""Turn an HTML mail body into plain lines.

iPhone Mail and some webmail send HTML only, so the forward headers, the complaint and
its signature block must be read from HTML. Only line structure matters here: block
elements end a line, `<br>` breaks one, table cells stay on the row they belong to (so a
Thunderbird header table reads `Subject: ...`), and head/style/script are dropped.

A paragraph that a reader sees set apart is set apart by a blank line, as the client's
own plain-text part does, so that the text has the blocks the plain-text rules read (a
signature, a letterhead, the last block of a letter): `<p>` has a margin unless its
style says none, and Word's `<p class="MsoNormal">` has none (Outlook's style sheet)
unless its style gives one (`margin-bottom:12.0pt`, `mso-margin-bottom-alt:auto`, as
Outlook writes the paragraphs of an HTML message it forwards) (`spaced`).

The markup is split by `_tokens`, not by `html.parser`: the standard parser (3.11) takes
time growing with the square of the input on malformed markup (100 KB of `<!--` takes two
minutes, `<a` repeated one), and anyone can send HTML. `_tokens` looks at each character
a bounded number of times: every search starts past the previous one, or knows at once
that it would find nothing (`_Finder`). Markup never closed (a comment, a tag, a quoted
value) is read as text, as the standard parser reads it; a script never closed hides
the rest, as it would in a browser.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

_BLOCK = frozenset({
    "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "fieldset", "figure",
    "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav",
    "ol", "p", "pre", "section", "table", "tbody", "thead", "tfoot", "tr", "ul",
})
_SKIP = frozenset({"head", "script", "style", "title", "xml"})
_CELL = frozenset({"td", "th"})
_SPACE = re.compile(r"[ \t\r\n\f\v]+")  # HTML whitespace; NBSP is content, kept as a space
_NAME = re.compile(r"[a-zA-Z][^\t\n\r\f />\x00]*")
_OPEN = re.compile(r"<[a-zA-Z/!?]")  # where markup may begin; any other "<" is text
_PLAIN_TAG = re.compile(r"<(/?)([a-zA-Z][^\t\n\r\f />\x00<]*)[^<>\"']*>")  # no quotes
_RAW_TEXT = ("script", "style")  # their content is not markup, up to their end tag
_BLANK = " \t\n\r\f"
MIN_SPACING = 3.0  # points of margin that show as space (Outlook writes .0001pt for none)
MAX_P_TAG = 2000  # of a <p> tag read for its class and style; Outlook's are under 200
_ATTRIBUTE = re.compile(r"""\s(class|style)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.I)
_MARGIN = re.compile(r"(?:^|;)\s*(mso-margin-(?:top|bottom)-alt|margin(?:-top|-bottom)?)\s*:"
                     r"\s*([^;]*)", re.I)
_LENGTH = re.compile(r"(-?\d*\.?\d+)\s*(pt|px|in|cm|mm|em|rem|ex|%)?$", re.I)
_POINTS = {"pt": 1.0, "px": 0.75, "in": 72.0, "cm": 28.35, "mm": 2.835, "em": 12.0,
           "rem": 12.0, "ex": 6.0, None: 0.75}


class _Finder:
    """`str.find` that remembers where a needle no longer occurs, so that searching for
    it again from further on costs nothing: the searches together stay linear."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._absent_from: dict[str, int] = {}

    def find(self, needle: str, pos: int, end: int | None = None) -> int:
        if pos >= self._absent_from.get(needle, len(self.text) + 1):
            return -1
        at = self.text.find(needle, pos, len(self.text) if end is None else end)
        if at < 0 and end is None:
            self._absent_from[needle] = pos
        return at


def _tag_end(find: _Finder, pos: int) -> tuple[int, int]:
    """(just after the `>` closing the tag whose attributes start at `pos`, or -1; where
    to go on reading when it never closes). A quote opens a value only after `=` (HTML5),
    and a `>` inside a quoted value is text."""
    markup = find.text
    gt = -1
    while True:
        if gt < pos and (gt := find.find(">", pos)) < 0:
            return -1, pos
        eq = markup.find("=", pos, gt)
        if eq < 0:
            return gt + 1, gt + 1
        pos = eq + 1
        while pos < len(markup) and markup[pos] in _BLANK:
            pos += 1
        if pos < len(markup) and markup[pos] in "\"'":
            close = find.find(markup[pos], pos + 1)
            if close < 0:
                return -1, pos + 1  # a quote never closed: the tag so far is text
            pos = close + 1


def _markup_end(find: _Finder, lt: int, closing: bool) -> tuple[str | None, int, int]:
    """(the tag's name or None, where the markup at `lt` ends or -1 if it never does,
    where to go on reading then)."""
    markup = find.text
    if markup.startswith("<!--", lt):
        stop = find.find("-->", lt + 4)
        return None, -1 if stop < 0 else stop + 3, lt + 1
    name = _NAME.match(markup, lt + 2 if closing else lt + 1)
    if name is not None:
        end, resume = _tag_end(find, name.end())
        return name.group().lower(), end, max(resume, lt + 1)
    if closing or markup.startswith(("<!", "<?"), lt):
        stop = find.find(">", lt + 2)  # a declaration or a bogus comment
        return None, -1 if stop < 0 else stop + 1, lt + 1
    return None, -1, lt + 1  # "<" before a space or a digit: text


def _tokens(markup: str) -> Iterator[tuple[str, str]]:
    """("data", text), ("start", tag), ("startend", tag) and ("end", tag), in order; a
    `<p>` start tag is preceded by ("p", its markup).

    Markup that is never closed is text, as the standard parser reads it.
    """
    find, pos, n = _Finder(markup), 0, len(markup)
    text: list[str] = []  # text not yet handed on, so that "<" after "<" costs nothing
    while pos < n:
        opening = _OPEN.search(markup, pos)
        if opening is None:
            break  # no markup can begin: the rest is text
        lt = opening.start()
        if lt > pos:
            text.append(markup[pos:lt])
        if plain := _PLAIN_TAG.match(markup, lt):  # most tags: one match, no searching
            closing, tag, end, resume = bool(plain[1]), plain[2].lower(), plain.end(), 0
        elif find.find(">", lt) < 0:
            pos = lt
            break  # no markup can end: the rest is text
        else:
            closing = markup.startswith("</", lt)
            tag, end, resume = _markup_end(find, lt, closing)
        if end < 0:
            text.append(markup[lt:resume])
            pos = resume
            continue
        if text:
            yield "data", html.unescape("".join(text))
            text = []
        pos = end
        if tag is None:
            continue
        kind = "end" if closing else "startend" if markup[end - 2] == "/" else "start"
        if kind == "start" and tag == "p":
            yield "p", markup[lt:end]  # its attributes say whether it is set apart
        yield kind, tag
        if kind == "start" and tag in _RAW_TEXT:
            stop = re.compile(rf"</{tag}[\t\n\r\f />]", re.I).search(markup, pos)
            if stop is None:
                return  # a script to the end: nothing more to show
            pos = stop.start()
    text.append(markup[pos:])
    if any(text):
        yield "data", html.unescape("".join(text))


def spaced(tag: str) -> bool:
    """Whether a `<p>` start tag's paragraph is set apart from the next (a margin above or
    below it): by default yes, for Word's classes (`MsoNormal`, OWA's `x_MsoNormal`) no;
    a margin in its style decides. Only the tag's first `MAX_P_TAG` characters are read
    (a hostile tag costs no more than a real one)."""
    classes, style = "", ""
    for m in _ATTRIBUTE.finditer(tag[:MAX_P_TAG]):
        value = next(v for v in m.groups()[1:] if v is not None)
        if m[1].lower() == "class":
            classes = value
        else:
            style = value
    margin: bool | None = None  # None: its style says nothing of its margins
    for m in _MARGIN.finditer(html.unescape(style)):
        name, value = m[1].lower(), m[2].strip().lower()
        if name.startswith("mso-"):
            if value == "auto":
                return True  # Outlook's automatic spacing before or after
            continue
        sides = value.split()
        if name == "margin" and sides:  # top [right [bottom [left]]]
            sides = [sides[0], sides[2] if len(sides) > 2 else sides[0]]
        margin = bool(margin) or any(_points(v) >= MIN_SPACING for v in sides)
    if margin is not None:
        return margin
    return not any(c.lower().lstrip("x_").startswith("mso") for c in classes.split())


def _points(length: str) -> float:
    m = _LENGTH.match(length.strip().removesuffix("!important").strip())
    if m is None:
        return 0.0  # auto, inherit: no margin of its own
    number, unit = float(m[1]), (m[2] or "").lower() or None
    if unit == "%":
        return 12.0 if number else 0.0  # of the line's width: some space when not none
    return abs(number) * _POINTS.get(unit, 0.75)


class _TextCollector:
    """Lines of text as fragments (appending to a growing string would be quadratic)."""

    def __init__(self) -> None:
        self.lines: list[list[str]] = [[]]
        self._filled = False  # the current line has more than spaces
        self._skip = 0
        self._pre = 0
        self._apart = False  # the open paragraph is set apart (`spaced`)

    def paragraph(self, tag: str) -> None:
        """A `<p>` opens (closing the one before it, as HTML does)."""
        self._end_paragraph()
        self._apart = spaced(tag)
        if self._apart:
            self._blank()

    def _end_paragraph(self) -> None:
        if self._apart:
            self._blank()
        self._apart = False

    def _blank(self) -> None:
        """A blank line here (blank lines in a row are kept once on output)."""
        self._newline(hard=False)
        self.lines.append([])

    def _add(self, text: str) -> None:
        if text:
            self.lines[-1].append(text)
            self._filled = self._filled or bool(text.strip(" "))

    def _newline(self, *, hard: bool) -> None:
        # A block boundary only ends a line that has content; <br> always breaks.
        if hard or self._filled:
            self.lines.append([])
            self._filled = False

    def handle_starttag(self, tag: str) -> None:
        if tag in _SKIP:
            self._skip += 1
        elif tag == "br":
            self._newline(hard=True)
        elif tag in _BLOCK:
            self._pre += tag == "pre"
            self._newline(hard=False)
        elif tag in _CELL and self._filled:
            self._add("\t")

    def handle_startendtag(self, tag: str) -> None:
        if tag == "br":
            self._newline(hard=True)
        elif tag in _BLOCK:
            self._newline(hard=False)

    def handle_endtag(self, tag: str) -> None:
        if tag == "p" and not self._skip:
            self._end_paragraph()
        if tag in _SKIP:
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCK:
            self._pre = max(0, self._pre - (tag == "pre"))
            self._newline(hard=False)

    @property
    def skipping(self) -> bool:
        return bool(self._skip)

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._pre:
            first, *rest = data.split("\n")
            self._add(first)
            for line in rest:
                self.lines.append([])
                self._filled = False
                self._add(line)
            return
        text = _SPACE.sub(" ", data)
        if not self._filled:
            text = text.lstrip(" ")  # layout whitespace between tags is not content
        self._add(text)  # NBSP stays until output so `<p>&nbsp;</p>` is a line


def html_to_text(markup: str) -> str:
    """Readable text of an HTML body, one visual line per line, blank lines kept once."""
    collector = _TextCollector()
    for kind, value in _tokens(markup):
        if kind == "data":
            collector.handle_data(value)
        elif kind == "p":
            if not collector.skipping:
                collector.paragraph(value)
        elif kind == "start":
            collector.handle_starttag(value)
        elif kind == "end":
            collector.handle_endtag(value)
        else:
            collector.handle_startendtag(value)
    out: list[str] = []
    for fragments in collector.lines:
        clean = "".join(fragments).replace("\xa0", " ").rstrip()
        if clean.strip() or (out and out[-1]):
            out.append(clean if clean.strip() else "")
    return "\n".join(out).strip("\n")
