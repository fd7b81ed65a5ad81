"""Find the ethics-code sections a complaint cites, normalised (§1: "the specific sections
and subsections of the ethics code that the facts violate").

`RMC 2.94.040 (B)`, `Section 2.94.040(B)` and `§ 2.94.040(B)` are one citation,
`2.94.040(B)`; `2.94.040(B) and (C)` are two. A parenthesis after a section holds a
subsection only when it is a short letter, number or roman numeral; `2.94.060 (use of
confidential information)` is a gloss, not a subsection. The chapter (`2.94` in Riverton)
is a parameter so another city's code can be read without editing this module.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

DEFAULT_CHAPTER = "2.94"
_SUB = r"\(\s*([A-Za-z]{1,2}|\d{1,2}|[ivxIVX]{1,5})\s*\)"
_SUB_RE = re.compile(_SUB)
_SIBLING = re.compile(r"\s*(?:,\s*(?:and|or)?|and|or|&)\s*" + _SUB)


def section_pattern(chapter: str = DEFAULT_CHAPTER) -> str:
    """The regex of a section number in `chapter`: the chapter, a dot and three digits."""
    return rf"(?<![\d.]){re.escape(chapter)}\.\d{{3}}(?![\d])"


DEFAULT_PATTERN = section_pattern()


def find_sections(texts: Iterable[str], pattern: str | None = None) -> tuple[str, ...]:
    """Every cited section with its subsections, each once, in order of first mention."""
    number = re.compile(pattern or DEFAULT_PATTERN)
    found: list[str] = []
    for text in texts:
        for citation in _citations(text, number):
            if citation not in found:
                found.append(citation)
    return tuple(found)


def _citations(text: str, number: re.Pattern[str]) -> list[str]:
    out: list[str] = []
    for m in number.finditer(text):
        base = re.sub(r"\s+", "", m.group(0))
        subs: list[str] = []
        pos = m.end()
        while sub := _SUB_RE.match(text, _skip_spaces(text, pos)):
            subs.append(sub.group(1))
            pos = sub.end()
        out.append(base + "".join(f"({s})" for s in subs))
        while sibling := _SIBLING.match(text, pos):
            subs = _replace_same_level(subs, sibling.group(1))
            out.append(base + "".join(f"({s})" for s in subs))
            pos = sibling.end()
    return out


def _skip_spaces(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos


def _kind(sub: str) -> str:
    if sub.isdigit():
        return "digit"
    if re.fullmatch(r"[ivx]+", sub):
        return "roman"
    return "upper" if sub.isupper() else "lower"


def _replace_same_level(subs: list[str], sibling: str) -> list[str]:
    """`(A)(1) and (2)` means (A)(2): the sibling replaces the level of its own kind."""
    for level in range(len(subs) - 1, -1, -1):
        if _kind(subs[level]) == _kind(sibling):
            return [*subs[:level], sibling]
    return [*subs[:-1], sibling] if subs else [sibling]
