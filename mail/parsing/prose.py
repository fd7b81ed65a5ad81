"""Small readings of free text shared by the element finders: sentences, salutations.

A salutation ("Dear Mayor Lindqvist,") names the recipient, not the official complained
against, so it is dropped (with a letter's inside address) before matching respondents
and looking for the facts.
"""

from __future__ import annotations

import functools
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
_SALUTATION_WORDS = (r"(?:dear|to|hello|hi|attn|attention|good (?:morning|afternoon)|madame|"
                     r"monsieur|mesdames|messieurs|bonjour|bonsoir|ch(?:er|ère|ers|ères))\b")
_SALUTATION = re.compile("^" + _SALUTATION_WORDS, re.I)
# a line of a text whose first word (after its indent) is a salutation's
_OPENS_SALUTATION = re.compile(r"^[^\S\n]*" + _SALUTATION_WORDS, re.I | re.M)


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


def line_numbers(text: str, pattern: re.Pattern[str], *, first_only: bool = False
                 ) -> list[int]:
    """The numbers of the lines of `text` (split at "\n") in which `pattern`'s matches
    start, in order (a line once per match): one search over a long text instead of a
    test of each of its lines, the lines counted as the search goes."""
    found: list[int] = []
    line = pos = 0
    for m in pattern.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        found.append(line)
        if first_only:
            break
    return found


_FILLED = re.compile(r"\S")  # what makes a line not blank (`str.strip`)


@functools.lru_cache(maxsize=1)
def without_salutations(text: str) -> str:
    """The text without its salutations and a letter's inside address (the block of
    short lines just above "Dear ...:", naming the recipient, not the one complained of).

    Only the first filled line and the lines that open with a salutation's word can be
    salutations (`is_salutation`), so those are found by one search over the text and
    the lines between them are kept whole, not tested one by one. The facts and the
    respondents are both looked for in the text without them: the last one is kept, so
    a complaint of one text is read once, not twice."""
    filled = line_numbers(text, _FILLED, first_only=True)
    if not filled:
        return text
    lines, first = text.split("\n"), filled[0]
    out: list[str] = []
    kept = 0  # lines[kept:] are not yet in `out`
    for i in sorted({first, *line_numbers(text, _OPENS_SALUTATION)}):
        out += lines[kept:i]
        kept = i + 1
        line = lines[i]
        if not is_salutation(line, first=i == first):
            out.append(line)
        elif i != first or _SALUTATION.match(line.strip()):  # a candidate opens with one
            _drop_inside_address(out)
    out += lines[kept:]
    return "\n".join(out)



def _drop_inside_address(out: list[str]) -> None:
    """Remove from `out` the block of up to six short lines above the blank line(s) that
    end it (a recipient's name, title and address). When its lines are one-line blocks
    (a PDF's text has a blank line wherever a word processor put paragraph spacing, after
    each line of an address typed line by line) the blank lines between them belong to
    it; a block of several lines above it is not part of it (the writer's letterhead)."""
    if len(out) > 3 and not (out[-1].strip() or out[-2].strip() or out[-3].strip()
                             or out[-4].strip()):
        return  # four blank lines: no block ends here (the loop below stops at once)
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
