"""Find who signed a text, and the contact block under a name.

§1: complaints "should be signed". A signature is `/s/ Name`, a filled Signature field,
or the writer's name at the end: after a closing ("Sincerely,"), or heading the final
block of address and phone lines, or heading the last block when it is the sender's
own name. A closing followed by nothing ("Xin cảm ơn.") is not a signature.

A block of contact lines may have a blank line between two of its lines: a word
processor's letterhead puts its paragraph spacing after each line, and a PDF's text
comes out with a blank line wherever that spacing is (`contact_run`), in the body, the
HTML and the PDF alike.
"""

from __future__ import annotations

import re
import unicodedata

from mail.parsing.contact import Contact, block_contact, is_contact_line
from mail.parsing.prose import line_numbers

_SLASH_PREFIX = re.compile(r"^/s/\s*")
_SLASH_S = re.compile(r"/s/\s*([^\n/]{2,60}?)\s*$", re.M)
_CLOSING = re.compile(
    r"^(?:(?:yours )?(?:very )?(?:sincerely|respectfully(?: submitted| yours)?|truly|cordially"
    r"|faithfully)(?: yours)?|(?:best|kind|warm|warmest)(?: regards| wishes)?|regards|best|"
    # Spanish (the city's second language) and French closings
    r"(?:muy )?atentamente|cordialmente|respetuosamente|(?:un )?(?:cordial )?saludos?"
    r"(?: cordiales| atentos)?|(?:bien )?cordialement|bien à vous|respectueusement|"
    r"(?:sincères|meilleures) salutations|salutations distinguées|"
    # French letters close with a sentence: "Veuillez agréer, Madame la Maire, l'expression
    # de mes salutations distinguées."
    r"(?:veuillez|je vous prie d['’]) ?(?:agréer|recevoir)[^\n]{0,160}|"
    r"(?:thank you|thanks|many thanks)(?: (?:very much|again|for your (?:time|help|attention)))?)"
    r"\s*[,.!]?$",
    re.I,
)
MAX_CONTACT_LINE = 120  # a contact line after a blank one is short: no paragraph of prose
MAX_BLOCK = 12  # lines of one contact block: a letterhead or signature is never longer
_FOOTER = re.compile(r"^(?:sent from my |sent from (?:yahoo|outlook|mail)|get outlook for )", re.I)
_PARTICLES = frozenset({"de", "del", "della", "der", "van", "von", "da", "dos", "du", "la", "le",
                        "bin", "binti", "al", "y", "e", "di", "ten", "ter", "st."})
_NOT_NAMES = frozenset({
    "city", "county", "state", "office", "board", "council", "department", "mayor", "ethics",
    "complaint", "street", "avenue", "road", "thank", "thanks", "regards", "sincerely", "best",
    "respectfully", "the", "of", "and", "for", "from", "my", "iphone", "sent", "dear", "hello",
    "inc", "llc", "re", "fw", "fwd", "subject", "attached", "please", "clerk", "administrator",
})


def same_name(a: str, b: str) -> bool:
    """Equal as names: case, Unicode form and spacing ignored."""
    def norm(s: str) -> str:
        return " ".join(unicodedata.normalize("NFC", s).casefold().split())
    return bool(a.strip()) and norm(a) == norm(b)


def _folded(s: str) -> str:
    return unicodedata.normalize("NFC", s).casefold()


def lines_named(text: str, name: str, *, before_comma: bool = False) -> list[int]:
    """The numbers of the lines of `text` (split at "\n") that are `name` by `same_name`
    (with `before_comma`, the part of the line before its first comma is), found by one
    search over the whole text rather than a test per line: a long text's lines are
    mostly not names, and a test of each costs more than all the rest of a parse.

    The same as testing each line: folding (NFC, then case) keeps a text's line breaks
    and commas where they were, so a line of the folded text is the folded line, and
    `same_name` compares the words of the two, which the pattern spells out."""
    words = _folded(name).split()
    if not words or (before_comma and any("," in w for w in words)):
        return []
    gap = r"[^\S\n]"  # what str.split() splits on, within a line
    pattern = re.compile(rf"^{gap}*" + rf"{gap}+".join(map(re.escape, words))
                         + rf"{gap}*" + (r"(?:,[^\n]*)?" if before_comma else "") + "$", re.M)
    return line_numbers(_folded(text), pattern)


