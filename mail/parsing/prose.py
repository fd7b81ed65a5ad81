"""Small readings of free text shared by the element finders: sentences, salutations.

A salutation ("Dear Mayor Lindqvist,") names the recipient, not the official complained
against, so it is dropped (with a letter's inside address) before matching respondents
and looking for the facts.
"""

from __future__ import annotations

import re

# A stop ends a sentence, but not the stop of a title or an abbreviation ("Mr. Pruitt",
# "Sec. 2.94.030", "Sra. Ortiz"): a reason cut there loses its "because".
_SENTENCE_END = re.compile(
    r"(?<=[.!?])(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bSec\.)"
    r"(?<!\bNo\.)(?<!\bSr\.)(?<!\bSra\.)(?<!\bJr\.)\s+(?=[A-Z\"“(])|\n\s*\n")
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
    """The text without its salutations and a letter's inside address (the block of
    short lines just above "Dear ...:", naming the recipient, not the one complained of)."""
    out: list[str] = []
    first = True
    for line in text.split("\n"):
        if line.strip():
            if not is_salutation(line, first=first):
                out.append(line)
            elif _SALUTATION.match(line.strip()):
                _drop_inside_address(out)
            first = False
        else:
            out.append(line)
    return "\n".join(out)


def _drop_inside_address(out: list[str]) -> None:
    """Remove from `out` the block of up to six short lines above the blank line(s) that
    end it (a recipient's name, title and address)."""
    end = len(out)
    while end and not out[end - 1].strip() and len(out) - end < 3:  # bounded: no rescans
        end -= 1
    start = end
    while start and out[start - 1].strip() and end - start < 6:
        start -= 1
    block = out[start:end]
    if block and (start == 0 or not out[start - 1].strip()) and all(
            len(line.split()) <= 8 for line in block):
        del out[start:end]
