"""Recognise phone numbers, postal addresses and email addresses, and read them only where
they are the complainant's own.

§1 asks for "the submitter's ... address at which mail may be personally delivered ... and
the telephone number at which the submitter may be contacted". Complaints also name the
official's property and quote office numbers, so position decides whose a number is: a
labelled field, the block of lines under the complainant's name, or a first-person
sentence ("You can reach me at ..."). Numbers elsewhere in the facts are not read.
A letterhead often runs its parts into one line ("12 Elm St, Riverton, WA 99301 · (509)
555-0100 · a@example.net"): the separators letterheads use split it into the lines it
stands for, so a block reads the same whichever way it was typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import phonenumbers

from mail.parsing.prose import sentences

_STREET = re.compile(
    r"^\s*(?:\d{1,6}[A-Za-z]?(?:-\d{1,4})?\s+(?:[NSEW]\.?\s+)?[A-Za-z]|P\.?\s*O\.?\s*Box\s+\d)",
    re.I,
)
_UNIT = re.compile(r"^\s*(?:apt\.?|apartment|unit|suite|ste\.?|#)\s*\w+", re.I)
_CITY = re.compile(
    r"^\s*[^\W\d_](?:[^\W\d_]|[ .'’-]){1,40}?,?\s+(?:[A-Z]{2}|[A-Z][a-z]+(?: [A-Z][a-z]+)?)\.?"
    r"\s+\d{5}(?:-\d{4})?\s*$"
)
_INLINE_ADDRESS = re.compile(
    r"(?:\b\d{1,6}[A-Za-z]?|\bP\.?\s*O\.?\s*Box\s+\d+)\s+[^,\n]{2,60}?,\s*(?:[^,\n]{2,40},\s*){0,2}?"
    r"(?:[A-Z]{2}|[A-Z][a-z]+)\.?\s+\d{5}(?:-\d{4})?\b"
)
_EMAIL = re.compile(r"[\w.+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_CUE = re.compile(
    r"\b(?:reach(?:ed)? me|contact me|call me|text me|phone me|can be reached|write to me|"
    r"my (?:cell|phone|telephone|mobile|number|home|address|mailing address)|"
    r"I (?:live|reside) at|by mail at|mail (?:it |me |letters )?(?:to|at)|"
    r"send (?:mail|letters) to)\b",
    re.I,
)


# what letterheads put between the parts of one line: a middle dot, a bullet, a bar, a
# spaced dash (never a comma: it is part of an address)
_SEPARATOR = re.compile(r"\s+[·•|–—]\s+|\s[·•|]|[·•|]\s")


@dataclass(frozen=True)
class Contact:
    """What one place in the complaint says about how to reach the complainant."""

    address: str | None = None
    phone: str | None = None  # E.164
    email: str | None = None

    def or_else(self, other: Contact) -> Contact:
        """Fields of self, filled in from other where self has none."""
        return replace(self, address=self.address or other.address,
                       phone=self.phone or other.phone, email=self.email or other.email)


def phones_in(text: str) -> list[str]:
    """E.164 numbers in text (US numbering by default), in order."""
    found = []
    try:
        for match in phonenumbers.PhoneNumberMatcher(text, "US"):
            e164 = phonenumbers.format_number(match.number, phonenumbers.PhoneNumberFormat.E164)
            if e164 not in found:
                found.append(e164)
    except Exception:  # the matcher is third-party code running on hostile text
        return found
    return found


def normalise_phone(text: str) -> str | None:
    """E.164 of the first telephone number in text, or None."""
    found = phones_in(text)
    return found[0] if found else None


def emails_in(text: str) -> list[str]:
    return [e.lower().rstrip(".") for e in _EMAIL.findall(text)]


def inline_addresses(text: str) -> list[str]:
    """Full postal addresses (street, city, state and ZIP) written on one line."""
    return [re.sub(r"\s+", " ", m.group(0)).strip() for m in _INLINE_ADDRESS.finditer(text)]


def street_key(address: str) -> str:
    """An address's first line, compared loosely ("12 Elm St." is "12 elm st")."""
    first = re.split(r"[,\n]", address.strip(), maxsplit=1)[0]
    return " ".join(re.sub(r"[^\w\s]", " ", first).lower().split())