def is_name_like(line: str) -> bool:
    """A line that could be a person's name: two to five capitalised words, no digits."""
    line = line.strip()
    if not 3 <= len(line) <= 60 or re.search(r"[\d@:,;()<>|/]", line):
        return False
    tokens = line.split()
    if not 2 <= len(tokens) <= 5:
        return False
    for token in tokens:
        if token.lower() in _PARTICLES:
            continue
        if token.lower().strip(".") in _NOT_NAMES or not token[0].isupper():
            return False
        if not all(c.isalpha() or c in ".-'’" for c in token):
            return False
    return True


def _lines(text: str) -> list[str]:
    lines = [line.strip() for line in text.split("\n")]
    lines = [line for line in lines if not _FOOTER.match(line) and line not in ("--", "-- ")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def is_closing(line: str) -> bool:
    """"Sincerely," and the like: what comes before a signature."""
    return bool(_CLOSING.match(line.strip()))


def slash_signature(text: str) -> str | None:
    m = _SLASH_S.search(text)
    return m.group(1).strip() if m else None


def signer(text: str, known_names: tuple[str, ...] = ()) -> str | None:
    """The name a text is signed with, or None when it is not signed."""
    found = slash_signature(text)
    if found:
        return found
    lines = _lines(text)
    filled = [i for i, line in enumerate(lines) if line]
    for i in reversed(filled[-15:]):
        if _CLOSING.match(lines[i]):
            after = [lines[j] for j in filled if j > i]
            return after[0] if after and is_name_like(after[0]) else None
    start = len(lines)
    while start > 0 and lines[start - 1]:
        start -= 1
    final = lines[start:]
    if final and is_name_like(final[0]) and any(same_name(final[0], n) for n in known_names):
        return final[0]  # the sender's own name heads the last block
    head = _run_head(lines)
    return lines[head] if head is not None and is_name_like(lines[head]) else None


def _run_head(lines: list[str]) -> int | None:
    """The line just above the trailing run of contact lines (a blank line allowed
    between two of them), or None when the text does not end in such a run."""
    i = len(lines) - 1
    found = 0
    while i >= 0:
        if lines[i]:
            if len(lines[i]) > MAX_CONTACT_LINE or not is_contact_line(lines[i]):
                break
            found += 1
            if found > MAX_BLOCK:
                return None  # no signature is this long
        elif i == 0 or not lines[i - 1]:
            return None  # two blank lines, or a blank first line: the run has no head
        i -= 1
    return i if found and i >= 0 else None


def contact_run(lines: list[str], start: int) -> list[str]:
    """The contact lines from `start` on (stripped lines): a run of them, a blank line
    allowed before each one."""
    return [line for line in lines[start:contact_run_end(lines, start)] if line]


def contact_run_end(lines: list[str], start: int) -> int:
    """Where the run of contact lines from `start` ends (just after its last line; `start`
    when there is none). Each line is looked at once, at most `MAX_BLOCK` of them."""
    j, end, found = start, start, 0
    while j < len(lines) and found < MAX_BLOCK:
        line = lines[j].strip()
        if not line:
            nxt = lines[j + 1].strip() if j + 1 < len(lines) else ""
            if not nxt or len(nxt) > MAX_CONTACT_LINE or not is_contact_line(nxt):
                break
            j += 1
            continue
        if not is_contact_line(line):
            break
        found, j = found + 1, j + 1
        end = j
    return end


def contact_under(text: str, name: str) -> Contact:
    """The address block under a line holding `name` (a signature or a letterhead)."""
    lines = [line.strip() for line in text.split("\n")]
    for i, line in enumerate(lines):
        if not same_name(_SLASH_PREFIX.sub("", line), name):  # "/s/ Name" heads it too
            continue
        block = contact_run(lines, i + 1)
        if block:
            return block_contact(block)
    return Contact()
