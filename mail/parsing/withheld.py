"""Keep the complainant's contact details out of the facts and reasons.

Who may see a complainant's address and phone is decided by the views that show the
filing's contact details (§6; docs/security.md); the facts are shown more widely
(the council sees them in `/ethics status`). So the contact details must live only in
`Filing.complainant`, never also in `facts` or `reasons`: the complainant's signature
block (a closing, their name, the address and phone lines under it, a letterhead of the
same shape) is dropped, and wherever else their phone, email or street address is
written, it is replaced by `WITHHELD`.
"""

from __future__ import annotations

import re

import phonenumbers

from cases.filing import Complainant
from mail.parsing.contact import inline_addresses, is_city_line, street_key
from mail.parsing.prose import line_numbers
from mail.parsing.signature import contact_run_end, is_closing, lines_named

WITHHELD = "[contact details withheld]"
# `signature.slash_signature` of a stripped line, looked for in the whole text: "/s/
# Name" and what follows it within its line, ending in the line's last visible character
_SLASH_LINE = re.compile(r"/s/[^\S\n]*[^\n/]{1,59}?[^\s/][^\S\n]*$", re.M)


def without_contact(text: str, complainant: Complainant, names: tuple[str, ...]) -> str:
    """`text` without the complainant's signature blocks and contact details."""
    if not text:
        return text
    names = tuple(n for n in dict.fromkeys((complainant.name, *names)) if n)
    text = _without_blocks(text, names)
    return _redacted(text, complainant).strip()


def _without_blocks(text: str, names: tuple[str, ...]) -> str:
    lines = text.split("\n")
    drop: set[int] = set()
    # the lines that sign: "/s/ Name", or one of the names (found by a search each, not a
    # test of every line: `lines_named`)
    signing = set(line_numbers(text, _SLASH_LINE)).union(*(lines_named(text, n)
                                                           for n in names))
    last_filled = _last_filled(lines)
    for i in sorted(signing):
        j = contact_run_end(lines, i + 1)  # a blank line may part its lines (a PDF's)
        at_end = j > last_filled
        if j == i + 1 and not at_end:
            continue  # the name alone, inside the text: part of what they wrote
        drop.update(range(i, j))
        k = i - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        if k >= 0 and is_closing(lines[k]):
            drop.add(k)  # "Sincerely," before the signature
    if not drop:
        return text
    return "\n".join(line for i, line in enumerate(lines) if i not in drop)


def _last_filled(lines: list[str]) -> int:
    """The number of the last line that is not blank (-1: none): what is after it is
    blank, known once rather than looked over again for every signature."""
    return next((i for i in range(len(lines) - 1, -1, -1) if lines[i].strip()), -1)


def _redacted(text: str, who: Complainant) -> str:
    if who.phone:
        text = _without_phone(text, who.phone)
    if who.email:
        text = re.sub(re.escape(who.email), WITHHELD, text, flags=re.I)
    if who.address:
        street = street_key(who.address)
        for found in inline_addresses(text):
            if street_key(found) == street:
                text = text.replace(found, WITHHELD)
        text = _without_street_lines(text, street)
    return text


def _without_phone(text: str, e164: str) -> str:
    if e164[-4:] not in text:
        return text  # however it is written, a number ends in its last four digits
    out, pos = [], 0
    try:
        for match in phonenumbers.PhoneNumberMatcher(text, "US"):
            number = phonenumbers.format_number(match.number,
                                                phonenumbers.PhoneNumberFormat.E164)
            if number == e164:
                out += [text[pos:match.start], WITHHELD]
                pos = match.end
    except Exception:  # third-party code on hostile text: keep what was done
        pass
    return "".join([*out, text[pos:]])


def _without_street_lines(text: str, street: str) -> str:
    """A street line of the complainant's (and the city line under it) written apart."""
    lines = text.split("\n")
    out: list[str] = []
    skipping = False
    for line in lines:
        if street and street_key(line) == street:
            out.append(WITHHELD)
            skipping = True
            continue
        if skipping and line.strip() and is_city_line(line.strip()):
            continue
        skipping = False
        out.append(line)
    return "\n".join(out)
