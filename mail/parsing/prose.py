"""Small readings of free text shared by the element finders: sentences, salutations.

A salutation ("Dear Mayor Lindqvist,") names the recipient, not the official complained
against, so it is dropped before matching respondents; prose lines (not headings,
salutations or address lines) are what show that specific facts were set forth (§1).
"""

from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(])|\n\s*\n")
_SALUTATION = re.compile(r"^(?:dear|to|hello|hi|attn|attention|good (?:morning|afternoon))\b",
                         re.I)


def sentences(text: str) -> list[str]:
    """Sentences of a text, each on one line."""
    return [" ".join(s.split()) for s in _SENTENCE_END.split(text) if s.strip()]


def is_salutation(line: str, *, first: bool) -> bool:
    """"Dear ...," anywhere; a short "Name," or "Name:" line when it opens the text."""
    line = line.strip()
    words = line.split()
    if not words or len(words) > 8:
        return False
    if _SALUTATION.match(line) and line[-1] in ",:":
        return True
    return bool(re.match(r"^dear\b", line, re.I)) or (first and len(words) <= 4
                                                       and line[-1] in ",:")


def without_salutations(text: str) -> str:
    out: list[str] = []
    first = True
    for line in text.split("\n"):
        if line.strip():
            if not is_salutation(line, first=first):
                out.append(line)
            first = False
        else:
            out.append(line)
    return "\n".join(out)


def prose_words(text: str) -> int:
    """Words in lines of running prose (six words or more), the body of a statement."""
    return sum(len(s.split()) for s in sentences(text) if len(s.split()) >= 6)
