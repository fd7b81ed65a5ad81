"""Small readings of free text shared by the element finders: sentences, salutations.

A salutation ("Dear Mayor Lindqvist,") names the recipient, not the official complained
against, so it is dropped (with a letter's inside address) before matching respondents
and looking for the facts.
"""

from __future__ import annotations

import re

# A stop ends a sentence, but not the stop of a title or an abbreviation ("Mr. Pruitt",
# "Sec. 2.94.030", "Sra. Ortiz", "M. Hale"): a reason cut there loses its "because". The
# next sentence may begin with an accented capital ("À la réunion", "Él votó").
_SENTENCE_END = re.compile(
    r"(?<=[.!?])(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bSec\.)"
    r"(?<!\bNo\.)(?<!\bSr\.)(?<!\bSra\.)(?<!\bJr\.)(?<!\bM\.)\s+(?=[A-ZÀ-ÖØ-Þ\"“«(])"
    r"|\n\s*\n")
# English, and the French a resident writing to the city may open with ("Madame la Maire,",
# "Monsieur,", "Bonjour,")
_SALUTATION = re.compile(r"^(?:dear|to|hello|hi|attn|attention|good (?:morning|afternoon)|"
                         r"madame|monsieur|mesdames|messieurs|bonjour|bonsoir|"
                         r"ch(?:er|ère|ers|ères))\b", re.I)


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
    end it (a recipient's name, title and address). When its lines are one-line blocks
    (a PDF's text has a blank line wherever a word processor put paragraph spacing, after
    each line of an address typed line by line) the blank lines between them belong to
    it; a block of several lines above it is not part of it (the writer's letterhead)."""
    end = len(out)
    while end and not out[end - 1].strip() and len(out) - end < 3:  # bounded: no rescans
        end -= 1
    pos, filled, run, start = end, 0, 0, None
    while pos and filled < 6:
        line = out[pos - 1]
        if len(line.split()) > 8:
            break  # prose: no address line
        if line.strip():
            filled, run, pos = filled + 1, run + 1, pos - 1
            if pos == 0 or not out[pos - 1].strip():
                start = pos  # a block can begin here: the text's start, or a blank above
            continue
        one_line_above = pos >= 2 and out[pos - 2].strip() and (
            pos == 2 or not out[pos - 3].strip())
        if run != 1 or not one_line_above:
            break  # a blank line after a block of several lines, or two: the block ends
        run, pos = 0, pos - 1
    if start is not None:
        del out[start:end]
