"""Read labelled complaint forms: `Complainant Name: ...`, `Statement of Facts:` + text.

Complaints arrive as the city's form pasted into mail, as a fillable PDF whose fields
carry the values, or as free letters. A label says what its value is, which is more
reliable than any guess from free text, so labelled values win wherever they exist.
Fillable-PDF fields are rendered as `Label: value` lines and read by the same code.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from mail.parsing.prose import line_numbers


class Field(StrEnum):
    RESPONDENT = "respondent"
    REASONS = "reasons"
    SECTIONS = "sections"
    FACTS = "facts"
    SIGNATURE = "signature"
    EMAIL = "email"
    PHONE = "phone"
    ADDRESS = "address"
    NAME = "name"
    DATE = "date"


# Checked in this order: "Why the facts violate those sections" is reasons, not facts;
# "Name of official" is the respondent. The complainant's own contact fields must be
# plain ("Mailing Address", "Daytime Phone"): "Business name" or "Property address" are
# not the complainant's name or the address where mail reaches them.
_WHOSE = r"(?:(?:complainant|submitter|your|my|contact|full|printed|first and last)(?:'?s)? )*"
_KEYWORDS: tuple[tuple[Field, str], ...] = (
    (Field.RESPONDENT, r"official|respondent|complained against|accused|employee"),
    (Field.REASONS, r"\bwhy\b|reason|grounds|how .* violat"),
    (Field.SECTIONS, r"section|provision|\brmc\b|code"),
    (Field.FACTS, r"fact|statement|describe|description|what happened|allegation|complaint"),
    (Field.SIGNATURE, r"signature|signed|sign here"),
    (Field.EMAIL, rf"^{_WHOSE}e-?mail(?: address)?$"),
    (Field.PHONE, rf"^{_WHOSE}(?:(?:daytime|evening|home|cell|mobile|work) )*"
                  r"(?:phone|telephone|tel|cell|mobile)(?: (?:number|no\.?|#))?$"),
    (Field.ADDRESS, rf"^{_WHOSE}(?:(?:mailing|home|street|residential|postal) )*address$"),
    (Field.NAME, rf"^{_WHOSE}name$|^name of (?:complainant|submitter|person filing)$"),
    (Field.DATE, r"^date"),
)
_LABEL_LINE = re.compile(r"^\s*(?P<label>[A-Za-z][A-Za-z ()/'’&-]{0,48}?)\s*:[ \t]*(?P<value>.*)$")
_LONG = frozenset({Field.FACTS, Field.REASONS})  # values that run over several lines
_CONTACT = frozenset({Field.NAME, Field.EMAIL, Field.PHONE, Field.ADDRESS, Field.SIGNATURE})


def field_of(label: str) -> Field | None:
    """What a form label asks for, or None for a label that is not a complaint field."""
    low = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", label)  # "ComplainantName"
    low = re.sub(r"\(.*?\)|[\d_]+|\s+", " ", low).lower()  # "(where mail ...)", "Name1"
    low = re.sub(r"^(?:txt|fld|field|text) ", "", " ".join(low.split()))
    if re.fullmatch(r"(?:zip|postal)(?: code)?|city|state", low):
        return None  # a part of an address, not a field of its own ("code" is no section)
    for kind, pattern in _KEYWORDS:
        if re.search(pattern, low):
            return kind
    return None


@dataclass
class Labelled:
    """Values found under labels, first one of each kind wins; all texts of long fields."""

    values: dict[Field, str] = field(default_factory=dict)
    present: set[Field] = field(default_factory=set)  # labelled, even if left blank

    def get(self, kind: Field) -> str:
        return self.values.get(kind, "")

    @property
    def is_form(self) -> bool:
        """Three or more complaint fields labelled: a form, whose blank fields are absent."""
        return len(self.present & (_LONG | _CONTACT | {Field.SECTIONS})) >= 3

    def add(self, kind: Field, value: str) -> None:
        self.present.add(kind)
        value = value.strip()
        if not value:
            return
        if kind in _LONG and kind in self.values:
            self.values[kind] += "\n\n" + value
        else:
            self.values.setdefault(kind, value)


def read_labels(text: str, into: Labelled) -> None:
    """Add the labelled values of one text; a long field runs until the next label (an
    address until its block ends). Only a line with a colon can be a label's, so those
    are found by one search over the text, not by a test of every line."""
    lines = text.split("\n")
    found = [(i, hit) for i in dict.fromkeys(line_numbers(text, _COLON))
             if (hit := _label(lines[i])) is not None]
    for n, (i, (kind, value)) in enumerate(found):
        if kind in _LONG or (kind == Field.ADDRESS and not value.strip()):
            stop = found[n + 1][0] if n + 1 < len(found) else len(lines)
            if kind == Field.ADDRESS:  # an address is one block
                stop = next((j for j in range(i + 1, stop) if not lines[j].strip()), stop)
            value = "\n".join([value, *lines[i + 1:stop]]).strip()
            if kind == Field.ADDRESS:
                value = ", ".join(x.strip() for x in value.split("\n") if x.strip())
        into.add(kind, value)


_COLON = re.compile(":")


def _label(line: str) -> tuple[Field, str] | None:
    """(field, inline value) of a `Label: value` line whose label is a complaint field."""
    m = _LABEL_LINE.match(line)
    kind = field_of(m["label"]) if m and len(m["label"].split()) <= 7 else None
    return (kind, m["value"]) if m and kind else None


def form_fields_text(fields: Mapping[str, str]) -> str:
    """Fillable-PDF fields as `Label: value` lines, long values on their own lines."""
    lines = []
    for name, value in fields.items():
        value = str(value).replace("\r", "\n").strip()
        lines.append(f"{name}:\n{value}" if field_of(name) in _LONG else f"{name}: {value}")
    return "\n".join(lines)