def is_city_line(line: str) -> bool:
    """`Riverton, WA 99301`: the line that ends an address."""
    return bool(_CITY.match(line))


def pieces(line: str) -> list[str]:
    """The parts of a letterhead line written as one ("street · city · phone"), each
    as its own line; a plain line is one piece."""
    return [p for p in (x.strip() for x in _SEPARATOR.split(line)) if p]


def is_contact_line(line: str) -> bool:
    """A line of a signature block: street, unit, city line, phone or email (or
    several of them on one line, between separators)."""
    return any(_is_contact_piece(piece) for piece in pieces(line))


def _is_contact_piece(line: str) -> bool:
    return bool(_STREET.match(line) or _UNIT.match(line) or _CITY.match(line)
                or _EMAIL.search(line) or phones_in(line))


# the words a street line ends with (USPS Publication 28's common suffixes, English and
# Spanish), so that a line beginning with a number ("12 trucks idled outside City Hall")
# is a street only when it reads as one or an address's next line follows it
_SUFFIX = re.compile(
    r"\b(?:st|street|ave?|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|ct|court|pl|"
    r"place|hwy|highway|pkwy|parkway|ter|terrace|cir|circle|loop|trl|trail|sq|square|"
    r"aly|alley|row|walk|pike|calle|avenida|camino|box\s+\d+)\.?(?:\s+(?:[NSEW]|NE|NW|SE|"
    r"SW)\.?)?\s*$", re.I)
_MOST_WORDS = 8  # "1234 North Martin Luther King Jr. Way NE": a street is a short line


def _street(line: str, following: str) -> bool:
    """`line` starts an address: it reads as a street (a number, a name, a suffix, few
    words), or a unit or city line follows it."""
    if not _STREET.match(line) or len(line.split()) > _MOST_WORDS:
        return False
    return bool(_SUFFIX.search(line) or _UNIT.match(following) or _CITY.match(following)
                or inline_addresses(line))


def address_from_lines(lines: list[str]) -> str | None:
    """An address written over lines (street, unit, city line) joined with ", "."""
    parts: list[str] = []
    for i, raw in enumerate(lines):
        line = raw.strip().rstrip(",")
        following = lines[i + 1].strip() if i + 1 < len(lines) else ""
        is_address = (_street(line, following) if not parts
                      else _STREET.match(line) or _UNIT.match(line) or _CITY.match(line))
        if is_address and not (phones_in(line) and not _CITY.search(line)):
            parts.append(line)
            if _CITY.search(line) or inline_addresses(line):
                break
        elif parts:
            break
    return ", ".join(parts) if parts else None


def block_contact(lines: list[str]) -> Contact:
    """Address, phone and email in the lines of one signature or letterhead block."""
    lines = [piece for line in lines for piece in pieces(line)]
    phones = [p for line in lines if not _STREET.match(line.strip()) for p in phones_in(line)]
    emails = [e for line in lines for e in emails_in(line)]
    return Contact(address_from_lines(lines), phones[0] if phones else None,
                   emails[0] if emails else None)


def sentence_contact(text: str) -> Contact:
    """Phone and address given in a first-person sentence ("You can reach me at ...")."""
    found = Contact()
    for sentence in sentences(text):
        if not _CUE.search(sentence):
            continue
        addresses = inline_addresses(sentence)
        phones = phones_in(sentence)
        emails = emails_in(sentence)
        found = found.or_else(Contact(addresses[0] if addresses else None,
                                      phones[0] if phones else None,
                                      emails[0] if emails else None))
    return found
